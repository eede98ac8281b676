import ConformCore
import VAST

/// InLine must carry Creatives with at least one Creative.
struct InLineCreativesRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-inline-creatives",
        name: "InLine Creatives",
        summary: "every <InLine> must contain <Creatives> with at least one <Creative>",
        rationale: "An InLine ad is the end of the chain and must carry what is played: Creatives is required once for InLine and holds one or more Creative elements. Without them the player has nothing to show (error 303 or 400).",
        fix: "Add <Creatives><Creative>…</Creative></Creatives> with the Linear, NonLinear or Companion creative.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.6", quote: "Bounded | 1 for InLine 0-1 for Wrapper"),
            SpecReference(document: .vast43, section: "3.7", quote: "Bounded | 1+"),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<Linear/>"),
        ],
        invalidExamples: [
            RuleExample("<VAST version=\"4.2\"><Ad id=\"1\">↓<InLine><AdTitle>t</AdTitle></InLine></Ad></VAST>"),
            RuleExample("<VAST version=\"4.2\"><Ad id=\"2\">↓<InLine><Creatives/></InLine></Ad></VAST>"),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let inLine = ad.inLine, inLine.creatives.isEmpty else { continue }
            let what = inLine.hasCreativesElement ? "an empty <Creatives>" : "no <Creatives>"
            context.report("<InLine> has \(what); it needs at least one <Creative>", at: inLine.position, path: inLine.path)
        }
    }
}
