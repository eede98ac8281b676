import ConformCore
import Foundation
import Testing
import VAST
@testable import Validation

/// The version-scoped decisions and configuration hooks of the tracking, URL, macro and identity rules,
/// beyond what the rule examples show.
@Suite struct RuleDecisionTests {
    func findings(_ xml: String, configuration: Configuration = .default) -> [Diagnostic] {
        Validator.validate(VASTDecoder.decode(xml), configuration: configuration)
    }

    func ids(_ xml: String, configuration: Configuration = .default) -> Set<String> {
        Set(findings(xml, configuration: configuration).map(\.ruleID))
    }

    func impression(_ url: String, version: String = "4.2") -> String {
        "<VAST version=\"\(version)\"><Ad id=\"1\"><InLine><Impression><![CDATA[\(url)]]></Impression></InLine></Ad></VAST>"
    }

    @Test func allowedSchemesComeFromTheConfiguration() {
        let httpsOnly = Configuration(allowedURLSchemes: ["https"])
        let strict = ids(impression("http://i.example/imp"), configuration: httpsOnly)
        #expect(strict.contains("VAST-2.0-url-scheme"))
        #expect(!strict.contains("VAST-2.0-url-http"), "http is reported once, as a scheme error, when it is not allowed")
        let lenient = ids(impression("http://i.example/imp"))
        #expect(lenient.contains("VAST-2.0-url-http") && !lenient.contains("VAST-2.0-url-scheme"))
        let ftp = Configuration(allowedURLSchemes: ["https", "ftp"])
        #expect(!ids(impression("ftp://i.example/imp"), configuration: ftp).contains("VAST-2.0-url-scheme"))
        #expect(ids(impression("ftp://i.example/imp")).contains("VAST-2.0-url-scheme"))
        // javascript: is refused even when configured.
        let js = Configuration(allowedURLSchemes: ["https", "javascript"])
        #expect(ids(impression("javascript:alert(1)"), configuration: js).contains("VAST-2.0-url-scheme"))
    }

