import ConformCore
import VAST

/// A Wrapper's <VideoClicks> should not carry a <ClickThrough> before VAST 4.2.
struct WrapperClickThroughRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-wrapper-clickthrough",
        name: "ClickThrough in a Wrapper before VAST 4.2",
        summary: "a Wrapper's <VideoClicks> should not carry a <ClickThrough> before VAST 4.2",
        rationale: "Until VAST 4.1 a Wrapper's VideoClicks allowed only click tracking; VAST 4.2 added ClickThrough to Wrappers for ad-cloud asset management. Decision, per version: a warning for 2.0 to 4.1 documents, nothing from 4.2. Older players ignore a wrapper ClickThrough, or (vast-client-js) use it only when the InLine has none, so the landing page may not be the one ad-ops expect.",
        fix: "Put the ClickThrough in the InLine ad, or declare VAST 4.2 if the chain's players support it.",
        severity: .warning,
        versions: VASTVersion.v2_0...VASTVersion.v4_1,
        elements: ["Wrapper"],
        specReferences: [
            SpecReference(document: .vast43, section: "VAST 4.2 Updates", quote: "Allow ClickThrough element to be specified in a wrapper to better enable the use case defined in 2.3.5"),
            SpecReference(document: .vast43, section: "3.10.1", quote: "The clickthrough is available in the InLine and Wrapper formats"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper><Creatives><Creative><Linear><VideoClicks><ClickThrough>https://c.example</ClickThrough></VideoClicks></Linear></Creative></Creatives></Wrapper></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.1"><Ad><Wrapper><Creatives><Creative><Linear><VideoClicks><ClickTracking>https://t.example</ClickTracking></VideoClicks></Linear></Creative></Creatives></Wrapper></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.1"><Ad><Wrapper><Creatives><Creative><Linear><VideoClicks>↓<ClickThrough>https://c.example</ClickThrough></VideoClicks></Linear></Creative></Creatives></Wrapper></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "VideoClicks", items: ["ClickThrough"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_1, "the Wrapper Linear's VideoClicks has ClickTracking only (and CustomClick from 3.0)", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .wrapper {
            guard let clickThrough = creative.linear?.videoClicks?.clickThrough else { continue }
            context.report("<ClickThrough> in a Wrapper is only defined from VAST 4.2; this document declares \(context.version.rawValue)", at: clickThrough)
        }
    }
}
