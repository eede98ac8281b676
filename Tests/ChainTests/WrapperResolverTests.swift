import Chain
import ConformCore
import Foundation
import Testing
import VAST

@Suite struct WrapperResolverTests {
    static let depthBase = "https://ads.example.com/depth/"

    func depthChain(_ wrappers: Int, settings: PlayerSettings = .spec) throws -> ResolvedAd {
        let chain = try Fixtures.resolveMapped("depth", "wrapper-\(wrappers).xml",
                                               rootURI: Self.depthBase + "wrapper-\(wrappers).xml", settings: settings)
        return try Fixtures.only(chain)
    }

    @Test(arguments: 1...5) func depthWithinTheSpecLimitResolves(wrappers: Int) throws {
        let ad = try depthChain(wrappers)
        #expect(ad.stop.reason == .inLine)
        #expect(ad.stop.vastErrorCode == nil)
        #expect(ad.hops.count == wrappers + 1)
        #expect(ad.hops.map(\.depth) == Array(0...wrappers))
        #expect(ad.hops.dropLast().allSatisfy { $0.outcome == .wrapper })
        #expect(ad.hops.last?.outcome == .inLine)
        #expect(ad.hops.last?.uri == Self.depthBase + "inline.xml")
        #expect(ad.inLine?.id == "inline")
        #expect(ad.diagnostics.isEmpty)
    }

    /// The inputs kept by the resolution are those of its documents, one per document, as decoding each
    /// document's bytes gives them: a caller can check them without decoding again.
    @Test func theResolutionKeepsTheInputOfEachDocument() throws {
        let fetcher = try CorpusFetcher(mapFile: Fixtures.url("depth/map.json"))
        let (chain, inputs) = WrapperResolver.resolveKeepingInputs(
            rootData: try Fixtures.data("depth/wrapper-3.xml"), rootURI: Self.depthBase + "wrapper-3.xml", fetcher: fetcher)
        #expect(chain.documents.count == 4)
        #expect(Set(inputs.keys) == Set(chain.documents.map(\.index)))
        for document in chain.documents {
            let input = try #require(inputs[document.index])
            let again = VASTDecoder.decode(document.data)
            #expect(input.vast == again.vast, "document \(document.index)")
            #expect(input.findings == again.findings)
        }
        let plain = WrapperResolver.resolve(
            rootData: try Fixtures.data("depth/wrapper-3.xml"), rootURI: Self.depthBase + "wrapper-3.xml", fetcher: fetcher)
        #expect(plain == chain)
    }

    @Test(arguments: 6...7) func depthBeyondTheSpecLimitStopsWith302(wrappers: Int) throws {
        let ad = try depthChain(wrappers)
        #expect(ad.stop.reason == .depthExceeded)
        #expect(ad.stop.vastErrorCode == .wrapperLimit)
        #expect(ad.hops.count == 7)
        #expect(ad.hops.last?.outcome == .depthLimit)
        #expect(ad.hops.last?.documentIndex == nil)
        #expect(ad.diagnostics.map(\.ruleID) == ["CHAIN-depth-exceeded"])
        // Every wrapper's Error URL fires, with [ERRORCODE] = 302.
        let expected = (wrappers - 5...wrappers).reversed().map { "https://t.example.com/err/wrapper-\($0)?code=302" }
        #expect(ad.errorURLs.map(\.expanded) == expected)
        #expect(ad.errorURLs.map(\.hop) == Array(0...5))
    }

    @Test func playerSettingsChangeTheDepthLimit() throws {
        #expect(try depthChain(4, settings: .ima).stop.reason == .inLine)
        #expect(try depthChain(5, settings: .ima).stop.reason == .depthExceeded)
        #expect(try depthChain(7, settings: .vastClientJS).stop.reason == .inLine)
        var custom = PlayerSettings.spec
        custom.maxDepth = 2
        #expect(try depthChain(2, settings: custom).stop.reason == .inLine)
        #expect(try depthChain(3, settings: custom).stop.reason == .depthExceeded)
    }

