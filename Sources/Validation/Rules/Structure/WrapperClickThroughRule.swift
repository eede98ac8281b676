import ConformCore
import VAST

/// ClickThrough in a Wrapper under VAST 4.0 and 4.1.
struct WrapperClickThroughRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-wrapper-clickthrough",
        name: "Wrapper ClickThrough in 4.0/4.1",
        summary: "a Wrapper <Linear> has a <ClickThrough>, which VAST 4.0 and 4.1 do not allow",
        rationale: "VAST 3.0 allowed a ClickThrough in Wrapper VideoClicks, the 4.0 and 4.1 schemas dropped it, and VAST 4.2 allowed it again (for assets managed in an ad cloud, §2.3.5). The 4.2 schema itself still gives Wrapper VideoClicks no ClickThrough. Decision: follow the 4.2 text, so it is reported only for 4.0 and 4.1 documents, as a warning, because players of those versions ignore it rather than reject the ad; the InLine's ClickThrough is used.",
        fix: "Move the click-through to the InLine, keep only <ClickTracking> in the Wrapper, or declare VAST 4.2.",
        severity: .warning,
        versions: VASTVersion.v4_0...VASTVersion.v4_1,
        specReferences: [
            SpecReference(document: .vast43, section: "VAST 4.2 Updates", quote: "Allow ClickThrough element to be specified in a wrapper"),
        ],
        validExamples: [
            SketchTag.wrapper("4.2", "<Creatives><Creative><Linear><VideoClicks><ClickThrough><![CDATA[https://adv.example/]]></ClickThrough></VideoClicks></Linear></Creative></Creatives>"),
        ],
        invalidExamples: [
            SketchTag.wrapper("4.1", "<Creatives><Creative><Linear><VideoClicks>↓<ClickThrough><![CDATA[https://adv.example/]]></ClickThrough></VideoClicks></Linear></Creative></Creatives>"),
        ])

    func check(_ context: RuleContext) {
        for (body, creative) in context.creatives where body.kind == .wrapper {
            guard let clickThrough = creative.linear?.videoClicks?.clickThrough else { continue }
            context.report("<ClickThrough> in a Wrapper is not allowed in VAST \(context.version.rawValue) (allowed again from 4.2)", at: clickThrough)
        }
    }
}
