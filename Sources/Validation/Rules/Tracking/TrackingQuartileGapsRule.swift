import ConformCore
import VAST

/// Some quartile events tracked, others missing.
struct TrackingQuartileGapsRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-tracking-quartile-gaps",
        name: "Quartile coverage",
        summary: "an InLine <Linear> tracks some of start, the quartiles and complete but not all",
        rationale: "Completion-rate reports divide each quartile by start; a missing step shows up as a drop to zero in the buyer's report. Progress events at 0%, 25%, 50%, 75% and 100% count as the quartile they stand for, since the spec lets progress replace the quartile events. This is advice from measurement practice rather than a spec requirement, so it is info.",
        fix: "Track all five: start, firstQuartile, midpoint, thirdQuartile, complete.",
        severity: .info,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.14.1", quote: "firstQuartile: The creative played continuously for at least 25% of the total duration at normal speed"),
        ],
        validExamples: [
            SketchTag.creative("4.2", """
                <Linear><TrackingEvents>
                <Tracking event="start"><![CDATA[https://t.example/0]]></Tracking>
                <Tracking event="firstQuartile"><![CDATA[https://t.example/25]]></Tracking>
                <Tracking event="midpoint"><![CDATA[https://t.example/50]]></Tracking>
                <Tracking event="thirdQuartile"><![CDATA[https://t.example/75]]></Tracking>
                <Tracking event="complete"><![CDATA[https://t.example/100]]></Tracking>
                </TrackingEvents></Linear>
                """),
            SketchTag.creative("4.2", """
                <Linear><TrackingEvents>
                <Tracking event="start"><![CDATA[https://t.example/0]]></Tracking>
                <Tracking event="progress" offset="25%"><![CDATA[https://t.example/25]]></Tracking>
                <Tracking event="progress" offset="50%"><![CDATA[https://t.example/50]]></Tracking>
                <Tracking event="progress" offset="75%"><![CDATA[https://t.example/75]]></Tracking>
                <Tracking event="complete"><![CDATA[https://t.example/100]]></Tracking>
                </TrackingEvents></Linear>
                """),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "↓<Linear><TrackingEvents><Tracking event=\"start\"><![CDATA[https://t.example/0]]></Tracking><Tracking event=\"complete\"><![CDATA[https://t.example/100]]></Tracking></TrackingEvents></Linear>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .inLine {
            guard let linear = creative.linear else { continue }
            let measured = TrackingFacts.measuredQuartileMask(linear)
            // Some but not all of the five.
            guard measured != 0, measured != 0b1_1111 else { continue }
            let missing = TrackingFacts.quartiles.indices.filter { measured & (1 << $0) == 0 }.map { TrackingFacts.quartiles[$0] }
            context.report("<Linear> does not track \(missing.joined(separator: ", "))", at: linear.position, path: linear.path)
        }
    }
}
