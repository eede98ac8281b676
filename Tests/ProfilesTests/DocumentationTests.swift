import ConformCore
import Foundation
import Testing
@testable import Profiles

/// Docs/Profiles.md documents every profile, rule, option, timeline event and JSON field.
@Suite struct DocumentationTests {
    static func document() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("Docs/Profiles.md"), encoding: .utf8)
    }

    @Test func everythingIsDocumented() throws {
        let text = try Self.document()
        for rule in ProfileRules.all {
            #expect(text.contains("| `\(rule.id)` | \(rule.severity.rawValue) |"), "Docs/Profiles.md lacks \(rule.id) with severity \(rule.severity.rawValue)")
        }
        for name in ProfileName.allCases { #expect(text.contains("### \(name.rawValue)"), "no section for \(name)") }
        for key in ProfileOptions.keys.map(\.key) { #expect(text.contains("| `\(key)` |"), "option \(key) undocumented") }
        for kind in PauseTimelineEvent.Kind.allCases { #expect(text.contains("`\(kind.rawValue)`"), "event \(kind.rawValue) undocumented") }
        for event in PauseProfile.pixelEvents + CTVUnitProfile.pixelEvents { #expect(text.contains("`\(event)`"), "pixel event \(event) undocumented") }
        for cause in CTVUnitCause.allCases { #expect(text.contains("`\(cause.rawValue)`"), "CTV cause \(cause.rawValue) undocumented") }
    }

    /// Every key the JSON of a report can hold appears in the document.
    @Test func jsonFieldsAreDocumented() throws {
        let text = try Self.document()
        var options = ProfileOptions()
        for setting in ["boundaries=30", "lead-time-ms=500", "duration=600"] { options = try options.applying(setting) }
        let companionTag = CompanionProfileTests.tag(parameters: "ad_type=webview,campaign=c,Image_url=https://p.example/", companions: ["320x50"])
        let inputs: [(ProfileName, String)] = [
            (.pause, PauseFixtures.inLine), (.companion, companionTag), (.ssai, SSAIProfileTests.pod),
            (.schedule, ScheduleTests.vmap([ScheduleTests.adBreak("start", "pre"), ScheduleTests.adBreak("00:20:00", "late")])),
            (.overlay, CTVUnitProfileTests.overlay44),
        ]
        var keys: Set<String> = []
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                for (key, inner) in object {
                    if !key.contains("/") && !key.contains(":") && key.first?.isLetter == true { keys.insert(key) }
                    collect(inner)
                }
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        for (name, xml) in inputs {
            let report = Profiles.evaluate(name, input: decode(xml), options: options)
            let data = try JSONEncoder().encode(report)
            collect(try JSONSerialization.jsonObject(with: data))
        }
        #expect(keys.isSuperset(of: ["firesAt", "notScheduled", "appResponsibilities", "resourceURI", "imageURL", "pixels"]))
        // Keys that belong to shared types documented elsewhere (diagnostics, spec references, takeover fields).
        let shared: Set<String> = ["ruleID", "severity", "message", "file", "details", "spec", "document", "quote", "section",
                                   "ad_type", "campaign", "Image_url", "line", "column"]
        for key in keys.subtracting(shared).sorted() {
            #expect(text.contains("\"\(key)\""), "JSON key \(key) is not in Docs/Profiles.md")
        }
    }
}
