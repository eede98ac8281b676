import ConformCore

/// A stable split of a corpus into N shards: a case belongs to shard K when the FNV-1a hash of its
/// id, modulo N, is K − 1. The split depends only on the id, so every machine of a CI matrix agrees,
/// each case lands in exactly one shard, and adding a case never moves another.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based shard number.
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) throws(ConformanceError) {
        guard count >= 1, index >= 1, index <= count else { throw .badShard("\(index)/\(count)") }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    public init(parsing raw: String) throws(ConformanceError) {
        let parts = raw.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { throw .badShard(raw) }
        do {
            try self.init(index: index, count: count)
        } catch {
            throw .badShard(raw)
        }
    }

    public func contains(_ caseID: String) -> Bool {
        Int(Self.hash(caseID) % UInt64(count)) == index - 1
    }

    /// 64-bit FNV-1a of the UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    public var description: String { "\(index)/\(count)" }
}

/// Glob patterns over case ids: `*` matches any run of characters (slashes included), `?` one
/// character; a pattern without wildcards matches ids that start with it (`vast/` selects a folder).
public struct CaseFilter: Sendable, Hashable {
    public var patterns: [String]

    public init(_ patterns: [String]) {
        self.patterns = patterns
    }

    /// True when there are no patterns or any pattern matches.
    public func matches(_ caseID: String) -> Bool {
        patterns.isEmpty || patterns.contains { Self.glob($0, caseID) }
    }

    /// A pattern without wildcards names a prefix (`rules/VAST-4.1` takes every case under it); one with
    /// wildcards matches the case id whole.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        Wildcard.isPattern(pattern) ? Wildcard.matches(pattern, text) : text.hasPrefix(pattern)
    }
}
