import ConformTestSupport
import Foundation
import Testing

/// `conform check` and `conform run` check a tag through one library call: every document of the shipped
/// corpus gets the same findings from both, its schema and profile pins included.
@Suite struct CheckRunParityTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus")

    /// A finding as one comparable string: its JSON with sorted keys.
    static func canonical(_ finding: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: finding, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Runs `check --format json` over `files` (relative to the corpus) in groups; each file's findings, by file.
    static func check(_ files: [String], arguments: [String], profilesOnly: Bool) throws -> [String: [String]] {
        var found: [String: [String]] = [:]
        for start in stride(from: 0, to: files.count, by: 200) {
            let group = Array(files[start ..< min(start + 200, files.count)])
            let output = try ConformBinary.run(["check", "--no-config", "--format", "json"] + arguments + group, directory: corpus)
            #expect(output.status == 0 || output.status == 1, "\(arguments) \(output.stderr)")
            let reports = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
            #expect(reports.count == group.count)
            for report in reports {
                let file = try #require(report["file"] as? String)
                var findings = profilesOnly ? [] : report["diagnostics"] as? [Any] ?? []
                for profile in report["profiles"] as? [[String: Any]] ?? [] { findings += profile["diagnostics"] as? [Any] ?? [] }
                found[file, default: []] += try findings.map(canonical)
            }
        }
        return found
    }

    @Test func theShippedCorpusGetsTheSameFindingsFromCheckAndRun() throws {
        let output = try ConformBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try ConformBinary.run(["run", Self.corpus.path, "--no-config", "--quiet", "--skip-kind", "chain", "--skip-kind", "params",
                                         "--skip-kind", "meta", "-o", output.path])
        #expect(run.status == 0, "\(run.stderr)")
        let results = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("results.json")))
        let cases = try #require((results as? [String: Any])?["cases"] as? [[String: Any]])
        var byRun: [String: [String]] = [:]
        for result in cases {
            let file = try #require(result["file"] as? String)
            byRun[file] = try (result["diagnostics"] as? [Any] ?? []).map(Self.canonical)
        }
        try #require(byRun.count > 2000, "the shipped corpus is next to the tests")

        // Each document with the schema and the profiles its expectation names, as check's options name them.
        var plain: [[String]: [String]] = [:]
        var profiled: [[String]: [String]] = [:]
        for file in byRun.keys.sorted() {
            let base = (file as NSString).deletingPathExtension
            let expectation = (try? Data(contentsOf: Self.corpus.appendingPathComponent(base + ".expect.json")))
                .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
            let schema = (expectation["schema"] as? String).map { ["--xsd", ((file as NSString).deletingLastPathComponent as NSString).appendingPathComponent($0)] }
            plain[schema ?? [], default: []].append(file)
            for (name, pin) in expectation["profiles"] as? [String: Any] ?? [:] {
                let options = (pin as? [String: Any])?["options"] as? [String] ?? []
                profiled[["--profile", name] + options.flatMap { ["--profile-option", $0] }, default: []].append(file)
            }
        }
        #expect(plain.count > 1, "some case names a schema")
        #expect(profiled.values.joined().count > 50, "cases pin profiles")
        var byCheck: [String: [String]] = [:]
        for (arguments, files) in plain { byCheck.merge(try Self.check(files, arguments: arguments, profilesOnly: false)) { $0 + $1 } }
        for (arguments, files) in profiled { byCheck.merge(try Self.check(files, arguments: arguments, profilesOnly: true)) { $0 + $1 } }

        #expect(Set(byCheck.keys) == Set(byRun.keys))
        var differing: [String] = []
        for (file, findings) in byRun where findings.sorted() != (byCheck[file] ?? []).sorted() { differing.append(file) }
        #expect(differing.isEmpty, "findings differ between check and run for \(differing.sorted().prefix(10))")
        #expect(byRun.values.joined().count > 1000, "the comparison covers real findings")
    }
}
