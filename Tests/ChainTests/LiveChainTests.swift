import Chain
import ConformCore
import Foundation
import Testing
import VAST

/// Chains fetched over HTTP from `scripts/test-http-server.py` on 127.0.0.1. Every test starts its own server
/// and stops it at the end; every limit is short so the suite stays fast.
@Suite(.serialized, .enabled(if: TestServer.available, "python3 and scripts/test-http-server.py are needed for live chain tests"))
struct LiveChainTests {
    /// For hops that must succeed or fail on their own: generous, they answer in milliseconds.
    static let quick = FetchPolicy(perHopTimeout: 5, totalTimeout: 10)

    func withServer(_ body: (TestServer) throws -> Void) throws {
        let server = try TestServer()
        defer { server.stop() }
        try body(server)
    }

    @Test func aLiveChainResolvesWithTimings() throws {
        try withServer { server in
            let ad = try Fixtures.only(try server.resolve("to-inline.xml", policy: Self.quick))
            #expect(ad.stop.reason == .inLine)
            #expect(ad.hops.last?.uri == server.url("/files/live/inline.xml").absoluteString)
            #expect(ad.hops.last?.statusCode == 200)
            #expect(ad.hops.last?.durationMs ?? -1 >= 0)
        }
    }

    @Test func aSlowHopTimesOutWith301() throws {
        try withServer { server in
            let started = Date()
            let ad = try Fixtures.only(try server.resolve("to-slow.xml", policy: FetchPolicy(perHopTimeout: 0.4, totalTimeout: 3)))
            #expect(ad.stop.reason == .timeout)
            #expect(ad.stop.vastErrorCode == .wrapperTimeout)
            #expect(ad.diagnostics.map(\.ruleID) == ["CHAIN-timeout"])
            // The server answers after 6 s; the 0.4 s hop timeout stopped the wait long before (a wide
            // margin, so a loaded machine cannot make this fail).
            #expect(Date().timeIntervalSince(started) < 4)
        }
    }

    @Test func aBodyThatNeverEndsTimesOut() throws {
        try withServer { server in
            let ad = try Fixtures.only(try server.resolve("to-endless.xml", policy: FetchPolicy(perHopTimeout: 0.5, totalTimeout: 3)))
            #expect(ad.stop.reason == .timeout)
            #expect(ad.stop.vastErrorCode == .wrapperTimeout)
        }
    }

    @Test func theTotalTimeoutCoversTheWholeChain() throws {
        try withServer { server in
            // Two hops of 2 s each, 3 s per hop allowed but 3 s for the chain: the second hop runs out. Each
            // side has a second of margin (the first hop ends a second before the chain's time is up, the
            // second would end a second after), so a loaded machine does not change the outcome.
            let ad = try Fixtures.only(try server.resolve("to-delay-chain.xml", policy: FetchPolicy(perHopTimeout: 3, totalTimeout: 3)))
            #expect(ad.stop.reason == .timeout)
            #expect(ad.hops.map(\.outcome) == [.wrapper, .wrapper, .timeout])
        }
    }

    @Test func a404MapsTo301() throws {
        try withServer { server in
            let ad = try Fixtures.only(try server.resolve("to-404.xml", policy: Self.quick))
            #expect(ad.stop.reason == .fetchFailed)
            #expect(ad.stop.vastErrorCode == .wrapperTimeout)
            #expect(ad.hops.last?.statusCode == 404)
            #expect(ad.diagnostics.map(\.ruleID) == ["CHAIN-fetch-failed"])
            #expect(ad.errorURLs.map(\.expanded) == ["https://t.example.com/err/to-404?code=301"])
        }
    }

    @Test func redirectsWithinTheLimitAreFollowed() throws {
        try withServer { server in
            let ad = try Fixtures.only(try server.resolve("to-redirects.xml", policy: Self.quick))
            #expect(ad.stop.reason == .inLine)
            let finalURI = try #require(ad.hops.last?.documentIndex)
            #expect(finalURI > 0)
        }
    }