    @Test func presetsByName() {
        #expect(PlayerSettings.named("spec")?.maxDepth == 5)
        #expect(PlayerSettings.named("ima")?.maxDepth == 4)
        #expect(PlayerSettings.named("ima")?.policy.perHopTimeout == 5)
        #expect(PlayerSettings.named("vast-client-js")?.maxDepth == 10)
        #expect(PlayerSettings.named("vast-client-js")?.policy.perHopTimeout == 120)
        #expect(PlayerSettings.named("IMA")?.name == "ima")
        #expect(PlayerSettings.named("jwplayer") == nil)
        #expect(FetchPolicy().refusePrivateAddresses == false)
        #expect(FetchPolicy().schemes == ["http", "https"])
    }

    @Test func aLoopStopsWith302() throws {
        let ad = try Fixtures.only(try Fixtures.resolveFile("loop/a.xml"))
        #expect(ad.stop.reason == .loop)
        #expect(ad.stop.vastErrorCode == .wrapperLimit)
        #expect(ad.hops.map(\.outcome) == [.wrapper, .wrapper, .loop])
        #expect(ad.hops.last?.uri == Fixtures.url("loop/a.xml").absoluteString)
        #expect(ad.diagnostics.map(\.ruleID) == ["CHAIN-loop"])
        #expect(ad.errorURLs.map(\.expanded) == ["https://t.example.com/err/a?code=302", "https://t.example.com/err/b?code=302"])
    }

    @Test func aSelfReferenceIsALoop() throws {
        let ad = try Fixtures.only(try Fixtures.resolveFile("loop/self.xml"))
        #expect(ad.stop.reason == .loop)
        #expect(ad.hops.map(\.outcome) == [.wrapper, .loop])
        let diagnostic = try #require(ad.diagnostics.first)
        #expect(diagnostic.ruleID == "CHAIN-loop")
        #expect(diagnostic.file == Fixtures.url("loop/self.xml").path)
        #expect(diagnostic.position == SourcePosition(line: 6, column: 7))
        #expect(diagnostic.path == "/VAST/Ad[1]/Wrapper/VASTAdTagURI")
    }

    @Test func theSameURIInTwoBranchesIsNotALoopAndIsFetchedOnce() throws {
        let spy = SpyFetcher(FileFetcher())
        let chain = try Fixtures.resolveFile("loop/twice-root.xml", fetcher: spy)
        #expect(chain.ads.map(\.stop.reason) == [.inLine, .inLine])
        #expect(chain.ads.map(\.label) == ["1", "2"])
        #expect(spy.calls == [Fixtures.url("loop/inline.xml").absoluteString])
        #expect(chain.documents.count == 2)
    }

    @Test func aMissingFileStopsWith301() throws {
        let ad = try Fixtures.only(try Fixtures.resolveFile("missing/wrapper.xml"))
        #expect(ad.stop.reason == .fetchFailed)
        #expect(ad.stop.vastErrorCode == .wrapperTimeout)
        #expect(ad.hops.map(\.outcome) == [.wrapper, .fetchFailed])
        #expect(ad.diagnostics.map(\.ruleID) == ["CHAIN-fetch-failed"])
        #expect(ad.errorURLs.map(\.expanded) == ["https://t.example.com/err/wrapper?code=301"])
    }

    @Test func mappedFailuresSimulateStatusAndTimeout() throws {
        let gone = try Fixtures.only(try Fixtures.resolveMapped("depth", "to-gone.xml", rootURI: Self.depthBase + "to-gone.xml"))
        #expect(gone.stop.reason == .fetchFailed)
        #expect(gone.stop.vastErrorCode == .wrapperTimeout)
        #expect(gone.hops.last?.statusCode == 404)
        #expect(gone.stop.message.contains("HTTP 404"))
        let slow = try Fixtures.only(try Fixtures.resolveMapped("depth", "to-slow.xml", rootURI: Self.depthBase + "to-slow.xml"))
        #expect(slow.stop.reason == .timeout)
        #expect(slow.stop.vastErrorCode == .wrapperTimeout)
        #expect(slow.diagnostics.map(\.ruleID) == ["CHAIN-timeout"])
        let unmapped = try Fixtures.only(try Fixtures.resolveMapped("depth", "to-unmapped.xml", rootURI: Self.depthBase + "to-unmapped.xml"))
        #expect(unmapped.stop.reason == .fetchFailed)
    }

