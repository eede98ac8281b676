import Foundation
import ConformTestSupport
import Testing

/// `conform schema`: the JSON Schema of .conform.json, committed as Docs/conform.schema.json.
@Suite(.enabled(if: CLI.binary != nil, "the conform binary was not found; run 'swift build' first"))
struct SchemaCommandTests {
    static let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Docs/conform.schema.json")

    @Test func theCommittedSchemaIsTheGeneratedOne() throws {
        let result = try CLI.run(["schema"])
        #expect(result.status == 0)
        let committed = try String(contentsOf: Self.committed, encoding: .utf8)
        #expect(result.stdout == committed, "Docs/conform.schema.json is stale: swift run conform schema > Docs/conform.schema.json")
    }

    @Test func theSchemaDescribesTheFileAndEveryRule() throws {
        let result = try CLI.run(["schema"])
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == ["$schema", "version", "rules", "allowedURLSchemes", "maxWrapperDepth", "customMacros",
                                         "inlineDirectives", "overrides"])
        #expect(schema["additionalProperties"] as? Bool == false && schema["required"] as? [String] == ["version"])
        let definitions = try #require(schema["definitions"] as? [String: Any])
        #expect((definitions["setting"] as? [String: Any])?["enum"] as? [String] == ["off", "info", "warning", "error"])
        let ruleIDs = try #require((definitions["rules"] as? [String: Any])?["properties"] as? [String: Any])
        // Every rule the catalogue lists, profile rules included.
        let listed = try CLI.run(["rules", "--format", "json"])
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(Set(ruleIDs.keys) == Set(rules.compactMap { $0["id"] as? String }))
        #expect(ruleIDs.keys.contains { $0.hasPrefix("PROFILE-") } && ruleIDs.keys.contains { $0.hasPrefix("PARAM-") })
        let usage = try CLI.run(["schema", "extra"])
        #expect(usage.status == 64)
    }
}
