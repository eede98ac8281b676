#if canImport(Glibc)
import Glibc
#endif

extension StringProtocol {
    /// The string without leading and trailing XML whitespace (space, tab, CR, LF). Works on UTF-8
    /// bytes, so it is linear and allocation-free when nothing needs trimming.
    public func trimmingWhitespace() -> String {
        let whole = Substring(self)
        let utf8 = whole.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        while start < end, isSpace(utf8[start]) { start = utf8.index(after: start) }
        while end > start {
            let before = utf8.index(before: end)
            if isSpace(utf8[before]) { end = before } else { break }
        }
        if start == utf8.startIndex && end == utf8.endIndex, let string = self as? String { return string }
        return String(whole[start..<end])
    }

    /// True when the string holds only XML whitespace (or nothing).
    public var isBlank: Bool {
        utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}

extension String {
    /// The string without leading and trailing XML whitespace (space, tab, CR, LF); `self` when there
    /// is none, without copying. (The String overload avoids the generic version's dynamic cast.)
    public func trimmingWhitespace() -> String {
        isTrimmed ? self : Substring(self).trimmingWhitespace()
    }

    /// True when the string neither starts nor ends with XML whitespace (space, tab, CR, LF), so
    /// ``trimmingWhitespace()`` returns it unchanged. Reads two bytes in place.
    public var isTrimmed: Bool {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        if let answer = utf8.withContiguousStorageIfAvailable({ b in b.isEmpty || (!isSpace(b[0]) && !isSpace(b[b.count - 1])) }) {
            return answer
        }
        guard let first = utf8.first, let last = utf8.last else { return true }
        return !isSpace(first) && !isSpace(last)
    }

    /// The concatenation of two to five strings, made with one allocation and one copy of each part's
    /// bytes. For messages built on hot paths: string interpolation grows the result part by part, and
    /// each of its appends costs several hundred instructions. (Fixed arity: a variadic list would cost
    /// an array per message.)
    public init(concatenating a: String, _ b: String, _ c: String = "", _ d: String = "", _ e: String = "") {
        let total = a.utf8.count + b.utf8.count + c.utf8.count + d.utf8.count + e.utf8.count
        self.init(unsafeUninitializedCapacity: total) { buffer in
            var at = 0
            String.copyBytes(of: a, into: buffer, at: &at)
            String.copyBytes(of: b, into: buffer, at: &at)
            String.copyBytes(of: c, into: buffer, at: &at)
            String.copyBytes(of: d, into: buffer, at: &at)
            String.copyBytes(of: e, into: buffer, at: &at)
            return at
        }
    }

    private static func copyBytes(of part: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at: inout Int) {
        let copied = part.utf8.withContiguousStorageIfAvailable { source -> Int in
            if let base = source.baseAddress, !source.isEmpty {
                (buffer.baseAddress! + at).initialize(from: base, count: source.count)
            }
            return source.count
        }
        if let copied {
            at += copied
        } else {
            for byte in part.utf8 {
                buffer[at] = byte
                at += 1
            }
        }
    }

    /// Equality for element and attribute names: compares lengths before contents, which settles
    /// almost every unequal pair without entering the general string comparison.
    @inlinable
    public func isSameName(_ other: String) -> Bool {
        utf8.count == other.utf8.count && self == other
    }

    /// `lowercased()`, without building a copy when nothing would change: a string with no upper-case
    /// ASCII letter and no non-ASCII byte is returned as it is.
    @inlinable
    public func lowercasedIfNeeded() -> String {
        utf8.contains { ($0 >= 0x41 && $0 <= 0x5A) || $0 >= 0x80 } ? lowercased() : self
    }

    /// Whether `needle` occurs in the string, comparing UTF-8 bytes. Much cheaper than Foundation's
    /// `contains(_:)`/`range(of:)`, which go through NSString; exact (no case or locale folding).
    public func containsBytes(_ needle: String) -> Bool {
        // Native strings lend their bytes in place; others are copied into native form first.
        if let found = utf8.withContiguousStorageIfAvailable({ h in
            needle.utf8.withContiguousStorageIfAvailable { n in Self.containsBytes(h, n) }
        }), let found {
            return found
        }
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { h in needle.withUTF8 { n in Self.containsBytes(h, n) } }
    }

    private static func containsBytes(_ h: UnsafeBufferPointer<UInt8>, _ n: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !n.isEmpty else { return true }
        guard n.count <= h.count else { return false }
        #if canImport(Glibc)
        // memchr (vectorised in the C library) finds each candidate first byte; memcmp checks it.
        guard let hBase = h.baseAddress, let nBase = n.baseAddress else { return false }
        let last = h.count - n.count
        var i = 0
        while i <= last {
            guard let hit = memchr(hBase + i, Int32(n[0]), last - i + 1) else { return false }
            let at = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - hBase
            if memcmp(hBase + at, nBase, n.count) == 0 { return true }
            i = at + 1
        }
        return false
        #else
        let first = n[0]
        var i = 0
        let last = h.count - n.count
        while i <= last {
            if h[i] == first {
                var j = 1
                while j < n.count && h[i + j] == n[j] { j += 1 }
                if j == n.count { return true }
            }
            i += 1
        }
        return false
        #endif
    }

    /// The element name of an element path: `/VAST/Ad[1]/InLine/Impression[2]` → `Impression`
    /// (the last step, without its index).
    public var elementNameOfPath: String {
        let bytes = utf8
        let start = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "[")) ?? bytes.endIndex
        return String(self[start..<end])
    }
}

extension String {
    /// The Levenshtein distance to `other`, over characters: how many insertions, deletions and
    /// substitutions turn one into the other. For suggestions ("did you mean …?"), on short strings.
    public func editDistance(to other: String) -> Int {
        Levenshtein.distance(Array(self), Array(other))
    }
}

/// The one edit-distance function of the project (rule-id and command suggestions, parameter-key typos).
public enum Levenshtein {
    /// How many insertions, deletions and substitutions turn `a` into `b`; with a `limit`, gives up and
    /// returns `limit + 1` as soon as the distance must exceed it.
    public static func distance<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int = .max - 1) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0 ... b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1 ... a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1 ... b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMinimum = Swift.min(rowMinimum, current[j])
            }
            // Every later row is at least this row's minimum.
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
