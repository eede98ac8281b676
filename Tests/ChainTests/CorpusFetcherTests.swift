import Chain
import Foundation
import Testing

/// The simulated responses of ``CorpusFetcher`` make the decisions ``HTTPFetcher`` makes, offline.
@Suite struct CorpusFetcherTests {
    static let base = URL(fileURLWithPath: "/nonexistent")

    func fetcher(_ json: String, policy: FetchPolicy? = FetchPolicy()) throws -> CorpusFetcher {
        let entries = try CorpusFetcher.parseMap(Data(json.utf8))
        if let policy { return CorpusFetcher(entries: entries, baseDirectory: Self.base, policy: policy) }
        return CorpusFetcher(entries: entries, baseDirectory: Self.base)
    }

    func failure(_ fetcher: CorpusFetcher, _ uri: String) -> FetchError? {
        do {
            _ = try fetcher.fetch(URL(string: uri)!, referrer: nil)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesEveryForm() throws {
        let entries = try CorpusFetcher.parseMap(Data("""
            {"a": "a.xml", "b": {"file": "b.xml"}, "c": {"status": 404}, "d": {"timeout": true},
             "e": {"redirect": "https://x.example/e"}, "f": {"redirect": "/f", "redirects": 3},
             "g": {"body": "<html/>"}, "h": {"size": 10}}
            """.utf8))
        #expect(entries == ["a": .file("a.xml"), "b": .file("b.xml"), "c": .status(404), "d": .timeout,
                            "e": .redirect(to: "https://x.example/e", count: 1), "f": .redirect(to: "/f", count: 3),
                            "g": .body(Data("<html/>".utf8)), "h": .size(10)])
        let encoded = try JSONEncoder().encode(entries)
        #expect(try JSONDecoder().decode([String: CorpusFetcher.Entry].self, from: encoded) == entries)
    }