    @Test func anOversizeDocumentIsCutOff() throws {
        let ad = try Fixtures.only(try Fixtures.resolveMapped("depth", "wrapper-2.xml", rootURI: Self.depthBase + "wrapper-2.xml", maxBytes: 200))
        #expect(ad.stop.reason == .oversize)
        #expect(ad.stop.vastErrorCode == .wrapperTimeout)
        #expect(ad.diagnostics.map(\.ruleID) == ["CHAIN-oversize"])
    }

    @Test func anEmptyResponseAfterWrappersIs303WithEveryErrorURL() throws {
        let ad = try Fixtures.only(try Fixtures.resolveFile("empty/wrapper-1.xml"))
        #expect(ad.stop.reason == .noAd)
        #expect(ad.stop.vastErrorCode == .noAdAfterWrapper)
        #expect(ad.stop.fallbackOnNoAd == true)
        #expect(ad.hops.map(\.outcome) == [.wrapper, .wrapper, .noAd])
        #expect(ad.diagnostics.map(\.ruleID) == ["CHAIN-no-ad"])
        #expect(ad.errorURLs.map(\.expanded) == [
            "https://t.example.com/err/wrapper-1?code=303",
            "https://t.example.com/err/wrapper-2?code=303",
            "https://t.example.com/err/empty?code=303",
        ])
        #expect(ad.errorURLs.map(\.hop) == [0, 1, 2])
        #expect(ad.errorURLs.map(\.url).last == "https://t.example.com/err/empty?code=%%ERRORCODE%%")
    }

    @Test func aPodThroughAWrapperFansOut() throws {
        let chain = try Fixtures.resolveFile("pod/wrapper-allow.xml")
        #expect(chain.ads.map(\.label) == ["1/1", "1/2", "1/3"])
        #expect(chain.ads.map(\.sequence) == [1, 2, 3])
        #expect(chain.ads.allSatisfy { $0.stop.reason == .inLine && $0.hops.count == 2 })
        #expect(chain.ads.map { $0.inLine?.id } == ["pod-1", "pod-2", "pod-3"])
        #expect(chain.diagnostics.isEmpty)
        #expect(chain.documents.count == 2)
    }

    @Test func withoutAllowMultipleAdsAPodIsNotFollowed() throws {
        let ad = try Fixtures.only(try Fixtures.resolveFile("pod/wrapper-single.xml"))
        #expect(ad.stop.reason == .noAd)
        #expect(ad.stop.vastErrorCode == .noAdAfterWrapper)
        #expect(ad.diagnostics.map(\.ruleID) == ["CHAIN-multiple-ads-ignored"])
    }

    @Test func withoutAllowMultipleAdsTheFirstStandAloneAdIsFollowed() throws {
        let ad = try Fixtures.only(try Fixtures.resolveFile("pod/wrapper-buffet.xml"))
        #expect(ad.stop.reason == .inLine)
        #expect(ad.label == "1/3")
        #expect(ad.inLine?.id == "pod-3")
        #expect(ad.diagnostics.map(\.ruleID) == ["CHAIN-multiple-ads-ignored"])
    }

    @Test func aRootPodOfWrappersKeepsEachSlot() throws {
        let chain = try Fixtures.resolveFile("pod/root-pod-of-wrappers.xml")
        #expect(chain.ads.map(\.label) == ["1", "2/1", "2/2", "2/3"])
        #expect(chain.ads.map(\.sequence) == [1, 1, 2, 3])
        #expect(chain.ads.map(\.rootAdIndex) == [1, 2, 2, 2])
        #expect(chain.ads.allSatisfy { $0.stop.reason == .inLine })
    }

    @Test func followAdditionalWrappersFalseRefusesTheNextWrapper() throws {
        let ad = try Fixtures.only(try Fixtures.resolveFile("attributes/no-more-wrappers.xml"))
        #expect(ad.stop.reason == .additionalWrapperRefused)
        #expect(ad.stop.vastErrorCode == .noAdAfterWrapper)
        #expect(ad.hops.map(\.outcome) == [.wrapper, .ignoredWrapper])
        #expect(ad.diagnostics.map(\.ruleID) == ["CHAIN-additional-wrapper-refused"])
        let ok = try Fixtures.only(try Fixtures.resolveFile("attributes/no-more-wrappers-ok.xml"))
        #expect(ok.stop.reason == .inLine)
    }

    @Test func theLegacyFormIsFollowedAndMixedVersionsAreNoted() throws {
        let ad = try Fixtures.only(try Fixtures.resolveFile("legacy/wrapper-v2.xml"))
        #expect(ad.stop.reason == .inLine)
        #expect(ad.hops.map(\.version) == ["2.0", "4.2"])
        #expect(ad.diagnostics.map(\.ruleID).sorted() == ["CHAIN-legacy-adtag-url", "CHAIN-mixed-versions"])
    }

    @Test func hopsThatAreNotUsableVASTMapTo100To102() throws {
        let cases: [(String, StopReason, Int, String, HopOutcome)] = [
            ("invalid/to-not-xml.xml", .notXML, 100, "CHAIN-hop-not-xml", .notXML),
            ("invalid/to-html.xml", .notVAST, 101, "CHAIN-hop-not-vast", .notVAST),
            ("invalid/to-vast1.xml", .unsupportedVersion, 102, "CHAIN-hop-unsupported-version", .unsupportedVersion),
            ("invalid/to-vast5.xml", .unsupportedVersion, 102, "CHAIN-hop-unsupported-version", .unsupportedVersion),
        ]
        for (file, reason, code, id, outcome) in cases {
            let ad = try Fixtures.only(try Fixtures.resolveFile(file))
            #expect(ad.stop.reason == reason, "\(file)")
            #expect(ad.stop.vastErrorCode?.rawValue == code, "\(file)")
            #expect(ad.diagnostics.map(\.ruleID) == [id], "\(file)")
            #expect(ad.hops.last?.outcome == outcome, "\(file)")
            #expect(ad.hops.last?.documentIndex != nil, "\(file)")
        }
    }

    @Test func aWrapperWithoutAUsableURIStops() throws {
        let missing = try Fixtures.only(try Fixtures.resolveFile("invalid/no-uri.xml"))
        #expect(missing.stop.reason == .wrapperWithoutURI)
        #expect(missing.stop.vastErrorCode == .schemaValidation)
        #expect(missing.hops.map(\.outcome) == [.noURI])
        #expect(missing.errorURLs.map(\.expanded) == ["https://t.example.com/err/no-uri?code=101"])
        let invalid = try Fixtures.only(try Fixtures.resolveFile("invalid/bad-uri.xml"))
        #expect(invalid.stop.reason == .invalidURI)
        #expect(invalid.stop.vastErrorCode == .wrapperTimeout)
        #expect(invalid.diagnostics.map(\.ruleID) == ["CHAIN-uri-invalid"])
    }

    @Test(arguments: ["file", "data", "ftp", "javascript"])
    func schemesOtherThanHTTPAreRefusedAndNeverOpened(scheme: String) throws {
        let spy = SpyFetcher(FileFetcher())
        let ad = try Fixtures.only(try Fixtures.resolveFile("schemes/to-\(scheme).xml", fetcher: spy))
        #expect(ad.stop.reason == .schemeRefused)
        #expect(ad.stop.vastErrorCode == .wrapperTimeout)
        #expect(ad.hops.map(\.outcome) == [.wrapper, .refused])
        #expect(ad.diagnostics.map(\.ruleID) == ["CHAIN-scheme-refused"])
        #expect(spy.calls.isEmpty)
    }

    @Test func theHTTPFetcherRefusesOtherSchemesItself() {
        let fetcher = HTTPFetcher()
        #expect(throws: FetchError.schemeRefused(uri: "file:///etc/hostname", scheme: "file")) {
            try fetcher.fetch(URL(string: "file:///etc/hostname")!, referrer: nil)
        }
    }

    @Test func refusingPrivateAddressesRefusesLoopbackBeforeConnecting() throws {
        let settings = PlayerSettings(name: "hosted", maxDepth: 5, policy: FetchPolicy(refusePrivateAddresses: true, perHopTimeout: 1))
        let refused = try Fixtures.only(try Fixtures.resolveFile(
            "schemes/to-loopback.xml", settings: settings, fetcher: HTTPFetcher(settings: settings)))
        #expect(refused.stop.reason == .privateAddressRefused)
        #expect(refused.stop.vastErrorCode == .wrapperTimeout)
        #expect(refused.diagnostics.map(\.ruleID) == ["CHAIN-private-address-refused"])
        // Off (the default), the same URI is tried: nothing listens on port 9, so the fetch itself fails.
        let open = PlayerSettings(name: "cli", maxDepth: 5, policy: FetchPolicy(perHopTimeout: 1))
        let tried = try Fixtures.only(try Fixtures.resolveFile(
            "schemes/to-loopback.xml", settings: open, fetcher: HTTPFetcher(settings: open)))
        #expect(tried.stop.reason == .fetchFailed || tried.stop.reason == .timeout)
    }

    @Test func addressClassification() {
        for address in ["127.0.0.1", "127.9.9.9", "10.1.2.3", "192.168.0.1", "172.16.0.1", "172.31.255.255",
                        "169.254.169.254", "0.0.0.0", "::1", "::", "fe80::1", "fd00::1", "::ffff:127.0.0.1"] {
            #expect(AddressPolicy.isPrivate(literal: address), "\(address)")
        }
        for address in ["93.184.216.34", "172.32.0.1", "8.8.8.8", "2606:4700::1", "::ffff:8.8.8.8"] {
            #expect(!AddressPolicy.isPrivate(literal: address), "\(address)")
        }
        #expect(AddressPolicy.privateAddress(host: "localhost") != nil)
        #expect(AddressPolicy.privateAddress(host: "[::1]") == "::1")
    }

    @Test func anHTTPSChainGoingToHTTPWarns() throws {
        let ad = try Fixtures.only(try Fixtures.resolveMapped("https", "root.xml", rootURI: "https://ads.example.com/https/root.xml"))
        #expect(ad.stop.reason == .inLine)
        #expect(ad.hops.last?.uri == "http://ads.example.com/https/inline.xml")
        #expect(ad.diagnostics.map(\.ruleID) == ["CHAIN-https-downgrade"])
        #expect(ad.diagnostics.first?.severity == .warning)
    }

    @Test func protocolRelativeURIsTakeTheReferrersScheme() throws {
        let ad = try Fixtures.only(try Fixtures.resolveMapped(
            "https", "protocol-relative.xml", rootURI: "https://ads.example.com/https/protocol-relative.xml"))
        #expect(ad.stop.reason == .inLine)
        #expect(ad.hops.last?.uri == "https://ads.example.com/https/inline.xml")
        #expect(ad.hops.last?.writtenURI == "//ads.example.com/https/inline.xml")
        #expect(ad.diagnostics.map(\.ruleID) == ["CHAIN-protocol-relative"])
        // A local root has no http(s) scheme to lend: https is used.
        let fetcher = try CorpusFetcher(mapFile: Fixtures.url("https/map.json"))
        let local = try Fixtures.only(try Fixtures.resolveFile("https/protocol-relative.xml", fetcher: fetcher))
        #expect(local.hops.last?.uri == "https://ads.example.com/https/inline.xml")
    }

    @Test func relativeURIsResolveAgainstTheReferringDocument() throws {
        let ad = try Fixtures.only(try Fixtures.resolveFile("merge/wrapper-1.xml"))
        #expect(ad.hops.map(\.uri) == [
            Fixtures.url("merge/wrapper-1.xml").absoluteString,
            Fixtures.url("merge/wrapper-2.xml").absoluteString,
            Fixtures.url("merge/inline.xml").absoluteString,
        ])
        #expect(ad.hops.map(\.writtenURI) == [nil, "wrapper-2.xml", "inline.xml"])
    }

    @Test func aRootWithoutAdsListsItsErrorURLs() {
        let chain = WrapperResolver.resolve(
            rootData: Data("<VAST version=\"4.2\"><Error>https://t.example.com/noad?c=[ERRORCODE]</Error></VAST>".utf8),
            rootURI: nil, fetcher: FileFetcher())
        #expect(chain.ads.isEmpty)
        #expect(chain.rootErrors.map(\.url) == ["https://t.example.com/noad?c=[ERRORCODE]"])
        #expect(chain.rootErrors.map(\.expanded) == ["https://t.example.com/noad?c=303"])
    }

    @Test func aTotalTimeoutOfZeroStopsBeforeFetching() throws {
        let settings = PlayerSettings(name: "t", maxDepth: 5, policy: FetchPolicy(totalTimeout: 0))
        let spy = SpyFetcher(FileFetcher())
        let ad = try Fixtures.only(try Fixtures.resolveFile("merge/wrapper-1.xml", settings: settings, fetcher: spy))
        #expect(ad.stop.reason == .timeout)
        #expect(spy.calls.isEmpty)
    }
}
