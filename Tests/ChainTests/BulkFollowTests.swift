import Chain
import ConformCore
import ConformTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The local ad server of `scripts/chain-server.py`: Wrapper chains over several loopback hosts, a set
/// latency, and a count of the requests it served at once per host.
final class ChainServer: @unchecked Sendable {
    let server: ScriptServer
    var port: Int { server.port }

    init(latencyMs: Int, hosts: [String] = ["127.0.0.1", "127.0.0.2", "127.0.0.3"], slow: [String: Int] = [:]) throws {
        server = try ScriptServer("chain-server.py", ["--hosts", hosts.joined(separator: ","), "--latency", String(latencyMs)]
            + slow.flatMap { ["--slow", "\($0.key)=\($0.value)"] })
    }

    func url(_ host: String = "127.0.0.1", hops: Int, id: String) -> String { "http://\(host):\(port)/chain/\(hops)/\(id)" }

    /// The most requests served at once, per host, since the last reset.
    func peaks() throws -> [String: Int] {
        let data = try HTTPFetcher().fetch(URL(string: "http://127.0.0.1:\(port)/stats")!, referrer: nil).data
        let stats = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return stats["peak"] as? [String: Int] ?? [:]
    }

    /// Requests served, and connections opened, per host since the last reset.
    func traffic() throws -> (served: [String: Int], connections: [String: Int]) {
        let data = try HTTPFetcher().fetch(URL(string: "http://127.0.0.1:\(port)/stats")!, referrer: nil).data
        let stats = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (stats["served"] as? [String: Int] ?? [:], stats["connections"] as? [String: Int] ?? [:])
    }

    func reset() throws { _ = try HTTPFetcher().fetch(URL(string: "http://127.0.0.1:\(port)/reset")!, referrer: nil) }
}

/// `check --follow` over many tags: concurrent, polite to each host, bounded, and the same output as a
/// run one tag at a time. Against a real HTTP server on loopback addresses.
@Suite(.serialized, .enabled(if: ConformBinary.url != nil && SystemProgram.find("python3") != nil,
                             "the conform binary and python3 are needed"))
struct BulkFollowTests {
    func check(_ arguments: [String], list: [String]) throws -> (code: Int32, stdout: String, stderr: String, seconds: Double) {
        let folder = try ConformBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tags.txt")
        try Data(("# campaign tags\n\n" + list.joined(separator: "\n") + "\n").utf8).write(to: file)
        let started = Date()
        let output = try ConformBinary.run(["check", "--follow", "--input-list", file.path] + arguments, environment: ["CI": "true"])
        return (output.status, output.stdout, output.stderr, Date().timeIntervalSince(started))
    }

