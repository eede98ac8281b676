#if canImport(Glibc)
import Glibc
#endif

/// A fast, unkeyed 64-bit hash of UTF-8 text, for rules that look for repeated URLs among thousands.
///
/// Hashing a long URL with `Hasher` (SipHash) costs far more than the comparison it saves; rules hash with
/// this into first-index tables and compare the actual text whenever two hashes are equal, so a collision
/// never changes a finding. `String` equality is Unicode canonical equivalence, so text that could equal a
/// differently encoded text (any non-ASCII byte, or `K`, `;` or `` ` ``, the only ASCII characters that
/// non-ASCII characters decompose to) is hashed with `Hasher`, which hashes the canonical form.
enum ByteHash {
    /// The hash of `text` mixed into `seed`.
    static func hash(_ text: String, seed: UInt64 = 0) -> UInt64 {
        var copy = text
        return copy.withUTF8 { plainHash(UnsafeRawBufferPointer($0), seed: seed) } ?? unicodeHash(text, seed: seed)
    }

    /// The hash of `text` mixed into `seed` (equal to the hash of the same text as a `String`).
    static func hash(_ text: Substring, seed: UInt64 = 0) -> UInt64 {
        if let value = text.utf8.withContiguousStorageIfAvailable({ plainHash(UnsafeRawBufferPointer($0), seed: seed) }),
           let value {
            return value
        }
        return hash(String(text), seed: seed)
    }

    /// The hash of `url` seeded with the hash of the parent of the element `path` (the text before its last
    /// `/`, as `parentOfPathSlice`): the usual key of the duplicate-URL rules.
    static func hash(url: String, parentOf path: String) -> UInt64 {
        var copy = path
        let parent = copy.withUTF8 { bytes -> UInt64 in
            var end = bytes.count
            while end > 0, bytes[end - 1] != 0x2F { end -= 1 }
            // No slash: the parent is empty.
            let slice = UnsafeBufferPointer(rebasing: bytes[0..<max(end - 1, 0)])
            return plainHash(UnsafeRawBufferPointer(slice), seed: 0)
                ?? unicodeHash(String(decoding: slice, as: UTF8.self), seed: 0)
        }
        return hash(url, seed: parent)
    }

    private static func unicodeHash(_ text: String, seed: UInt64) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(seed)
        hasher.combine(text)
        return UInt64(truncatingIfNeeded: hasher.finalize())
    }

    /// Whether a word holds a byte equal to `byte`.
    @inline(__always)
    private static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
    }

    /// The byte hash of plain ASCII text, or `nil` when the text has a byte that canonical equivalence
    /// could match differently (non-ASCII, `K`, `;`, `` ` ``).
    static func plainHash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64? {
        let n = bytes.count
        var h = (seed ^ 0x9E37_79B9_7F4A_7C15) &+ UInt64(n) &* 0xFF51_AFD7_ED55_8CCD
        var i = 0
        while i + 8 <= n {
            let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 || hasByte(word, 0x4B) || hasByte(word, 0x3B) || hasByte(word, 0x60) { return nil }
            h = (h ^ word) &* 0xC4CE_B9FE_1A85_EC53
            h ^= h >> 31
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < n {
            let b = bytes[i]
            if b >= 0x80 || b == 0x4B || b == 0x3B || b == 0x60 { return nil }
            tail |= UInt64(b) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        return h
    }
}

/// A table from 64-bit hashes to the first index seen with each, for finding repeats among thousands of
/// items: open addressing over a flat array, cheaper than a `Dictionary` of `UInt64`. Callers compare the
/// items themselves when an earlier index is returned, as two different items may share a hash.
struct FirstIndexTable {
    private var hashes: [UInt64]
    /// Index + 1; 0 marks an empty slot.
    private var indices: [Int]
    private let mask: Int

    /// A table for up to `capacity` items.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        hashes = Array(repeating: 0, count: size)
        indices = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// The first index recorded under `hash`; when there is none, records `index` and returns `nil`.
    mutating func firstIndex(of hash: UInt64, orInsert index: Int) -> Int? {
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let stored = indices[slot]
            if stored == 0 {
                hashes[slot] = hash
                indices[slot] = index + 1
                return nil
            }
            if hashes[slot] == hash { return stored - 1 }
            slot = (slot + 1) & mask
        }
    }
}

/// A read-only table from names to values, looked up by the names' bytes: for element and attribute
/// names, looked up for every element of a tag. Cheaper than a `Dictionary` of `String`, whose hashing
/// dominates such walks. Names with non-ASCII characters are looked up in a `Dictionary`, so that equality
/// stays Unicode canonical equivalence, as for `String`.
struct NameTable<Value: Sendable>: Sendable {
    private var keys: [[UInt8]]
    private var values: [Value?]
    private let mask: Int
    private let dictionary: [String: Value]
    /// A key is not ASCII: every look-up goes to the dictionary.
    private let dictionaryOnly: Bool

    init(_ dictionary: [String: Value]) {
        self.dictionary = dictionary
        dictionaryOnly = dictionary.keys.contains { !$0.utf8.allSatisfy { $0 < 0x80 } }
        var size = 8
        while size < dictionary.count * 2 { size <<= 1 }
        keys = Array(repeating: [], count: size)
        values = Array(repeating: nil, count: size)
        mask = size - 1
        for (name, value) in dictionary where name.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = Array(name.utf8)
            var slot = bytes.withUnsafeBytes { Int(truncatingIfNeeded: Self.slot($0)) } & mask
            while values[slot] != nil { slot = (slot + 1) & mask }
            keys[slot] = bytes
            values[slot] = value
        }
    }

    /// The slot hash of a name's bytes (FNV-1a).
    private static func slot(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h = fnvOffset
        for b in bytes { h = fnvStep(h, b) }
        return h
    }

    /// FNV-1a, one byte at a time (shared by `slot(_:)` and the one-pass look-up).
    private static var fnvOffset: UInt64 { 0xCBF2_9CE4_8422_2325 }
    @inline(__always) private static func fnvStep(_ h: UInt64, _ b: UInt8) -> UInt64 { (h ^ UInt64(b)) &* 0x100_0000_01B3 }

    subscript(name: String) -> Value? {
        var copy = name
        return copy.withUTF8 { bytes -> Value? in
            // One pass: the slot hash (as `slot(_:)` computes it), whether any byte is non-ASCII, and
            // whether K, ; or ` occur (which non-ASCII characters may equal under String equality).
            var h = Self.fnvOffset
            var high: UInt8 = 0
            var special = false
            for b in bytes {
                high |= b
                special = special || b == 0x4B || b == 0x3B || b == 0x60
                h = Self.fnvStep(h, b)
            }
            if high >= 0x80 || dictionaryOnly || special {
                return dictionary[name]
            }
            var slot = Int(truncatingIfNeeded: h) & mask
            while let value = values[slot] {
                if keys[slot].count == bytes.count, keys[slot].withUnsafeBufferPointer({ key in
                    guard let a = key.baseAddress, let b = bytes.baseAddress else { return key.isEmpty }
                    return memcmp(a, b, key.count) == 0
                }) { return value }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }
}
