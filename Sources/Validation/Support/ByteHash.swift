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
        if let value = text.utf8.withContiguousStorageIfAvailable({ plainHash(UnsafeRawBufferPointer($0), seed: seed) }),
           let value {
            return value
        }
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
        hash(url, seed: parentHash(of: path))
    }

    /// Two hashes mixed into one (for keys made of parts hashed apart).
    @inline(__always)
    static func combine(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var h = (a ^ (b &* 0x9E37_79B9_7F4A_7C15)) &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 31
        return h
    }

    /// The hash of the parent of the element `path`: the text before its last `/` (empty without one).
    static func parentHash(of path: String) -> UInt64 {
        func parentHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            let slice = UnsafeBufferPointer(rebasing: bytes[0..<parentLength(bytes)])
            return plainHash(UnsafeRawBufferPointer(slice), seed: 0)
                ?? unicodeHash(String(decoding: slice, as: UTF8.self), seed: 0)
        }
        if let value = path.utf8.withContiguousStorageIfAvailable(parentHash) { return value }
        var copy = path
        return copy.withUTF8(parentHash)
    }

    /// Whether the element paths `a` and `b` have the same parent, byte for byte (and so the same
    /// ``parentHash(of:)``). Sibling elements' paths differ only after their last `/`.
    static func sameParent(_ a: String, _ b: String) -> Bool {
        let answer = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y -> Bool in
                let n = parentLength(x)
                guard n == parentLength(y) else { return false }
                guard n > 0, let xBase = x.baseAddress, let yBase = y.baseAddress else { return true }
                return memcmp(xBase, yBase, n) == 0
            }
        }
        if let answer, let answer { return answer }
        let x = Array(a.utf8), y = Array(b.utf8)
        return x[0..<parentLength(x)].elementsEqual(y[0..<parentLength(y)])
    }

    /// The number of bytes before the last `/` (0 without one).
    private static func parentLength<C: RandomAccessCollection>(_ bytes: C) -> Int where C.Element == UInt8, C.Index == Int {
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[end - 1] != 0x2F { end -= 1 }
        return max(end - 1 - bytes.startIndex, 0)
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
/// items: open addressing over one flat allocation, cheaper than a `Dictionary` of `UInt64`. Callers compare
/// the items themselves when an earlier index is returned, as two different items may share a hash.
///
/// Not copyable: it owns its slots and frees them when it goes. (Arrays would cost a look-up of their
/// type in the runtime's metadata cache each time a table is made, and rules make one per input.)
struct FirstIndexTable: ~Copyable {
    /// Two words per slot: the hash, then index + 1 (0 marks an empty slot).
    private let slots: UnsafeMutablePointer<UInt64>
    private let mask: Int

    /// A table for up to `capacity` items.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = .allocate(capacity: size * 2)
        slots.initialize(repeating: 0, count: size * 2)
        mask = size - 1
    }

    deinit { slots.deallocate() }

    /// The first index recorded under `hash`; when there is none, records `index` and returns `nil`.
    mutating func firstIndex(of hash: UInt64, orInsert index: Int) -> Int? {
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let stored = slots[2 * slot + 1]
            if stored == 0 {
                slots[2 * slot] = hash
                slots[2 * slot + 1] = UInt64(index) + 1
                return nil
            }
            if slots[2 * slot] == hash { return Int(stored) - 1 }
            slot = (slot + 1) & mask
        }
    }
}

/// A read-only table from names to values, looked up by the names' bytes: for element and attribute
/// names, looked up for every element of a tag. Cheaper than a `Dictionary` of `String`, whose hashing
/// dominates such walks.
///
/// An ASCII name of at most 32 bytes is read as four 64-bit words: the words give the hash, and a match is
/// four word comparisons. Other names (non-ASCII, longer, empty) are looked up in a `Dictionary`, so that
/// equality stays Unicode canonical equivalence, as for `String`. (An ASCII name equals an ASCII key only
/// when their bytes are equal; a non-ASCII key sends every look-up to the dictionary.)
struct NameTable<Value: Sendable>: Sendable {
    private typealias Words = (UInt64, UInt64, UInt64, UInt64)
    /// Four words per slot, then the name's length per slot (0: empty slot).
    private var words: [UInt64]
    private var lengths: [Int]
    private var values: [Value?]
    private let shift: UInt64
    private let dictionary: [String: Value]
    /// A key is not ASCII: every look-up goes to the dictionary.
    private let dictionaryOnly: Bool

