import ConformCore
import VAST

/// Pod sequence values are integers greater than zero.
struct AdSequencePositiveRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-ad-sequence-positive",
        name: "Pod sequence positive",
        summary: "an <Ad> sequence must be an integer greater than zero",
        rationale: "The spec defines sequence as an integer greater than zero; a zero or negative value cannot place the ad in the pod, and players treat the ad as invalid or as a stand-alone ad. A value that is not a whole number is reported by the decoder's integer check. xs:integer takes zero and negative numbers, so the XSDs accept them; the rule follows the text, which defines sequence as an integer greater than zero.",
        fix: "Use 1 for the first ad of the pod, 2 for the second, and so on.",
        severity: .error,
        versions: VASTVersion.v3_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.3.2", quote: "sequence | A integer greater than zero (0) that identifies the sequence in which an ad should play"),
        ],
        validExamples: [
            SketchTag.vast("4.2", "<Ad id=\"a\" sequence=\"1\"><InLine/></Ad>"),
        ],
        invalidExamples: [
            SketchTag.vast("4.2", "↓<Ad id=\"a\" sequence=\"0\"><InLine/></Ad>"),
        ],
        schemaBasis: SchemaBasis(element: "Ad", items: ["sequence"], [
            .init(VASTVersion.v3_0...VASTVersion.v4_4, "Ad@sequence type=\"xs:integer\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let sequence = ad.sequence?.value, sequence <= 0 else { continue }
            context.report("<Ad> sequence is \(sequence); it must be 1 or more", at: ad.position, path: ad.path)
        }
    }
}
