import Chain
import ConformCore
import Foundation
import Testing
import VAST

@Suite struct ChainRuleCoverageTests {
    @Test func rulesAreSortedUniqueAndDocumented() {
        let ids = ChainRules.all.map(\.id)
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        for rule in ChainRules.all {
            #expect(rule.id.hasPrefix("CHAIN-"))
            #expect(!rule.specReferences.isEmpty, "\(rule.id)")
            #expect(!rule.validExamples.isEmpty && !rule.invalidExamples.isEmpty, "\(rule.id)")
            #expect(!rule.summary.isEmpty && !rule.fix.isEmpty && !rule.rationale.isEmpty, "\(rule.id)")
        }
    }

    @Test func everyStopReasonHasARuleAndACode() {
        for reason in StopReason.allCases where reason != .inLine {
            let id = reason.ruleID
            #expect(id.flatMap(ChainRules.description) != nil, "\(reason)")
            #expect(reason.vastErrorCode != nil, "\(reason)")
        }
    }

    /// Every chain rule id is produced by at least one fixture.
    @Test(.enabled(if: TestServer.available, "python3 is needed for the live fixtures (redirect limit)"))
    func everyRuleIsProducedByAFixture() throws {
        var produced = Set<String>()
        func add(_ chain: ResolvedChain) {
            produced.formUnion(chain.diagnostics.map(\.ruleID))
            for report in TrackingCollector().collect(chain) { produced.formUnion(report.diagnostics.map(\.ruleID)) }
        }
        let files = ["loop/a.xml", "loop/self.xml", "missing/wrapper.xml", "empty/wrapper-1.xml", "pod/wrapper-allow.xml",
                     "pod/wrapper-single.xml", "pod/wrapper-buffet.xml", "companions/wrapper.xml",
                     "attributes/no-more-wrappers.xml", "legacy/wrapper-v2.xml", "invalid/to-not-xml.xml",
                     "invalid/to-html.xml", "invalid/to-vast1.xml", "invalid/to-vast5.xml", "invalid/no-uri.xml",
                     "invalid/bad-uri.xml", "invalid/bad-tracking.xml", "schemes/to-file.xml", "schemes/to-data.xml"]
        for file in files { add(try Fixtures.resolveFile(file)) }
        add(try Fixtures.resolveMapped("depth", "wrapper-6.xml", rootURI: "https://ads.example.com/depth/wrapper-6.xml"))
        add(try Fixtures.resolveMapped("depth", "to-slow.xml", rootURI: "https://ads.example.com/depth/to-slow.xml"))
        add(try Fixtures.resolveMapped("depth", "wrapper-1.xml", rootURI: "https://ads.example.com/depth/wrapper-1.xml", maxBytes: 100))
        add(try Fixtures.resolveMapped("https", "root.xml", rootURI: "https://ads.example.com/https/root.xml"))
        add(try Fixtures.resolveMapped("https", "protocol-relative.xml", rootURI: "https://ads.example.com/https/protocol-relative.xml"))
        let hosted = PlayerSettings(name: "hosted", maxDepth: 5, policy: FetchPolicy(refusePrivateAddresses: true, perHopTimeout: 1))
        add(try Fixtures.resolveFile("schemes/to-loopback.xml", settings: hosted, fetcher: HTTPFetcher(settings: hosted)))
        let server = try TestServer()
        defer { server.stop() }
        add(try server.resolve("to-redirect-loop.xml", policy: FetchPolicy(perHopTimeout: 5, totalTimeout: 10)))

        let missing = Set(ChainRules.all.map(\.id)).subtracting(produced)
        #expect(missing.isEmpty, "chain rules no fixture produces: \(missing.sorted())")
        #expect(produced.subtracting(ChainRules.all.map(\.id)).isEmpty)
    }
}
