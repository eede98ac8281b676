import Foundation
import ConformTestSupport
import Testing

/// `--rule ID=SETTING` on check, params and run, rule patterns, and the configuration reaching every
/// kind of finding (profiles, chains, parameter strings), not only the document rules'.
@Suite(.enabled(if: CLI.binary != nil, "the conform binary was not found; run 'swift build' first"))
struct RuleOptionTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus").path

    @Test func checkTakesRuleSettingsLaterOnesWinning() throws {
        let files = ["tag.xml": CLI.warningTag]
        let byDefault = try CLI.run(["check", "tag.xml"], files: files)
        #expect(byDefault.status == 0)
        #expect(byDefault.stdout.contains("warning: <Impression> uses http://"), "\(byDefault.stdout)")

        let raised = try CLI.run(["check", "--rule", "VAST-2.0-url-http=error", "tag.xml"], files: files)
        #expect(raised.status == 1)
        #expect(raised.stdout.contains("error: <Impression> uses http://"), "\(raised.stdout)")

        // A pattern switches the family off; the exact id after it brings one back at its own setting.
        let pattern = try CLI.run(["check", "--strict", "--rule", "VAST-*-url-*=off", "tag.xml"], files: files)
        #expect(pattern.status == 0, "\(pattern.stdout)")
        #expect(!pattern.stdout.contains("[VAST-2.0-url-"), "\(pattern.stdout)")
        let back = try CLI.run(["check", "--rule", "VAST-*-url-*=off", "--rule=VAST-2.0-url-http=warning", "tag.xml"], files: files)
        #expect(back.stdout.contains("warning: <Impression> uses http://") && !back.stdout.contains("[VAST-2.0-url-cdata]"), "\(back.stdout)")

        // Over the configuration file, and with --no-config over nothing.
        let config = #"{"version": 1, "rules": {"VAST-2.0-url-http": "off"}}"#
        let overFile = try CLI.run(["check", "--config", "c.json", "--rule", "VAST-2.0-url-http=error", "tag.xml"],
                                   files: files.merging(["c.json": config]) { $1 })
        #expect(overFile.status == 1 && overFile.stdout.contains("error: <Impression> uses http://"), "\(overFile.stdout)")
        let fileAlone = try CLI.run(["check", "--config", "c.json", "tag.xml"], files: files.merging(["c.json": config]) { $1 })
        #expect(!fileAlone.stdout.contains("[VAST-2.0-url-http]"))
        let noConfig = try CLI.run(["check", "--no-config", "--rule", "VAST-2.0-url-http=error", "tag.xml"], files: files)
        #expect(noConfig.status == 1)
    }

    @Test func badRuleSettingsAreUsageErrors() throws {
        let files = ["tag.xml": CLI.warningTag]
        let typo = try CLI.run(["check", "--rule", "VAST-2.0-url-htp=off", "tag.xml"], files: files)
        #expect(typo.status == 64 && typo.stderr.contains("--rule VAST-2.0-url-htp names no rule; did you mean VAST-2.0-url-http"),
                "\(typo.stderr)")
        let nothing = try CLI.run(["check", "--rule", "VAST-9.9-*=off", "tag.xml"], files: files)
        #expect(nothing.status == 64 && nothing.stderr.contains("--rule VAST-9.9-* names no rule"), "\(nothing.stderr)")
        let setting = try CLI.run(["check", "--rule", "VAST-2.0-url-http=loud", "tag.xml"], files: files)
        #expect(setting.status == 64 && setting.stderr.contains("unknown setting 'loud' (values: off, info, warning, error)"), "\(setting.stderr)")
        let bare = try CLI.run(["check", "--rule", "VAST-2.0-url-http", "tag.xml"], files: files)
        #expect(bare.status == 64 && bare.stderr.contains("--rule takes ID=SETTING"), "\(bare.stderr)")
        for command in ["params", "run"] {
            let result = try CLI.run([command, "--rule", "NOPE=off", "x"])
            #expect(result.status == 64 && result.stderr.contains("--rule NOPE names no rule"), "\(command): \(result.stderr)")
        }
        let help = try CLI.run(["check", "--help"])
        #expect(help.stdout.contains("--rule <id=setting>"))
    }

    @Test func configurationFilePatternsReachProfileFindings() throws {
        // A Linear-only tag: the pause profile finds no NonLinear.
        let files = ["tag.xml": CLI.warningTag]
        let plain = try CLI.run(["check", "--profile", "pause", "tag.xml"], files: files)
        #expect(plain.stdout.contains("error: the first ad has no <NonLinear> creative"), "\(plain.stdout)")
        #expect(plain.status == 1)
        let config = #"{"version": 1, "rules": {"PROFILE-pause-*": "warning"}}"#
        let softened = try CLI.run(["check", "--profile", "pause", "tag.xml"], files: files.merging([".conform.json": config]) { $1 })
        #expect(softened.stdout.contains("warning: the first ad has no <NonLinear> creative"), "\(softened.stdout)")
        #expect(softened.stdout.contains("profile pause: not eligible"), "the verdict is the profile's own: \(softened.stdout)")
        #expect(softened.status == 0, "\(softened.stdout)")
        let unmatched = try CLI.run(["check", "tag.xml"], files: files.merging([".conform.json": #"{"version": 1, "rules": {"NOTHING-*": "off"}}"#]) { $1 })
        #expect(unmatched.stderr.contains(#"rule pattern "NOTHING-*" in configuration matches no rule"#), "\(unmatched.stderr)")
    }

    @Test func paramsFollowsTheConfigurationAndRuleSettings() throws {
        let string = "ad_type=carousel,foo"
        let plain = try CLI.run(["params", string])
        #expect(plain.status == 1)
        #expect(plain.stdout.contains("error   1:18  PARAM-malformed-segment"), "\(plain.stdout)")
        let demoted = try CLI.run(["params", "--rule", "PARAM-*=warning", string])
        #expect(demoted.status == 0, "\(demoted.stdout)")
        #expect(demoted.stdout.contains("warning 1:18  PARAM-malformed-segment"), "\(demoted.stdout)")
        #expect(demoted.stdout.contains("carousel — rejected"), "the verdict stays what the app would do: \(demoted.stdout)")
        let config = #"{"version": 1, "rules": {"PARAM-malformed-segment": "off"}}"#
        let off = try CLI.run(["params", string], files: [".conform.json": config])
        #expect(!off.stdout.contains("PARAM-malformed-segment") && off.stdout.contains("PARAM-carousel-banner-required"), "\(off.stdout)")
        let ignored = try CLI.run(["params", "--no-config", string], files: [".conform.json": config])
        #expect(ignored.stdout.contains("PARAM-malformed-segment"))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: RuleOptionTests.corpus), "the shipped corpus is not next to the tests"))
    func runAppliesSettingsToChainAndParameterFindings() throws {
        let cases = ["--filter", "chains/depth-6-linear", "--filter", "params/grammar.tsv#grammar-empty-input-001"]
        let base = ["run", Self.corpus, "--no-config", "--quiet", "--format", "json", "-o", "out"] + cases
        let plain = try CLI.run(base)
        #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
        #expect(plain.stdout.contains("2 case(s): 2 passed"), "\(plain.stdout)")
        // Each case expects its finding: switched off, the finding is gone and the expectation is unmet.
        let chain = try CLI.run(base + ["--rule", "CHAIN-depth-exceeded=off"])
        #expect(chain.status == 1 && chain.stdout.contains("  chains/depth-6-linear\n"), "\(chain.stdout)")
        #expect(!chain.stdout.contains("  params/grammar.tsv#grammar-empty-input-001\n"), "\(chain.stdout)")
        let params = try CLI.run(base + ["--rule", "PARAM-empty-*=off"])
        #expect(params.status == 1 && params.stdout.contains("  params/grammar.tsv#grammar-empty-input-001\n"), "\(params.stdout)")
        #expect(!params.stdout.contains("  chains/depth-6-linear\n"), "\(params.stdout)")
    }
}

/// The configuration's `maxWrapperDepth`: the hop limit of `check --follow` and of chain cases without their own.
@Suite(.enabled(if: CLI.binary != nil, "the conform binary was not found; run 'swift build' first"))
struct ConfiguredWrapperDepthTests {
    static let chain = URL(fileURLWithPath: RuleOptionTests.corpus).appendingPathComponent("chains/depth-2-linear")

    /// The shipped two-wrapper chain's documents and its URI map, plus `extra` files.
    static func files(_ extra: [String: String]) throws -> [String: String] {
        var files = extra
        for name in ["w1.xml", "w2.xml", "inline.xml"] {
            files[name] = try String(contentsOf: chain.appendingPathComponent(name), encoding: .utf8)
        }
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: chain.appendingPathComponent("chain.json"))) as? [String: Any]
        let map = try JSONSerialization.data(withJSONObject: manifest?["map"] ?? [:])
        files["map.json"] = String(decoding: map, as: UTF8.self)
        return files
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: chain.path), "the shipped corpus is not next to the tests"))
    func followStopsAtTheConfiguredDepthUnlessTheCommandLineChoosesOne() throws {
        let files = try Self.files([".conform.json": #"{"version": 1, "maxWrapperDepth": 1}"#])
        let configured = try CLI.run(["check", "--follow", "--map", "map.json", "w1.xml"], files: files)
        #expect(configured.stdout.contains("stopped: depth-exceeded (IAB 302)"), "\(configured.stdout)")
        #expect(configured.stdout.contains("[CHAIN-depth-exceeded]") && configured.status == 1, "\(configured.stdout)")
        let player = try CLI.run(["check", "--follow", "--player", "spec", "--map", "map.json", "w1.xml"], files: files)
        #expect(!player.stdout.contains("depth-exceeded") && player.stdout.contains("player spec: at most 5"), "\(player.stdout)")
        let depth = try CLI.run(["check", "--follow", "--max-depth", "2", "--map", "map.json", "w1.xml"], files: files)
        #expect(!depth.stdout.contains("depth-exceeded"), "\(depth.stdout)")
        let unset = try CLI.run(["check", "--follow", "--no-config", "--map", "map.json", "w1.xml"], files: files)
        #expect(!unset.stdout.contains("depth-exceeded") && unset.stdout.contains("player spec: at most 5"), "\(unset.stdout)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: chain.path), "the shipped corpus is not next to the tests"))
    func chainCasesWithoutTheirOwnLimitUseTheConfiguredOne() throws {
        var files = try Self.files([:])
        let map = files.removeValue(forKey: "map.json")!
        let manifest = #"{"version": 1, "root": "w1.xml", "map": \#(map), "expect": {"version": 1, "chain": {"stopReason": "inline", "hops": 3}}}"#
        var corpus: [String: String] = ["corpus/two/chain.json": manifest]
        for (name, content) in files { corpus["corpus/two/" + name] = content }
        let directory = try ConformBinary.temporaryDirectory(files: corpus)
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = ["run", "corpus", "--quiet", "--format", "json", "-o", "out"]
        let plain = try ConformBinary.run(arguments, directory: directory)
        #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
        try #"{"version": 1, "maxWrapperDepth": 1}"#.write(to: directory.appendingPathComponent(".conform.json"), atomically: false, encoding: .utf8)
        let limited = try ConformBinary.run(arguments, directory: directory)
        #expect(limited.status == 1 && limited.stdout.contains("  two\n"), "\(limited.stdout)\(limited.stderr)")
    }
}