    /// Times of fetches differ from run to run; everything else must not.
    static func withoutTimes(_ text: String) -> String {
        text.replacingOccurrences(of: #"\s+\d+ ms"#, with: " _ ms", options: .regularExpression)
    }

    @Test func theOutputIsInInputOrderAndTheSameAsASerialRun() throws {
        let server = try ChainServer(latencyMs: 30)
        let hosts = ["127.0.0.1", "127.0.0.2", "127.0.0.3"]
        let list = (0..<24).map { server.url(hosts[$0 % 3], hops: 1 + ($0 * 7) % 3, id: "t\($0)") }
        let serial = try check(["--jobs", "1"], list: list)
        try server.reset()
        let concurrent = try check(["--jobs", "8", "--per-host", "2"], list: list)
        #expect(serial.code == concurrent.code)
        #expect(!serial.stdout.isEmpty)
        #expect(Self.withoutTimes(serial.stdout) == Self.withoutTimes(concurrent.stdout))
        // The inputs appear in the order the list gives them.
        let order = list.compactMap { url in concurrent.stdout.range(of: url + "  VAST")?.lowerBound }
        #expect(order.count == list.count && order == order.sorted())
        #expect(try server.peaks().values.allSatisfy { $0 <= 2 })
        // Progress lines in CI: done, in flight, failed.
        #expect(concurrent.stderr.contains("conform check: 24/24 inputs"))
    }

    @Test func noHostGetsMoreThanItsLimitAtOnce() throws {
        let server = try ChainServer(latencyMs: 60, hosts: ["127.0.0.1"])
        let list = (0..<30).map { server.url(hops: 2, id: "p\($0)") }
        let result = try check(["--jobs", "16", "--per-host", "3", "--quiet"], list: list)
        #expect(result.code == 0)
        // The limit is reached (the sweep was concurrent) and never passed.
        #expect(try server.peaks()["127.0.0.1"] == 3)
    }

    @Test func requestsToOneHostReuseTheirConnections() throws {
        let server = try ChainServer(latencyMs: 0, hosts: ["127.0.0.1"])
        let list = (0..<10).map { server.url(hops: 2, id: "k\($0)") }
        try server.reset()
        let result = try check(["--jobs", "2", "--quiet"], list: list)
        #expect(result.code == 0)
        let traffic = try server.traffic()
        // Twenty requests from two threads: each thread keeps its connection (the /stats request adds one).
        #expect(traffic.served["127.0.0.1"] == 20)
        #expect((traffic.connections["127.0.0.1"] ?? 99) <= 4, "connections: \(traffic.connections)")
    }

    @Test func aSlowHostHoldsUpOnlyItsOwnChains() throws {
        // Ten chains of two hops at 300 ms each, and one on a host that answers after 20 s, with 1 s per hop.
        // One at a time that is over 7 s; concurrently the slow chain ends at its own limit, with the rest done.
        let server = try ChainServer(latencyMs: 300, hosts: ["127.0.0.1", "127.0.0.2", "127.0.0.5"], slow: ["127.0.0.5": 20000])
        let list = [server.url("127.0.0.5", hops: 1, id: "slow")] + (0..<10).map { server.url("127.0.0.1", hops: 2, id: "f\($0)") }
        let result = try check(["--timeout", "1", "--quiet", "--format", "json"], list: list)
        #expect(result.seconds < 4.5, "took \(result.seconds) s")
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(reports.count == 10, "the ten fast chains are reported; the slow root could not be read")
        #expect(result.stderr.contains("127.0.0.5"))
        #expect(result.code == 2)
    }

    @Test func aHostThatRefusesConnectionsFailsOnlyItsChains() throws {
        let server = try ChainServer(latencyMs: 0)
        // Nothing listens on 127.0.0.9.
        let refused = "http://127.0.0.9:\(server.port)/chain/1/r"
        let list = [server.url(hops: 2, id: "a"), refused, server.url(hops: 3, id: "b")]
        let result = try check(["--format", "json"], list: list)
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(reports.map { $0["file"] as? String } == [list[0], list[2]])
        #expect(result.stderr.contains(refused))
        #expect(result.code == 2)
    }

    @Test func aMissingListIsNamed() throws {
        let output = try ConformBinary.run(["check", "--input-list", "/nonexistent/tags.txt"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("--input-list") && output.stderr.contains("/nonexistent/tags.txt"))
    }
}

/// The pieces the sweep is made of, alone.
struct OrderedWorkAndLimiterTests {
    @Test func resultsComeInOrderWithBoundedWork() {
        let running = Counter()
        var delivered: [Int] = []
        // Later items finish first: each sleeps less than the one before.
        OrderedWork.run(0..<40, jobs: 6, work: { item in
            running.enter()
            usleep(useconds_t((40 - item) * 300))
            running.leave()
            return item * 2
        }, deliver: { delivered.append($0) })
        #expect(delivered == (0..<40).map { $0 * 2 })
        #expect(running.peak <= 6 && running.peak >= 2)
    }

    @Test func oneJobIsAPlainLoop() {
        var log: [String] = []
        let box = LogBox()
        OrderedWork.run(["a", "b", "c"], jobs: 1, work: { item in box.append("work \(item)"); return item }, deliver: { item in
            log.append(contentsOf: box.take())
            log.append("deliver \(item)")
        })
        #expect(log == ["work a", "deliver a", "work b", "deliver b", "work c", "deliver c"])
    }

    @Test func theLimiterHoldsEachHostToItsLimit() {
        let limiter = HostLimiter(perHost: 2)
        let finished = DispatchGroup()
        for index in 0..<12 {
            finished.enter()
            Thread {
                let host = index % 2 == 0 ? "a.example:80" : "b.example:80"
                limiter.withSlot(for: host) { () -> Void in usleep(20_000) }
                finished.leave()
            }.start()
        }
        finished.wait()
        #expect(limiter.peak == ["a.example:80": 2, "b.example:80": 2])
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var now = 0
        private(set) var peak = 0
        func enter() { lock.withLock { now += 1; peak = max(peak, now) } }
        func leave() { lock.withLock { now -= 1 } }
    }

    final class LogBox: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        func take() -> [String] { lock.withLock { defer { lines = [] }; return lines } }
    }
}
