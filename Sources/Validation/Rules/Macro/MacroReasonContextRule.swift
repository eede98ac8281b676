import ConformCore
import VAST

/// [REASON] outside verificationNotExecuted.
struct MacroReasonContextRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-macro-reason-context",
        name: "[REASON] outside verificationNotExecuted",
        summary: "[REASON] is used in a URL other than a verificationNotExecuted tracking URL",
        rationale: "[REASON] carries the code of a verification failure (1 rejected, 2 not supported, 3 load error) and is defined only for verificationNotExecuted tracking URIs (VAST 4.3 §3.17.4); elsewhere nothing fills it.",
        fix: "Use [REASON] only in <Verification><TrackingEvents><Tracking event=\"verificationNotExecuted\">.",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.17.4", quote: "The following macros should be supported specifically in URIs for this event type ... [REASON]"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"v.example-omid\"><TrackingEvents><Tracking event=\"verificationNotExecuted\"><![CDATA[https://v.example/x?r=[REASON]]]></Tracking></TrackingEvents></Verification></AdVerifications>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Error><![CDATA[https://e.example/e?r=[REASON]]]></Error>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        var allowed: Set<String>?
        let tokens = context.macroTokens
        for index in tokens.indices where tokens[index].upper.isSameName("REASON") {
            let token = tokens[index]
            let node = context.urls[token.url].node, macro = token.macro
            if allowed == nil {
                allowed = Set(context.trackingEvents.filter { $0.event.event?.isSameName("verificationNotExecuted") == true }.map { $0.event.url.path })
            }
            guard allowed?.contains(node.path) == false else { continue }
            context.report("\(MacroFacts.spelled(macro)) in <\(node.elementName)> is only filled in verificationNotExecuted tracking URLs", at: node)
        }
    }
}
