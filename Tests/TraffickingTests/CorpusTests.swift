import ConformCore
import Foundation
import Testing

import Trafficking

/// One row of a `Corpus/params/*.tsv` file.
///
/// Columns: `id`, `verdict` (`accepted`|`rejected`), `format` (format id or `-`), `diagnostics`
/// (comma-separated rule ids that must appear, `!ID` for ids that must not, or `-`), `string`.
struct CorpusCase: Sendable, CustomTestStringConvertible {
    var file: String
    var line: Int
    var id: String
    var accepted: Bool
    var format: CreativeFormat?
    var required: [String]
    var forbidden: [String]
    var string: String

    var testDescription: String { "\(file):\(line) \(id)" }
}

enum ParamsCorpus {
    /// `Corpus/params`, found from this file's location in the package.
    static var directory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // TraffickingTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
            .appendingPathComponent("Corpus/params")
    }

    static func files() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".tsv") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// Every case of every file. A row that cannot be read becomes a case that fails with its problem.
    static func cases() -> [CorpusCase] {
        var result: [CorpusCase] = []
        for file in files() {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            for (index, line) in lines.enumerated() {
                if line.isEmpty || line.hasPrefix("#") { continue }
                let columns = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
                let name = file.lastPathComponent
                guard columns.count == 5 else {
                    result.append(CorpusCase(
                        file: name, line: index + 1, id: "unreadable row", accepted: false, format: nil,
                        required: ["<row has \(columns.count) columns, expected 5>"], forbidden: [], string: ""))
                    continue
                }
                let expectations = columns[3] == "-" ? [] : columns[3].split(separator: ",").map(String.init)
                result.append(CorpusCase(
                    file: name, line: index + 1, id: String(columns[0]), accepted: columns[1] == "accepted",
                    format: columns[2] == "-" ? nil : CreativeFormat(rawValue: String(columns[2])),
                    required: expectations.filter { !$0.hasPrefix("!") },
                    forbidden: expectations.filter { $0.hasPrefix("!") }.map { String($0.dropFirst()) },
                    string: String(columns[4])))
            }
        }
        return result
    }
}

@Suite("Parameter corpus")
struct CorpusTests {
    static let cases = ParamsCorpus.cases()

    @Test func corpusIsLargeAndWellFormed() throws {
        #expect(Self.cases.count >= 1000)
        #expect(Set(Self.cases.map(\.id)).count == Self.cases.count, "case ids must be unique")
        let known = Set(TraffickingRules.all.map(\.id))
        for corpusCase in Self.cases {
            for id in corpusCase.required + corpusCase.forbidden {
                #expect(known.contains(id), "\(corpusCase.testDescription) names unknown rule \(id)")
            }
        }
        for file in ParamsCorpus.files() {
            let text = try String(contentsOf: file, encoding: .utf8)
            let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
            let verdicts = rows.map { $0.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false) }
                .compactMap { $0.count == 5 ? $0[1] : nil }
            #expect(verdicts.allSatisfy { $0 == "accepted" || $0 == "rejected" }, "\(file.lastPathComponent) has a bad verdict")
            #expect(text.hasPrefix("#"), "\(file.lastPathComponent) should document its format")
        }
    }

    @Test(arguments: CorpusTests.cases)
    func corpusCase(_ corpusCase: CorpusCase) {
        let analysis = TraffickingAnalyzer.analyze(corpusCase.string)
        let found = Set(analysis.ruleIDs)
        let summary = analysis.diagnostics.map { "\($0.ruleID)@\($0.offset ?? -1)" }.joined(separator: " ")
        #expect(analysis.accepted == corpusCase.accepted, "verdict; diagnostics: \(summary)")
        #expect(analysis.format == corpusCase.format, "format")
        for id in corpusCase.required {
            #expect(found.contains(id), "missing \(id); diagnostics: \(summary)")
        }
        for id in corpusCase.forbidden {
            #expect(!found.contains(id), "unexpected \(id); diagnostics: \(summary)")
        }
        #expect(analysis.diagnostics.allSatisfy { $0.ruleID.hasPrefix("PARAM-") })
    }
}