    @Test(arguments: [
        (#"{"a": {"file": "x", "status": 404}}"#, "exactly one of"),
        (#"{"a": {"redirects": 2}}"#, "exactly one of"),
        (#"{"a": {"status": 404, "redirects": 2}}"#, "needs \"redirect\""),
        (#"{"a": {"redirect": "b", "redirects": 0}}"#, "at least 1"),
        (#"{"a": {"timeout": false}}"#, "must be true"),
        (#"{"a": {"status": 42}}"#, "not an HTTP status"),
        (#"{"a": {"size": -1}}"#, "must not be negative"),
        // Once accepted, and made as a body under a policy limit as large (a crash on allocation).
        (#"{"a": {"size": 9000000000000000000}}"#, "must be at most 1073741824 bytes (1 GiB)"),
        (#"{"a": {"stauts": 404}}"#, "unknown key 'stauts'"),
        (#"[1]"#, "expected a JSON object"),
    ])
    func rejectsMalformedEntries(json: String, message: String) {
        #expect(throws: CorpusFetcher.MapError.self) { try CorpusFetcher.parseMap(Data(json.utf8)) }
        do {
            _ = try CorpusFetcher.parseMap(Data(json.utf8))
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test func redirectsCountAgainstThePolicyLimit() throws {
        let map = """
            {"https://a.example/self": {"redirect": "https://a.example/self"},
             "https://a.example/five": {"redirect": "https://a.example/end", "redirects": 5},
             "https://a.example/six": {"redirect": "https://a.example/end", "redirects": 6},
             "https://a.example/two": {"redirect": "/hop"}, "https://a.example/hop": {"redirect": "https://a.example/end"},
             "https://a.example/end": {"body": "<VAST version=\\"4.2\\"/>"}}
            """
        let fetcher = try fetcher(map)
        #expect(failure(fetcher, "https://a.example/self") == .tooManyRedirects(uri: "https://a.example/self", limit: 5))
        #expect(failure(fetcher, "https://a.example/six") == .tooManyRedirects(uri: "https://a.example/six", limit: 5))
        let five = try fetcher.fetch(URL(string: "https://a.example/five")!, referrer: nil)
        #expect(five.redirects == 5 && five.finalURI.absoluteString == "https://a.example/end" && five.statusCode == 200)
        let two = try fetcher.fetch(URL(string: "https://a.example/two")!, referrer: nil)
        #expect(two.redirects == 2 && String(decoding: two.data, as: UTF8.self) == "<VAST version=\"4.2\"/>")
        var strict = FetchPolicy()
        strict.redirects = 1
        #expect(failure(try self.fetcher(map, policy: strict), "https://a.example/two") == .tooManyRedirects(uri: "https://a.example/two", limit: 1))
    }

    @Test func redirectTargetsAreCheckedLikeHTTP() throws {
        let map = """
            {"https://a.example/ftp": {"redirect": "ftp://files.example/v.xml"},
             "https://a.example/private": {"redirect": "http://10.1.2.3/v"}, "http://10.1.2.3/v": {"status": 204},
             "http://[::1]/v": {"status": 204}, "http://internal.example/v": {"status": 204}}
            """
        var refusing = FetchPolicy()
        refusing.refusePrivateAddresses = true
        let fetcher = try fetcher(map, policy: refusing)
        #expect(failure(fetcher, "https://a.example/ftp") == .schemeRefused(uri: "ftp://files.example/v.xml", scheme: "ftp"))
        #expect(failure(fetcher, "https://a.example/private") == .privateAddressRefused(uri: "http://10.1.2.3/v", address: "10.1.2.3"))
        #expect(failure(fetcher, "http://[::1]/v") == .privateAddressRefused(uri: "http://[::1]/v", address: "::1"))
        // Names are never looked up offline: only address literals are private.
        #expect(failure(fetcher, "http://internal.example/v") == nil)
        // The refusal is opt-in, as for HTTPFetcher; the scheme check on redirects is not.
        let open = try self.fetcher(map, policy: nil)
        #expect(failure(open, "https://a.example/private") == nil)
        #expect(failure(open, "http://[::1]/v") == nil)
        #expect(failure(open, "https://a.example/ftp") == .schemeRefused(uri: "ftp://files.example/v.xml", scheme: "ftp"))
    }

    @Test func sizesBodiesStatusesAndTimeouts() throws {
        var policy = FetchPolicy()
        policy.maxBytes = 8
        policy.perHopTimeout = 5
        let fetcher = try fetcher("""
            {"https://a.example/big": {"size": 67108864}, "https://a.example/small": {"size": 8},
             "https://a.example/long": {"body": "123456789"}, "https://a.example/gone": {"status": 410},
             "https://a.example/slow": {"timeout": true}}
            """, policy: policy)
        #expect(failure(fetcher, "https://a.example/big") == .oversize(uri: "https://a.example/big", limit: 8))
        #expect(failure(fetcher, "https://a.example/long") == .oversize(uri: "https://a.example/long", limit: 8))
        #expect(try fetcher.fetch(URL(string: "https://a.example/small")!, referrer: nil).data == Data(repeating: 0x20, count: 8))
        #expect(failure(fetcher, "https://a.example/gone") == .httpStatus(uri: "https://a.example/gone", code: 410))
        #expect(failure(fetcher, "https://a.example/slow") == .timeout(uri: "https://a.example/slow", seconds: 5))
        #expect(failure(fetcher, "https://a.example/unmapped") == .notFound(uri: "https://a.example/unmapped"))
    }

    @Test func timeoutMessagesNameAnyLimit() {
        // A policy built in code can hold any limit; the message of a timed-out hop must not stop on it.
        #expect(FetchError.timeout(uri: "u", seconds: 0.25).description == "no response from u within 250 ms")
        #expect(FetchError.timeout(uri: "u", seconds: 5).description == "no response from u within 5 s")
        #expect(FetchError.timeout(uri: "u", seconds: 2.5).description == "no response from u within 2.5 s")
        #expect(FetchError.timeout(uri: "u", seconds: 1e300).description.hasPrefix("no response from u within 1"))
        #expect(FetchError.timeout(uri: "u", seconds: -1e300).description.hasPrefix("no response from u within -1"))
    }

    @Test func privateLiteralsNeverResolveNames() {
        #expect(AddressPolicy.privateLiteral(host: "127.0.0.1") == "127.0.0.1")
        #expect(AddressPolicy.privateLiteral(host: "[fe80::1]") == "fe80::1")
        #expect(AddressPolicy.privateLiteral(host: "192.168.1.1") == "192.168.1.1")
        #expect(AddressPolicy.privateLiteral(host: "8.8.8.8") == nil)
        #expect(AddressPolicy.privateLiteral(host: "localhost") == nil)
    }
}