    @Test func eventsWithoutANameOrURLTakeNoPartInSharedURLs() {
        // A nameless or empty <Tracking> written first must not hide, or stand in for, the first named event.
        func tag(_ tracking: String) -> String {
            "<VAST version=\"4.2\"><Ad id=\"1\"><InLine><Creatives><Creative><Linear><TrackingEvents>\(tracking)</TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>"
        }
        func shared(_ tracking: String) -> [String] {
            findings(tag(tracking)).filter { $0.ruleID == "VAST-2.0-tracking-url-shared" }.map(\.message)
        }
        let url = "<![CDATA[https://t.example/e]]>"
        #expect(shared("<Tracking>\(url)</Tracking><Tracking event=\"start\">\(url)</Tracking><Tracking event=\"complete\">\(url)</Tracking>")
            == ["complete uses the same URL as start; the server cannot tell the events apart"])
        #expect(shared("<Tracking event=\"start\"></Tracking><Tracking event=\"complete\"></Tracking>").isEmpty)
        #expect(shared("<Tracking>\(url)</Tracking><Tracking event=\"start\">\(url)</Tracking>").isEmpty)
        #expect(shared("<Tracking event=\"start\">\(url)</Tracking><Tracking>\(url)</Tracking><Tracking event=\"start\">\(url)</Tracking>").isEmpty)
        #expect(shared("<Tracking event=\"start\">\(url)</Tracking><Tracking event=\"progress\" offset=\"10%\">\(url)</Tracking>")
            == ["progress uses the same URL as start; the server cannot tell the events apart"])
    }

    @Test func dataURIsAreAcceptedOnlyForInteractiveFilesIn43() {
        func tag(_ version: String) -> String {
            "<VAST version=\"\(version)\"><Ad id=\"1\"><InLine><Creatives><Creative><Linear><MediaFiles><InteractiveCreativeFile type=\"text/html\" apiFramework=\"SIMID\"><![CDATA[data:text/html,hi]]></InteractiveCreativeFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"
        }
        #expect(!ids(tag("4.3")).contains("VAST-2.0-url-scheme"))
        #expect(ids(tag("4.2")).contains("VAST-2.0-url-scheme"))
        #expect(ids(impression("data:image/gif;base64,R0lGOD", version: "4.3")).contains("VAST-2.0-url-scheme"))
    }

    @Test func macrosAndPlaceholdersAreNotUnencodedCharacters() {
        let url = "https://i.example/imp?cb=[CACHEBUSTING]&s=%%SITE%%&c=${CAMPAIGN}&d={{DEAL}}"
        let found = ids(impression(url))
        #expect(!found.contains("VAST-2.0-url-unencoded"))
        #expect(!found.contains("VAST-2.0-url-invalid"))
        #expect(URLInspection(url).masked == "https://i.example/imp?cb=0&s=0&c=0&d=0")
        #expect(URLInspection("https://[CACHEBUSTING].example/x").structuralProblem == nil)
        #expect(URLInspection("https://i.example/a b|c").unencodedCharacters == ["|"])
    }

    @Test func urlStructure() {
        #expect(URLInspection("https://i.example:443/x").structuralProblem == nil)
        #expect(URLInspection("about:blank").structuralProblem == nil)
        #expect(URLInspection("//i.example/x").structuralProblem?.contains("protocol-relative") == true)
        #expect(URLInspection("i.example/x").structuralProblem?.contains("no scheme") == true)
        #expect(URLInspection("https:/i.example").structuralProblem != nil)
        #expect(URLInspection("https://i.example:99999/").structuralProblem?.contains("port") == true)
        #expect(URLInspection("https://user:pw@i.example/").hasUserInfo)
        #expect(URLLocalHostRule.isLocal("172.20.1.1") && !URLLocalHostRule.isLocal("172.32.1.1") && !URLLocalHostRule.isLocal("i.example"))
    }

    @Test func trackingEventTablesPerVersion() {
        #expect(TrackingEvents.names(for: .v4_3).contains("notUsed"))
        #expect(!TrackingEvents.names(for: .v4_2).contains("notUsed"))
        #expect(!TrackingEvents.names(for: .v4_0).contains("closeLinear"))
        #expect(TrackingEvents.names(for: .v4_1).contains("closeLinear"))
        #expect(TrackingEvents.names(for: .v4_0).contains("timeSpentViewing"))
        #expect(!TrackingEvents.names(for: .v4_1).contains("acceptInvitationLinear"))
        #expect(TrackingEvents.verificationNames(for: .v4_1) == ["verificationNotExecuted"])
        #expect(TrackingEvents.verificationNames(for: .v4_0).isEmpty)
        #expect(TrackingEvents.allNames.contains("verificationNotExecuted"))
        #expect(TrackingFacts.standing(of: "fullscreen", in: .v4_2) == .removed)
        #expect(TrackingFacts.standing(of: "interactiveStart", in: .v3_0) == .newer(.v4_2))
        #expect(TrackingFacts.standing(of: "bogus", in: .v4_2) == .unknown)
    }

    @Test func eventNameHints() {
        #expect(TrackingEventValueRule.hint(for: "FirstQuartile") == " (did you mean \"firstQuartile\"?)")
        #expect(TrackingEventValueRule.hint(for: "third_quartile") == " (did you mean \"thirdQuartile\"?)")
        #expect(TrackingEventValueRule.hint(for: "impression") == "; use <Impression> instead")
        #expect(TrackingEventValueRule.hint(for: "bogus") == "")
        #expect(URLPlaceholderHostRule.isPlaceholder("cdn.example.com") && URLPlaceholderHostRule.isPlaceholder("i.example"))
        #expect(!URLPlaceholderHostRule.isPlaceholder("examples.com") && !URLPlaceholderHostRule.isPlaceholder("example.company.com"))
        #expect(MacroTemplateUnexpandedRule.placeholders(in: "https://a/x?c=${ID}&d={{DEAL}}&e={x") == ["${ID}", "{{DEAL}}"])
    }

    @Test func podGapsAreReportedAsRanges() {
        let tag = "<VAST version=\"4.2\"><Ad id=\"a\" sequence=\"1\"><InLine/></Ad><Ad id=\"b\" sequence=\"1000000\"><InLine/></Ad><Ad id=\"c\" sequence=\"3\"><InLine/></Ad></VAST>"
        let gaps = findings(tag).filter { $0.ruleID == "VAST-3.0-ad-sequence-gap" }.map(\.message)
        #expect(gaps == ["pod ad with sequence 1000000 follows a gap: no ad has sequence 4–999999",
                         "pod ad with sequence 3 follows a gap: no ad has sequence 2"])
    }

    @Test func progressEventsCountAsQuartiles() {
        let tag = "<VAST version=\"4.2\"><Ad id=\"1\"><InLine><Creatives><Creative><Linear><TrackingEvents><Tracking event=\"progress\" offset=\"50%\"><![CDATA[https://t.example/50]]></Tracking></TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>"
        let found = findings(tag)
        #expect(!found.contains { $0.ruleID == "VAST-2.0-tracking-linear-coverage" })
        let gaps = found.first { $0.ruleID == "VAST-2.0-tracking-quartile-gaps" }
        #expect(gaps?.message == "<Linear> does not track start, firstQuartile, thirdQuartile, complete")
    }

    @Test func eachTrackingProblemIsReportedOnce() {
        // An event removed in 4.0 is a warning of the removed rule only, not also an unknown-event error.
        let tag = "<VAST version=\"4.2\"><Ad id=\"1\"><InLine><Creatives><Creative><CompanionAds><Companion width=\"1\" height=\"1\"><TrackingEvents><Tracking event=\"fullscreen\"><![CDATA[https://t.example/f]]></Tracking></TrackingEvents></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"
        let found = findings(tag).filter { $0.ruleID.contains("tracking") }
        #expect(found.map(\.ruleID) == ["VAST-4.0-tracking-event-removed"])
    }

    @Test func macroCatalogCoversTheNewerIABMacros() {
        for name in ["CLICKTYPE", "STOREID", "STOREURL", "PLAYBACKMETHODS", "CONTENTCAT", "GPPSTRING", "GPPSECTIONID",
                     "DSAREQUIRED", "DSAPARAMS", "DSAPUBRENDER", "ADSERVINGID", "UNIVERSALADID"] {
            #expect(MacroCatalog.definition(name) != nil, "\(name) missing from the macro catalogue")
        }
        #expect(MacroCatalog.definition("ERRORCODE")?.since == .v3_0)
        #expect(MacroCatalog.definition("CONTENTPLAYHEAD")?.deprecatedIn == .v4_1)
        let found = ids(impression("https://i.example/imp?a=[CLICKTYPE]&b=[STOREURL]&c=[GPPSECTIONID]", version: "4.3"))
        #expect(!found.contains("VAST-2.0-macro-unknown"))
        #expect(ids(impression("https://i.example/imp?s=[STOREID]", version: "4.1")).contains("VAST-2.0-macro-newer-than-version"))
    }

    @Test func findingsNameTheElementAndWhatIsExpected() throws {
        let tag = "<VAST version=\"4.2\"><Ad id=\"1\"><InLine><Creatives><Creative><Linear><TrackingEvents><Tracking event=\"progress\"><![CDATA[https://t.example/p]]></Tracking></TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>"
        let finding = try #require(findings(tag).first { $0.ruleID == "VAST-3.0-tracking-progress-offset" })
        #expect(finding.message.contains("progress") && finding.message.contains("offset"))
        #expect(finding.path == "/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/TrackingEvents/Tracking[1]")
        #expect(finding.position == SourcePosition(line: 1, column: 85))
        #expect(!finding.message.hasSuffix("."))
    }

    @Test func ruleFamiliesStayInTheirIDSpace() {
        let reserved = ["-unknown-child", "-unknown-attribute", "-format", "root-", "VMAP-", "XML-", "XSD-"]
        let families = RuleFamilies.tracking + RuleFamilies.url + RuleFamilies.macro + RuleFamilies.identity
        for type in families {
            let id = type.description.id
            #expect(id.hasPrefix("VAST-"), "\(id)")
            #expect(!reserved.contains { id.contains($0) }, "\(id) uses an id shape reserved for another family")
            #expect(VASTVersion(declared: String(id.dropFirst(5).prefix(3))) == type.description.versions?.lowerBound,
                    "\(id): the version in the id must be the first version the rule applies to")
        }
    }
}