    private static var maxLength: Int { 32 }

    init(_ dictionary: [String: Value]) {
        self.dictionary = dictionary
        dictionaryOnly = dictionary.keys.contains { !$0.utf8.allSatisfy { $0 < 0x80 } }
        var bits: UInt64 = 3
        while (1 << bits) < dictionary.count * 2 { bits += 1 }
        let size = 1 << Int(bits)
        shift = 64 - bits
        words = Array(repeating: 0, count: size * 4)
        lengths = Array(repeating: 0, count: size)
        values = Array(repeating: nil, count: size)
        for (name, value) in dictionary {
            let bytes = Array(name.utf8)
            guard !bytes.isEmpty, bytes.count <= Self.maxLength, bytes.allSatisfy({ $0 < 0x80 }) else { continue }
            let w = bytes.withUnsafeBufferPointer(Self.words)
            var slot = Self.slot(w, bytes.count, shift)
            while lengths[slot] != 0 { slot = (slot + 1) & (size - 1) }
            words[slot * 4] = w.0
            words[slot * 4 + 1] = w.1
            words[slot * 4 + 2] = w.2
            words[slot * 4 + 3] = w.3
            lengths[slot] = bytes.count
            values[slot] = value
        }
    }

    /// The bytes (at most 32) as four words, zero-padded (little-endian, as loads give them).
    @inline(__always) private static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> Words {
        guard let base = bytes.baseAddress else { return (0, 0, 0, 0) }
        let n = bytes.count
        let raw = UnsafeRawPointer(base)
        @inline(__always) func load<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> UInt64 {
            UInt64(raw.loadUnaligned(fromByteOffset: offset, as: T.self).littleEndian)
        }
        // The bytes from `start` to the end (at least one), read with loads that stay within the name: a
        // short last word is the top of the word that ends with the name, and a name shorter than a word
        // is read as two overlapping halves.
        @inline(__always) func word(_ start: Int) -> UInt64 {
            let r = n - start
            if r >= 8 { return load(start, UInt64.self) }
            if n >= 8 { return load(n - 8, UInt64.self) >> UInt64((8 - r) * 8) }
            if r >= 4 { return load(0, UInt32.self) | load(r - 4, UInt32.self) << UInt64((r - 4) * 8) }
            if r >= 2 { return load(0, UInt16.self) | load(r - 2, UInt16.self) << UInt64((r - 2) * 8) }
            return UInt64(base[0])
        }
        return (word(0), n > 8 ? word(8) : 0, n > 16 ? word(16) : 0, n > 24 ? word(24) : 0)
    }

    @inline(__always) private static func slot(_ w: Words, _ count: Int, _ shift: UInt64) -> Int {
        var h = (w.0 &* 0x9E37_79B9_7F4A_7C15) ^ (w.1 &* 0xC2B2_AE3D_27D4_EB4F) ^ (w.2 &* 0x1656_67B1_9E37_79F9)
            ^ (w.3 &* 0x27D4_EB2F_1656_67C5) ^ UInt64(count)
        h ^= h >> 31
        h &*= 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h >> shift)
    }

    private enum Lookup {
        case found(Value?)
        /// The name is not one the words can answer for.
        case dictionary
    }

    subscript(name: String) -> Value? {
        let lookup = name.utf8.withContiguousStorageIfAvailable { bytes -> Lookup in
            let n = bytes.count
            guard n > 0, n <= Self.maxLength, !dictionaryOnly else { return .dictionary }
            let w = Self.words(bytes)
            guard (w.0 | w.1 | w.2 | w.3) & 0x8080_8080_8080_8080 == 0 else { return .dictionary }
            let mask = lengths.count - 1
            var slot = Self.slot(w, n, shift)
            return lengths.withUnsafeBufferPointer { lengths in
                words.withUnsafeBufferPointer { words in
                    while lengths[slot] != 0 {
                        if lengths[slot] == n, words[slot * 4] == w.0, words[slot * 4 + 1] == w.1,
                           words[slot * 4 + 2] == w.2, words[slot * 4 + 3] == w.3 {
                            return .found(values[slot])
                        }
                        slot = (slot + 1) & mask
                    }
                    return .found(nil)
                }
            }
        }
        if case .found(let value) = lookup { return value }
        return dictionary[name]
    }
}
