import ConformCore
import Conformance
import Foundation
import Testing
import XMLCore
@testable import Reports

@Suite("Report formats")
struct FormatTests {
    @Test func parseList() throws {
        #expect(try ReportFormat.parseList("html,markdown,json") == [.html, .markdown, .json])
        #expect(try ReportFormat.parseList(" SARIF , junit,sarif,,md ") == [.sarif, .junit, .markdown])
        #expect(throws: ReportError.unknownFormat("pdf", in: .run)) { try ReportFormat.parseList("html,pdf") }
        #expect(throws: ReportError.emptyFormatList) { try ReportFormat.parseList(" , ") }
        #expect(ReportError.unknownFormat("pdf", in: .run).description == "unknown report format 'pdf' (values: html, markdown, json, junit, sarif)")
    }

    /// One format type names every format of every command: a format has a renderer in a scope exactly when the
    /// scope lists it, the run's formats are its report files, and a name outside a scope is an error listing
    /// that scope's formats.
    @Test func everyFormatHasItsRendererInEachScopeThatListsIt() throws {
        #expect(ReportFormat.formats(in: .run) == [.html, .markdown, .json, .junit, .sarif])
        #expect(ReportFormat.formats(in: .findings) == [.text, .json, .sarif, .github, .junit, .markdown, .codequality, .html])
        #expect(Set(ReportFormat.formats(in: .run) + ReportFormat.formats(in: .findings)) == Set(ReportFormat.allCases))
        for scope in [ReportFormat.Scope.run, .findings] {
            for format in ReportFormat.allCases {
                let listed = ReportFormat.formats(in: scope).contains(format)
                #expect((format.renderer(in: scope) != nil) == listed, "\(format) in \(scope)")
                if listed {
                    #expect(try ReportFormat(name: format.rawValue, in: scope) == format)
                } else {
                    #expect(throws: ReportError.unknownFormat(format.rawValue, in: scope)) { try ReportFormat(name: format.rawValue, in: scope) }
                }
            }
        }
        for format in ReportFormat.allCases {
            let isReport: Bool
            if case .report = format.renderer(in: .run) { isReport = true } else { isReport = false }
            #expect(isReport == (format.fileName != nil) && isReport == (format.summary != nil) && isReport == (format.reporter != nil))
        }
        #expect(throws: ReportError.unknownFormat("github", in: .run)) { try ReportFormat.parseList("html,github") }
        #expect(throws: ReportError.unknownFormat("JSON", in: .findings)) { try ReportFormat(name: "JSON", in: .findings) }
        #expect(ReportError.unknownFormat("pdf", in: .findings).description
                == "unknown format 'pdf' (values: text, json, sarif, github, junit, markdown, codequality, html)")
    }

    @Test func fileNames() throws {
        #expect(ReportFormat.formats(in: .run).compactMap(\.fileName) == ["report.html", "report.md", "results.json", "junit.xml", "results.sarif"])
        #expect(ReportFormat.defaults == [.html, .markdown, .json])
        for format in ReportFormat.formats(in: .run) { #expect(type(of: try #require(format.reporter)).format == format) }
    }

    @Test func escaping() {
        #expect(Escape.html("a<b>&\"'\u{1}\u{85}é") == "a&lt;b&gt;&amp;&quot;&#39;é")
        #expect(Escape.markdown("a|b<c>&d_e*\n") == "a\\|b&lt;c&gt;&amp;d\\_e\\* ")
        #expect(Escape.xml("a\u{1}b\u{FFFE}c<&>\u{7}") == "abc&lt;&amp;&gt;")
        #expect(Escape.xml("x\"y'\nz", attribute: true) == "x&quot;y&apos;&#10;z")
        #expect(Escape.annotationProperty("a:b,c%d\ne") == "a%3Ab%2Cc%25d%0Ae")
        #expect(Escape.annotationData("50% done\r\nnext") == "50%25 done%0D%0Anext")
        #expect(Escape.scriptJSON("{\"a\":\"</script><!--&\"}") == "{\"a\":\"\\u003c/script\\u003e\\u003c!--\\u0026\"}")
        #expect(Escape.markdownCodeBlock("a ``` b") == "````\na ``` b\n````")
        #expect("a\r\nb\rc".replacingLineEndings() == "a\nb\nc")
    }

    @Test func numbers() {
        #expect(Numbers.fixed(1.0005, digits: 3) == "1.001" || Numbers.fixed(1.0005, digits: 3) == "1.000")
        #expect(Numbers.fixed(0.25, digits: 3) == "0.250")
        #expect(Numbers.fixed(12, digits: 0) == "12")
        #expect(Numbers.grouped(1_234_567) == "1,234,567")
        #expect(Numbers.grouped(999) == "999")
        #expect(Numbers.duration(seconds: 125) == "2 min 5 s")
        // A results file read back can hold any number; none stops the report.
        #expect(Numbers.duration(seconds: 1e297) == "1e+297 s")
        #expect(Numbers.fixed(1e300, digits: 3) == "1e+300")
        #expect(Numbers.fixed(-1e300, digits: 1) == "-1e+300")
        #expect(Numbers.duration(seconds: .infinity) == "inf s")
    }

    @Test func matrixColumnsAndCoverage() {
        let model = ReportModel(Fixture.results, rules: Fixture.rules)
        #expect(model.columns.map(\.key) == ["parse", "rules", "tracking", "chain", "parameters", "profile:companion", "profile:pause-ad"])
        #expect(model.suites.map(\.name) == ["chains", "hostile", "params", "vast/required"])
        // Failures first within a folder.
        #expect(model.suites[3].cases.map(\.status) == [.error, .failed, .passed])
        let row7 = model.cases.first { $0.id == "params/cta.tsv#row-7" }!
        #expect(model.outcome(row7, model.columns[6]) == .fail)  // pause-ad is named by the unmet expectation
        #expect(model.outcome(row7, model.columns[5]) == .pass)  // companion is not
        let coverage = Dictionary(uniqueKeysWithValues: model.coverage.map { ($0.id, $0) })
        #expect(coverage["VAST-2.0-inline-adsystem"]?.fired == 0)
        #expect(coverage["VAST-2.0-inline-adsystem"]?.required == 1)
        #expect(coverage["VAST-2.0-inline-adsystem"]?.forbidden == 1)
        #expect(coverage["VAST-2.0-inline-adsystem"]?.gap == "no case fires it")
        #expect(coverage["XML-well-formed"]?.fired == 1)
        #expect(coverage["XML-well-formed"]?.gap == "no case requires it not to fire")
        #expect(coverage["VAST-4.1-adservingid-present"]?.fired == 1)
        #expect(model.totals == RunTotals(cases: 8, passed: 4, failed: 3, errors: 1))
        #expect(!model.passed)  // a new failure against the baseline
    }

    @Test func junitIsWellFormedAndCountsMatch() throws {
        let text = try JUnitReporter().render(Fixture.results, rules: Fixture.rules)
        #expect(!text.unicodeScalars.contains("\u{1}"))
        let document = XMLParser.parse(Data(text.utf8))
        #expect(document.isWellFormed, "\(document.messages)")
        let root = try #require(document.root)
        #expect(root.name == "testsuites")
        #expect(root.attribute("tests") == "8")
        // 3 failed cases, 2 of them failing in the baseline too: those are skipped, not failures.
        #expect(root.attribute("failures") == "1")
        #expect(root.attribute("errors") == "1")
        let suiteSkips = root.children.compactMap { $0.attribute("skipped").flatMap(Int.init) }.reduce(0, +)
        #expect(suiteSkips == 2)
        let suites = root.children.filter { $0.name == "testsuite" }
        #expect(suites.map { $0.attribute("name") } == ["chains", "hostile", "params", "vast/required"])
        let testcases = suites.flatMap { $0.children.filter { $0.name == "testcase" } }
        #expect(testcases.count == 8)
        let failures = testcases.flatMap { $0.children.filter { $0.name == "failure" } }
        #expect(failures.count == 2)  // one per unmet expectation of the new failure
        let errors = testcases.flatMap { $0.children.filter { $0.name == "error" } }
        #expect(errors.count == 1)
        let params = try #require(suites.first { $0.attribute("name") == "params" })
        #expect(params.attribute("failures") == "1")
        #expect(params.attribute("tests") == "2")
        let chains = try #require(suites.first { $0.attribute("name") == "chains" })
        #expect(chains.attribute("failures") == "0" && chains.attribute("skipped") == "1")
        let loop = try #require(testcases.first { $0.attribute("name") == "chains/loop" })
        #expect(loop.children.map(\.name) == ["skipped", "system-out"])
        #expect(loop.children.first?.attribute("message")?.contains("known failure") == true)
        #expect(loop.children.last?.text.contains("VAST error 302 at hop 2") == true)

        // Without a baseline every failing case is a failure.
        var plain = Fixture.results
        plain.info.baseline = nil
        let plainRoot = try #require(XMLParser.parse(Data(try JUnitReporter().render(plain, rules: Fixture.rules).utf8)).root)
        #expect(plainRoot.attribute("failures") == "3")
        #expect(plainRoot.children.allSatisfy { $0.attribute("skipped") == "0" })
        let plainFailures = plainRoot.children.flatMap { $0.children }.flatMap { $0.children.filter { $0.name == "failure" } }
        #expect(plainFailures.count == 4)  // 1 + 1 + 2
    }

    @Test func sarifMarksBaselineState() throws {
        func results(_ run: RunResults) throws -> [[String: Any]] {
            let text = try SARIFReporter().render(run, rules: Fixture.rules)
            let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        }
        let withBaseline = try results(Fixture.results)
        let known = try #require(withBaseline.first { $0["ruleId"] as? String == "VAST-2.0-inline-adsystem" })
        #expect(known["baselineState"] as? String == "unchanged" && known["level"] as? String == "warning")
        let new = try #require(withBaseline.first { $0["ruleId"] as? String == "PARAM-duplicate-key" })
        #expect(new["baselineState"] as? String == "new" && new["level"] as? String == "error")
        #expect(withBaseline.allSatisfy { $0["baselineState"] != nil })
        var plain = Fixture.results
        plain.info.baseline = nil
        let without = try results(plain)
        #expect(without.count == withBaseline.count)
        #expect(without.allSatisfy { $0["baselineState"] == nil && $0["level"] as? String == "error" })
    }

    @Test func sarifIndexesRulesAndLocations() throws {
        let text = try SARIFReporter().render(Fixture.results, rules: Fixture.rules)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(Set(Fixture.rules.map(\.id)).isSubset(of: Set(ids)))
        #expect(ids.contains("conform-case-error") && ids.contains("conform-expectation"))
        let adsystem = try #require(rules.first { $0["id"] as? String == "VAST-2.0-inline-adsystem" })
        #expect((adsystem["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
        #expect(adsystem["helpUri"] as? String == "https://iabtechlab.com/standards/vast/")
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 5)  // 4 unmet expectations + 1 error case
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let region = try #require(location["region"] as? [String: Any], "code scanning needs a region on every result")
            #expect((region["startLine"] as? Int ?? 0) >= 1)
            #expect((region["startColumn"] as? Int ?? 1) >= 1)
        }
        let missing = try #require(results.first { $0["ruleId"] as? String == "VAST-2.0-inline-adsystem" })
        let physical = try #require((missing["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "Corpus/vast/required/missing-adsystem.xml")
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 4)
        #expect((physical["region"] as? [String: Any])?["startColumn"] as? Int == 5)
        #expect(text.contains("\"uri\" : \"Corpus/hostile/pipe%7Cand%3Cangle%3E&amp.xml\"") == false)  // passed cases give no result
    }

    @Test func sarifPlacesABrokenTableRowAtItsLine() throws {
        var results = Fixture.results
        var row = CaseResult(id: "params/cta.tsv#line-3", suite: "params/cta", kind: .params, status: .error,
                             actualVerdict: "not run", file: "params/cta.tsv", durationMilliseconds: 0,
                             errorMessage: "line 3: expected 5 tab-separated columns, found 4")
        row.errorLine = 3
        results.cases = [row]
        let text = try SARIFReporter().render(results, rules: Fixture.rules)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        let physical = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 3)
        #expect(((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)?.hasSuffix("params/cta.tsv") == true)
    }

    @Test func jsonRoundTripsAndReadsJSONLines() throws {
        let text = try JSONReporter().render(Fixture.results, rules: [])
        #expect(text.contains("\"checks\" : {"))  // keyed by check name, not an alternating array
        let decoded = try ResultsReader.read(Data(text.utf8))
        var sorted = Fixture.results
        sorted.cases.sort { $0.id < $1.id }
        #expect(decoded == sorted)

        let encoder = JSONEncoder()
        var lines = [String(decoding: try encoder.encode(Fixture.results.info), as: UTF8.self)]
        for item in Fixture.results.cases { lines.append(String(decoding: try encoder.encode(item), as: UTF8.self)) }
        let streamed = try ResultsReader.read(Data(lines.joined(separator: "\n").utf8))
        #expect(streamed == Fixture.results)

        var newer = Fixture.results
        newer.info.schemaVersion = RunInfo.schemaVersion + 1
        #expect(throws: ReportError.unsupportedSchemaVersion(found: RunInfo.schemaVersion + 1, supported: RunInfo.schemaVersion)) {
            try ResultsReader.read(try encoder.encode(newer))
        }
        #expect(throws: ReportError.self) { try ResultsReader.read(Data("{\"info\": 3}".utf8)) }
        #expect(throws: ReportError.self) { try ResultsReader.read(Data()) }
    }

    @Test func markdownEscapesAndTruncates() throws {
        let text = try MarkdownReporter().render(Fixture.results, rules: Fixture.rules)
        #expect(text.contains("pipe\\|and&lt;angle&gt;&amp;amp.xml"))
        // Excerpts sit in fenced code blocks, where `<` and `&` are literal.
        #expect(text.contains("    ```xml\n    3 |   <Ad id=\"1\">\n"))
        #expect(!text.unicodeScalars.contains("\u{1}"))
        #expect(text.contains("❌ failed: 1 new failure against the baseline"))

        let small = try MarkdownReporter(maxCharacters: 2_500).render(Fixture.results, rules: Fixture.rules)
        #expect(small.utf8.count <= 2_500)
        #expect(small.contains("This summary stops at 2,500 characters"))
        #expect(small.contains("`report.html`"))

        // At any limit, a cut leaves no heading without content and no table header without a row.
        let full = try MarkdownReporter(maxCharacters: 1_000_000).render(Fixture.results, rules: Fixture.rules).utf8.count
        for limit in stride(from: 600, through: full + 100, by: 23) {
            let cut = try MarkdownReporter(maxCharacters: limit).render(Fixture.results, rules: Fixture.rules)
            let body = cut.components(separatedBy: "\n> [!NOTE]")[0].components(separatedBy: "\n---\nFull report")[0]
            let lines = body.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            for (i, line) in lines.enumerated() {
                let next = i + 1 < lines.count ? lines[i + 1] : nil
                if line.hasPrefix("#") {
                    // Under a heading: text, or a heading of a lower level.
                    let level = line.prefix { $0 == "#" }.count
                    #expect(next.map { $0.prefix { $0 == "#" }.count == 0 || $0.prefix { $0 == "#" }.count > level } == true,
                            "limit \(limit): heading '\(line)' has nothing under it")
                }
                if line.hasPrefix("|---") || line.hasPrefix("|:--") {
                    #expect(next?.hasPrefix("|") == true, "limit \(limit): a table header without a row")
                }
            }
        }

        let large = Fixture.large(count: 10_000)
        let big = try MarkdownReporter().render(large, rules: Fixture.rules)
        #expect(big.utf8.count <= 65_000)
        #expect(big.contains("failing cases are not shown"))
    }

    @Test func htmlIsSelfContainedAndEscaped() throws {
        let text = try HTMLReporter().render(Fixture.results, rules: Fixture.rules)
        #expect(!text.contains("<link"))
        #expect(!text.contains(" src="))
        #expect(!text.contains("@import"))
        #expect(!text.contains("url("))
        // The only `</script>` sequences are the three closing tags: data with `</script>` is escaped.
        #expect(text.components(separatedBy: "</script>").count - 1 == 3)
        #expect(text.contains("hostile/pipe|and&lt;angle&gt;&amp;amp.xml (") == false)  // folder option escapes its name
        #expect(text.contains("<option value=\"hostile\">hostile (1)</option>"))
        #expect(text.contains("\\u003c/script\\u003e"))
    }

    @Test func emptyRun() throws {
        let empty = RunResults(info: RunInfo(conformVersion: "0.1.0", corpus: "Corpus/"), cases: [])
        for format in ReportFormat.formats(in: .run) {
            #expect(try !#require(format.reporter).render(empty, rules: Fixture.rules).isEmpty)
        }
        #expect(try MarkdownReporter().render(empty, rules: []).contains("✅ passed: all 0 cases met their expectations"))
        #expect(XMLParser.parse(Data(try JUnitReporter().render(empty, rules: []).utf8)).isWellFormed)
        #expect(GitHubAnnotations.render(empty) == "::notice title=conform::conform: 0 cases, 0 passed, 0 failed, 0 errors\n")
    }

    /// An interrupted run whose finished cases all met their expectations is not shown as passed.
    @Test func anInterruptedRunIsIncompleteNotPassed() throws {
        let stopped = RunResults(info: RunInfo(conformVersion: "0.1.0", corpus: "Corpus/", interrupted: true), cases: [])
        let markdown = try MarkdownReporter().render(stopped, rules: [])
        #expect(markdown.hasPrefix("## conform — ⚠️ incomplete: the run was interrupted; the 0 cases that finished met their expectations\n"), "\(markdown.prefix(200))")
        let html = try HTMLReporter().render(stopped, rules: [])
        #expect(html.contains("<strong>Incomplete</strong> Of the cases that finished before the run stopped: all 0 cases met their expectations"))
        #expect(!html.contains("<strong>Passed</strong>"))
        let finished = try HTMLReporter().render(RunResults(info: RunInfo(conformVersion: "0.1.0", corpus: "Corpus/"), cases: []), rules: [])
        #expect(finished.contains("<strong>Passed</strong> All 0 cases met their expectations"))
    }

    @Test func htmlPageDataCapsHugeCases() throws {
        let longURL = "https://t.example.com/" + String(repeating: "a", count: 10_000)
        let urls = (0..<300).map { TrackedURL(url: $0 == 0 ? longURL : "https://t.example.com/\($0)", hop: 0) }
        let diagnostics = (0..<250).map { Diagnostic(ruleID: "R", severity: .info, message: "m\($0)") }
        let item = CaseResult(id: "hostile/huge.xml", suite: "hostile", kind: .hostile, status: .passed, actualVerdict: "malformed",
                              diagnostics: diagnostics, tracking: ["impression": urls], file: "hostile/huge.xml")
        let results = RunResults(info: RunInfo(conformVersion: "0.1.0", corpus: "Corpus"), cases: [item])
        let page = PageData(ReportModel(results, rules: []))
        let data = try #require(page.cases.first)
        #expect(data.tracking?.count == PageData.maxRows)
        #expect(data.trackingMore == 100)
        #expect(data.diags?.count == PageData.maxRows)
        #expect(data.diagsMore == 50)
        let first = try #require(data.tracking?.first)
        #expect(first.url.count < 2_100)
        #expect(first.url.hasSuffix("… (8,022 more characters in results.json)"))
        let html = try HTMLReporter().render(results, rules: [])
        #expect(html.utf8.count < 60_000)
    }

    @Test func largeRunStaysSmallAndFast() throws {
        let large = Fixture.large(count: 10_000)
        let clock = ContinuousClock()
        var text = ""
        let elapsed = try clock.measure { text = try HTMLReporter().render(large, rules: Fixture.rules) }
        #expect(text.utf8.count < 12_000_000, "report.html for 10,000 cases is \(text.utf8.count) bytes")
        #expect(elapsed < .seconds(20), "rendering 10,000 cases took \(elapsed)")
        for format in [ReportFormat.junit, .sarif, .json] {
            #expect(try !#require(format.reporter).render(large, rules: Fixture.rules).isEmpty)
        }
    }

    @Test func writerWritesAtomicallyIntoTheFolder() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("conform-reports-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("nested/out")
        let written = try ReportWriter.write(Fixture.results, rules: Fixture.rules, formats: ReportFormat.formats(in: .run) + [.html], to: target)
        #expect(written.map(\.lastPathComponent) == ReportFormat.formats(in: .run).compactMap(\.fileName))
        let listing = try FileManager.default.contentsOfDirectory(atPath: target.path).sorted()
        #expect(listing == ReportFormat.formats(in: .run).compactMap(\.fileName).sorted())  // no temporary files left
        // Writing again replaces the files in place.
        var changed = Fixture.results
        changed.info.conformVersion = "9.9.9"
        try ReportWriter.write(changed, rules: Fixture.rules, formats: [.json], to: target)
        let json = try String(contentsOf: target.appendingPathComponent("results.json"), encoding: .utf8)
        #expect(json.contains("9.9.9"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).count == 5)

        let blocked = directory.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocked)
        #expect(throws: ReportError.self) { try ReportWriter.write(Fixture.results, rules: [], formats: [.json], to: blocked) }
    }

    @Test func annotationsUseBaselineLevels() {
        let text = GitHubAnnotations.render(Fixture.results)
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("::error file=Corpus/params/cta.tsv,line=7,col=13,title=") })
        #expect(lines.contains { $0.hasPrefix("::warning file=Corpus/vast/required/missing-adsystem.xml,line=4,col=5,") })
        #expect(lines.contains { $0.hasPrefix("::warning file=Corpus/chains/loop/a.xml,title=") })
        #expect(lines.last?.hasPrefix("::notice title=conform::conform: 8 cases, 4 passed, 3 failed, 1 error;") == true)
        // Errors (new failures and cases that could not run) come before warnings (known failures).
        let commands = lines.dropLast().map { $0.hasPrefix("::error") ? "error" : "warning" }
        #expect(commands == ["error", "error", "error", "warning", "warning"])

        let limited = GitHubAnnotations.render(Fixture.results, limit: 2).split(separator: "\n")
        #expect(limited.count == 3)
        #expect(limited.allSatisfy { !$0.hasPrefix("::warning") })
        #expect(limited.last?.hasSuffix("; 3 more annotations left out (see report.md or report.html)") == true)
    }
}
