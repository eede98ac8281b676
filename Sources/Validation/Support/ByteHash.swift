/// A fast, unkeyed 64-bit hash of UTF-8 text, for rules that look for repeated URLs among thousands.
///
/// Hashing a long URL with `Hasher` (SipHash) costs far more than the comparison it saves; rules hash with
/// this into `[UInt64: Int]` tables and compare the actual text whenever two hashes are equal, so a
/// collision never changes a finding. Text with non-ASCII bytes hashes to one fixed value (mixed into the
/// seed), because `String` equality is Unicode canonical equivalence: two different byte sequences can be
/// equal strings, and must then meet in the table.
enum ByteHash {
    /// The hash of `text`'s bytes mixed into `seed`.
    static func hash(_ text: String, seed: UInt64 = 0) -> UInt64 {
        var copy = text
        return copy.withUTF8 { hash(UnsafeRawBufferPointer($0), seed: seed) }
    }

    /// The hash of `text`'s bytes mixed into `seed`.
    static func hash(_ text: Substring, seed: UInt64 = 0) -> UInt64 {
        if let value = text.utf8.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0), seed: seed) }) {
            return value
        }
        return hash(String(text), seed: seed)
    }

    /// The hash of `url` seeded with the hash of the parent of the element `path` (the bytes before its last
    /// `/`, as `parentOfPathSlice`): the usual key of the duplicate-URL rules.
    static func hash(url: String, parentOf path: String) -> UInt64 {
        var copy = path
        let parent = copy.withUTF8 { bytes -> UInt64 in
            var end = bytes.count
            while end > 0, bytes[end - 1] != 0x2F { end -= 1 }
            // No slash: the parent is empty.
            return hash(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[0..<max(end - 1, 0)])), seed: 0)
        }
        return hash(url, seed: parent)
    }

    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let n = bytes.count
        var h = (seed ^ 0x9E37_79B9_7F4A_7C15) &+ UInt64(n) &* 0xFF51_AFD7_ED55_8CCD
        var high: UInt64 = 0
        var i = 0
        while i + 8 <= n {
            let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            high |= word
            h = (h ^ word) &* 0xC4CE_B9FE_1A85_EC53
            h ^= h >> 31
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < n {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        high |= tail
        if high & 0x8080_8080_8080_8080 != 0 { return (seed ^ 0x5EED_0F0A_5C11_0000) &* 0xC4CE_B9FE_1A85_EC53 }
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

    init(_ dictionary: [String: Value]) {
        self.dictionary = dictionary
        var size = 8
        while size < dictionary.count * 2 { size <<= 1 }
        keys = Array(repeating: [], count: size)
        values = Array(repeating: nil, count: size)
        mask = size - 1
        for (name, value) in dictionary where name.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = Array(name.utf8)
            var slot = bytes.withUnsafeBytes { Int(truncatingIfNeeded: ByteHash.hash($0, seed: 0)) } & mask
            while values[slot] != nil { slot = (slot + 1) & mask }
            keys[slot] = bytes
            values[slot] = value
        }
    }

    subscript(name: String) -> Value? {
        var copy = name
        return copy.withUTF8 { bytes -> Value? in
            var high: UInt8 = 0
            for b in bytes { high |= b }
            if high >= 0x80 { return dictionary[name] }
            var slot = Int(truncatingIfNeeded: ByteHash.hash(UnsafeRawBufferPointer(bytes), seed: 0)) & mask
            while let value = values[slot] {
                if keys[slot].count == bytes.count, keys[slot].withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) { return value }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }
}