/// The cheap pre-checks must agree with the full URL inspection they stand in for.
@Suite struct URLFastPathTests {
    static let samples = [
        "https://i.example/imp?a=1", "http://i.example/x", "HTTPS://I.EXAMPLE/", "https://.example/x", "https://a..b/x",
        "https://i.example:80a/x", "//i.example/x", "/x", "javascript:alert(1)", "about:blank", "ftp://f.example/",
        "https://user:pw@i.example/", "http://localhost:8080/", "https://10.1.2.3/x", "https://[::1]/x",
        "https://i.example/a|b", "https://i.example/é", "data:text/html,hi", "c:\\ads\\a.mp4", "https://", "https:",
    ]

    @Test(arguments: samples)
    func fastPathsAgreeWithTheInspection(url: String) {
        let full = URLInspection(url)
        #expect(URLInspection.scheme(of: url) == full.scheme)
        if URLInvalidRule.looksSound(url) { #expect(full.structuralProblem == nil) }
        if !URLInspection.mayHaveUnencodedCharacters(url) { #expect(full.unencodedCharacters.isEmpty) }
        if let host = full.host, URLLocalHostRule.isLocal(host) { #expect(URLLocalHostRule.mayBeLocal(url)) }
    }
}

@Suite("Diagnostic order")
struct DiagnosticOrderTests {
    @Test("sortedDeterministically gives the order of sorted(), ties included")
    func matchesSorted() {
        var generator = SystemRandomNumberGenerator()
        let ids = ["VAST-2.0-url-http", "VAST-2.0-url-cdata", "VAST-2.0-url-placeholder-host", "XML-not-well-formed"]
        // Small places (sorted as packed integers) and, every third round, some lines, columns or offsets
        // too large to pack (sorted by whole keys). Every other round has up to a few hundred findings, and
        // every fifth puts them all at one place, so that long runs are sorted both by place and within one.
        for round in 0..<300 {
            let far = round % 3 == 0 ? 1 << 20 : 0
            let onePlace = round % 5 == 0
            func value(_ range: ClosedRange<Int>) -> Int {
                if onePlace { return range.lowerBound }
                return Int.random(in: range, using: &generator) + (Int.random(in: 0..<8, using: &generator) == 0 ? far : 0)
            }
            let count = Int.random(in: 0...(round % 2 == 0 ? 40 : 300), using: &generator)
            let items = (0..<count).map { i in
                Diagnostic(
                    ruleID: ids.randomElement(using: &generator)!, severity: .warning,
                    message: ["a", "b", "c"].randomElement(using: &generator)!,
                    position: onePlace || Bool.random(using: &generator)
                        ? SourcePosition(line: value(1...(round % 2 == 0 ? 4 : 40)), column: value(1...3)) : nil,
                    path: "/VAST/Ad[\(i)]",
                    offset: !onePlace && Bool.random(using: &generator) ? value(0...2) : nil)
            }
            #expect(items.sortedDeterministically() == items.sorted())
        }
    }
}

/// The configuration's customMacros: names a project's ad servers or players fill.
@Suite struct CustomMacroTests {
    static let tag = #"<VAST version="4.2"><Ad id="1"><InLine><Impression><![CDATA[https://i.adsrv.net/i?mt=[AD_MT]&cb=%%CACHEBUSTER%%&x=[NOT_OURS]]]></Impression></InLine></Ad></VAST>"#

    func macroFindings(_ configuration: Configuration) -> [String] {
        Validator.validate(VASTDecoder.decode(Self.tag), configuration: configuration)
            .filter { $0.ruleID == "VAST-2.0-macro-unknown" || $0.ruleID == "VAST-2.0-macro-percent-unexpanded" }
            .map { "\($0.ruleID) \($0.message)" }
    }

    @Test func listedNamesAreNotReportedAndOthersStillAre() throws {
        let plain = macroFindings(.default)
        #expect(plain.contains { $0.contains("[AD_MT]") } && plain.contains { $0.contains("%%CACHEBUSTER%%") })
        let json = #"{"version": 1, "customMacros": ["AD_MT", "CACHEBUSTER"]}"#
        let (configuration, warnings) = try Configuration.parse(Data(json.utf8), knownRuleIDs: [])
        #expect(warnings.isEmpty)
        let configured = macroFindings(configuration)
        #expect(configured == ["VAST-2.0-macro-unknown [NOT_OURS] in <Impression> is not an IAB VAST macro"], "\(configured)")
        // Names are compared as written: a listed name in another case is still unknown.
        #expect(macroFindings(Configuration(customMacros: ["ad_mt", "CACHEBUSTER"])).contains { $0.contains("[AD_MT]") })
    }

    @Test(arguments: ["[AD_MT]", "%%X%%", "", "a-b"])
    func namesWithBracketsOrOtherCharactersAreRejected(name: String) {
        let json = #"{"version": 1, "customMacros": ["\#(name)"]}"#
        #expect(throws: ConfigurationError.self) { try Configuration.parse(Data(json.utf8), knownRuleIDs: []) }
    }
}