    @Test func aFetchReportsItsRedirectsStatusAndFinalURI() throws {
        try withServer { server in
            let inline = try Data(contentsOf: Fixtures.url("live/inline.xml"))
            let fetched = try HTTPFetcher(policy: Self.quick).fetch(server.url("/redirect/3/files/live/inline.xml"), referrer: nil)
            #expect(fetched.redirects == 3)
            #expect(fetched.statusCode == 200)
            #expect(fetched.finalURI == server.url("/redirect/0/files/live/inline.xml"))
            #expect(fetched.data == inline)
            // One redirect more than the policy allows.
            var policy = Self.quick
            policy.redirects = 2
            #expect(throws: FetchError.tooManyRedirects(uri: server.url("/redirect/3/files/live/inline.xml").absoluteString, limit: 2)) {
                try HTTPFetcher(policy: policy).fetch(server.url("/redirect/3/files/live/inline.xml"), referrer: nil)
            }
        }
    }

    @Test func aGzipEncodedBodyIsDecodedAndTheLimitAppliesToTheDecodedBytes() throws {
        try withServer { server in
            let inline = try Data(contentsOf: Fixtures.url("live/inline.xml"))
            let fetched = try HTTPFetcher(policy: Self.quick).fetch(server.url("/gzip/live/inline.xml"), referrer: nil)
            #expect(fetched.data == inline)
            var policy = Self.quick
            policy.maxBytes = inline.count - 1
            #expect(throws: FetchError.oversize(uri: server.url("/gzip/live/inline.xml").absoluteString, limit: inline.count - 1)) {
                try HTTPFetcher(policy: policy).fetch(server.url("/gzip/live/inline.xml"), referrer: nil)
            }
        }
    }

    @Test func theRequestCarriesTheUserAgentAndAnHTTPReferrerOnly() throws {
        try withServer { server in
            let fetcher = HTTPFetcher(policy: Self.quick, userAgent: "conform-test/1")
            let referred = try fetcher.fetch(server.url("/echo-headers"), referrer: URL(string: "https://ads.example.com/wrapper.xml"))
            #expect(String(decoding: referred.data, as: UTF8.self).contains("User-Agent=conform-test/1 Referer=https://ads.example.com/wrapper.xml "))
            // A local file as the referrer is not sent.
            let local = try fetcher.fetch(server.url("/echo-headers"), referrer: URL(fileURLWithPath: "/tmp/root.xml"))
            #expect(String(decoding: local.data, as: UTF8.self).contains("Referer=- "))
        }
    }

    @Test func aRefusedConnectionFailsWithTheTransportsReason() throws {
        // A port nothing listens on any more: a server's, once it is stopped.
        let server = try TestServer()
        let port = server.port
        server.stop()
        let uri = URL(string: "http://127.0.0.1:\(port)/a.xml")!
        do {
            _ = try HTTPFetcher(policy: Self.quick).fetch(uri, referrer: nil)
            Issue.record("a fetch from a closed port succeeded")
        } catch {
            guard case .failed(let failed, let reason) = error else {
                Issue.record("expected a transport failure, got \(error)")
                return
            }
            #expect(failed == uri.absoluteString)
            #expect(!reason.isEmpty)
        }
    }

    @Test func aRedirectLoopStops() throws {
        try withServer { server in
            let ad = try Fixtures.only(try server.resolve("to-redirect-loop.xml", policy: Self.quick))
            #expect(ad.stop.reason == .redirectLimit)
            #expect(ad.stop.vastErrorCode == .wrapperTimeout)
            #expect(ad.diagnostics.map(\.ruleID) == ["CHAIN-redirect-limit"])
        }
    }

    @Test func anOversizeBodyIsCutOffWithADiagnostic() throws {
        try withServer { server in
            var policy = Self.quick
            policy.maxBytes = 64 * 1024
            let ad = try Fixtures.only(try server.resolve("to-oversize.xml", policy: policy))
            #expect(ad.stop.reason == .oversize)
            #expect(ad.stop.vastErrorCode == .wrapperTimeout)
            #expect(ad.diagnostics.map(\.ruleID) == ["CHAIN-oversize"])
            let fetcher = HTTPFetcher(policy: policy)
            #expect(throws: FetchError.oversize(uri: server.url("/oversize/300000").absoluteString, limit: 64 * 1024)) {
                try fetcher.fetch(server.url("/oversize/300000"), referrer: nil)
            }
            // With a Content-Length above the limit, the transfer is refused on the headers.
            policy.maxBytes = 100
            #expect(throws: FetchError.oversize(uri: server.url("/files/live/inline.xml").absoluteString, limit: 100)) {
                try HTTPFetcher(policy: policy).fetch(server.url("/files/live/inline.xml"), referrer: nil)
            }
        }
    }

    @Test func aFileVASTAdTagURIIsRefusedAndNeverRead() throws {
        try withServer { server in
            // A secret file next to the fixtures; the tag points at it with file://.
            let secret = FileManager.default.temporaryDirectory.appendingPathComponent("conform-secret-\(UUID().uuidString).xml")
            try Data("<VAST version=\"4.2\"><!-- SECRET --></VAST>".utf8).write(to: secret)
            defer { try? FileManager.default.removeItem(at: secret) }
            let root = """
                <VAST version="4.2"><Ad><Wrapper><AdSystem>x</AdSystem>
                <VASTAdTagURI>\(secret.absoluteString)</VASTAdTagURI>
                <Impression>https://t.example.com/i</Impression></Wrapper></Ad></VAST>
                """
            let spy = SpyFetcher(HTTPFetcher(policy: Self.quick))
            let chain = WrapperResolver.resolve(rootData: Data(root.utf8), rootURI: server.url("/files/live/root.xml").absoluteString,
                                                fetcher: spy, settings: PlayerSettings(name: "t", maxDepth: 5, policy: Self.quick))
            let ad = try Fixtures.only(chain)
            #expect(ad.stop.reason == .schemeRefused)
            #expect(ad.diagnostics.map(\.ruleID) == ["CHAIN-scheme-refused"])
            #expect(spy.calls.isEmpty)
            #expect(!chain.documents.contains { String(decoding: $0.data, as: UTF8.self).contains("SECRET") })

            // Through a redirect: the HTTP fetcher refuses the file:// target.
            let redirected = try Fixtures.only(try server.resolve("to-file-redirect.xml", policy: Self.quick))
            #expect(redirected.stop.reason == .schemeRefused, "\(redirected.stop.message)")
            #expect(redirected.diagnostics.map(\.ruleID) == ["CHAIN-scheme-refused"])
        }
    }

    @Test func refusingPrivateAddressesRefusesTheTestServer() throws {
        try withServer { server in
            var policy = Self.quick
            #expect(throws: Never.self) { try HTTPFetcher(policy: policy).fetch(server.url("/files/live/inline.xml"), referrer: nil) }
            policy.refusePrivateAddresses = true
            #expect(throws: FetchError.privateAddressRefused(uri: server.url("/files/live/inline.xml").absoluteString, address: "127.0.0.1")) {
                try HTTPFetcher(policy: policy).fetch(server.url("/files/live/inline.xml"), referrer: nil)
            }
            let ad = try Fixtures.only(try server.resolve("to-inline.xml", policy: policy))
            #expect(ad.stop.reason == .privateAddressRefused)
        }
    }
}
