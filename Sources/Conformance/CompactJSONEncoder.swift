import Foundation

/// Encodes a value as compact JSON with sorted keys and unescaped slashes: the bytes Foundation's
/// `JSONEncoder` writes with `[.sortedKeys, .withoutEscapingSlashes]`, several times faster, for the
/// results stream, where encoding a case's result took longer than checking its tag.
///
/// It builds the same tree of values as any encoder, without the work Foundation does for every value and
/// results do not need: coding paths, key strategies, and the casts that find dates, data, URLs and
/// decimals. Those four types are refused (``Unsupported``) rather than encoded differently; the caller
/// then falls back to `JSONEncoder`. Tests hold the two encoders to equal bytes.
///
/// Kept because it wins by more than 1.5x on the real workload: encoding every case of the shipped corpus's
/// results (4,566 cases, 53 MB), it took 1.6 s where Swift 6.3's `JSONEncoder` took 2.9 s (1.8x), best of
/// seven turns each (`conform-bench json-coders Reports/results.json Corpus`, release build).
public struct CompactJSONEncoder {
    /// A value of a type Foundation encodes in its own way (`Date`, `Data`, `URL`, `Decimal`), or a number
    /// JSON cannot hold.
    struct Unsupported: Error {}

    public init() {}

    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try encode(value, terminator: nil)
    }

    /// The encoding of `value` followed by `terminator` (a line's newline), in one buffer.
    public func encode<T: Encodable>(_ value: T, terminator: UInt8?) throws -> Data {
        let node = try JSONNodeEncoder.node(of: value)
        var out = JSONBytes()
        out.bytes.reserveCapacity(4096)
        out.write(node)
        if let terminator { out.bytes.append(terminator) }
        return Data(out.bytes)
    }
}

/// A JSON value being built. Objects and arrays are classes so that containers handed out by an encoder
/// fill them in place.
enum JSONNode {
    case null
    case bool(Bool)
    /// A number already spelled as JSON writes it.
    case number(String)
    case string(String)
    case array(JSONArray)
    case object(JSONObject)
}

final class JSONArray {
    var items: [JSONNode] = []
}

final class JSONObject {
    var members: [(key: String, value: JSONNode)] = []

    /// Sets `key`. A key set twice keeps its last value (as with Foundation's encoder): the writer drops the
    /// earlier ones, so setting needs no search.
    func set(_ key: String, _ value: JSONNode) {
        members.append((key, value))
    }
}

/// The `Encoder` that turns one value into a ``JSONNode``.
final class JSONNodeEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What the value encoded itself as; `nil` until it asks for a container.
    var node: JSONNode?

    static func node<T: Encodable>(of value: T) throws -> JSONNode {
        if let simple = try simpleNode(value) { return simple }
        let encoder = JSONNodeEncoder()
        try value.encode(to: encoder)
        // A value that asked for no container encodes as an empty object, as Foundation's encoder does.
        return encoder.node ?? .object(JSONObject())
    }

    /// The node of a value of a type with a fixed spelling, without going through `encode(to:)`; `nil` for
    /// other types. Throws for the types Foundation spells its own way.
    @inline(__always)
    static func simpleNode<T: Encodable>(_ value: T) throws -> JSONNode? {
        // Metatype comparisons, not casts: a cast of a generic value asks the runtime, every time.
        if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if T.self == Int.self { return .number(String(unsafeBitCast(value, to: Int.self))) }
        if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        if T.self == Double.self { return try number(unsafeBitCast(value, to: Double.self)) }
        if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
            throw CompactJSONEncoder.Unsupported()
        }
        return nil
    }

    /// A double as Foundation's encoder spells it: its shortest description, without a trailing `.0`.
    static func number(_ value: Double) throws -> JSONNode {
        guard value.isFinite else { throw CompactJSONEncoder.Unsupported() }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: JSONObject
        if case .object(let existing)? = node {
            object = existing
        } else {
            object = JSONObject()
            node = .object(object)
        }
        return KeyedEncodingContainer(KeyedContainer<Key>(object: object))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: JSONArray
        if case .array(let existing)? = node {
            array = existing
        } else {
            array = JSONArray()
            node = .array(array)
        }
        return UnkeyedContainer(array: array)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueContainer(encoder: self) }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let object: JSONObject
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { object.set(key.stringValue, .null) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { object.set(key.stringValue, .bool(value)) }
        mutating func encode(_ value: String, forKey key: Key) throws { object.set(key.stringValue, .string(value)) }
        mutating func encode(_ value: Double, forKey key: Key) throws { object.set(key.stringValue, try JSONNodeEncoder.number(value)) }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            object.set(key.stringValue, try JSONNodeEncoder.number(Double(value.description) ?? Double(value)))
        }
        mutating func encode(_ value: Int, forKey key: Key) throws { object.set(key.stringValue, .number(String(value))) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { object.set(key.stringValue, .number(String(value))) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { object.set(key.stringValue, .number(String(value))) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { object.set(key.stringValue, .number(String(value))) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { object.set(key.stringValue, .number(String(value))) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { object.set(key.stringValue, .number(String(value))) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { object.set(key.stringValue, .number(String(value))) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { object.set(key.stringValue, .number(String(value))) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { object.set(key.stringValue, .number(String(value))) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { object.set(key.stringValue, .number(String(value))) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            object.set(key.stringValue, try JSONNodeEncoder.node(of: value))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let nested = JSONObject()
            object.set(key.stringValue, .object(nested))
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = JSONArray()
            object.set(key.stringValue, .array(nested))
            return UnkeyedContainer(array: nested)
        }

        mutating func superEncoder() -> any Encoder { SlotEncoder(.member(object, "super")) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { SlotEncoder(.member(object, key.stringValue)) }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let array: JSONArray
        var codingPath: [any CodingKey] { [] }
        var count: Int { array.items.count }

        mutating func encodeNil() throws { array.items.append(.null) }
        mutating func encode(_ value: Bool) throws { array.items.append(.bool(value)) }
        mutating func encode(_ value: String) throws { array.items.append(.string(value)) }
        mutating func encode(_ value: Double) throws { array.items.append(try JSONNodeEncoder.number(value)) }
        mutating func encode(_ value: Float) throws { array.items.append(try JSONNodeEncoder.number(Double(value.description) ?? Double(value))) }
        mutating func encode(_ value: Int) throws { array.items.append(.number(String(value))) }
        mutating func encode(_ value: Int8) throws { array.items.append(.number(String(value))) }
        mutating func encode(_ value: Int16) throws { array.items.append(.number(String(value))) }
        mutating func encode(_ value: Int32) throws { array.items.append(.number(String(value))) }
        mutating func encode(_ value: Int64) throws { array.items.append(.number(String(value))) }
        mutating func encode(_ value: UInt) throws { array.items.append(.number(String(value))) }
        mutating func encode(_ value: UInt8) throws { array.items.append(.number(String(value))) }
        mutating func encode(_ value: UInt16) throws { array.items.append(.number(String(value))) }
        mutating func encode(_ value: UInt32) throws { array.items.append(.number(String(value))) }
        mutating func encode(_ value: UInt64) throws { array.items.append(.number(String(value))) }
        mutating func encode<T: Encodable>(_ value: T) throws { array.items.append(try JSONNodeEncoder.node(of: value)) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let nested = JSONObject()
            array.items.append(.object(nested))
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nested = JSONArray()
            array.items.append(.array(nested))
            return UnkeyedContainer(array: nested)
        }

        mutating func superEncoder() -> any Encoder {
            array.items.append(.null)
            return SlotEncoder(.item(array, array.items.count - 1))
        }
    }

    struct SingleValueContainer: SingleValueEncodingContainer {
        let encoder: JSONNodeEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { encoder.node = .null }
        mutating func encode(_ value: Bool) throws { encoder.node = .bool(value) }
        mutating func encode(_ value: String) throws { encoder.node = .string(value) }
        mutating func encode(_ value: Double) throws { encoder.node = try JSONNodeEncoder.number(value) }
        mutating func encode(_ value: Float) throws { encoder.node = try JSONNodeEncoder.number(Double(value.description) ?? Double(value)) }
        mutating func encode(_ value: Int) throws { encoder.node = .number(String(value)) }
        mutating func encode(_ value: Int8) throws { encoder.node = .number(String(value)) }
        mutating func encode(_ value: Int16) throws { encoder.node = .number(String(value)) }
        mutating func encode(_ value: Int32) throws { encoder.node = .number(String(value)) }
        mutating func encode(_ value: Int64) throws { encoder.node = .number(String(value)) }
        mutating func encode(_ value: UInt) throws { encoder.node = .number(String(value)) }
        mutating func encode(_ value: UInt8) throws { encoder.node = .number(String(value)) }
        mutating func encode(_ value: UInt16) throws { encoder.node = .number(String(value)) }
        mutating func encode(_ value: UInt32) throws { encoder.node = .number(String(value)) }
        mutating func encode(_ value: UInt64) throws { encoder.node = .number(String(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { encoder.node = try JSONNodeEncoder.node(of: value) }
    }
}

/// The encoder of a `superEncoder()`: what it encodes goes under one key of an object, or into the slot
/// of an array it was made for.
final class SlotEncoder: Encoder {
    enum Target {
        case member(JSONObject, String)
        case item(JSONArray, Int)
    }

    let target: Target
    let inner = JSONNodeEncoder()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ target: Target) { self.target = target }

    deinit {
        // The encoded value lands when the super encoder is let go, as with Foundation's encoder.
        let value = inner.node ?? .object(JSONObject())
        switch target {
        case .member(let object, let key): object.set(key, value)
        case .item(let array, let index): array.items[index] = value
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { inner.container(keyedBy: type) }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
    func singleValueContainer() -> any SingleValueEncodingContainer { inner.singleValueContainer() }
}

/// Compact JSON output: no spaces, keys in the order of their UTF-8 bytes, `/` left as it is.
struct JSONBytes {
    var bytes: [UInt8] = []

    mutating func write(_ node: JSONNode) {
        switch node {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        case .string(let text): write(string: text)
        case .array(let array):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in array.items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(item)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            let members = object.members
            // Keys in byte order; of a key set more than once, the last value (the latest position).
            let order = members.indices.sorted { a, b in
                let order = Self.compare(members[a].key, members[b].key)
                return order != 0 ? order < 0 : a < b
            }
            var first = true
            for (n, index) in order.enumerated() {
                if n + 1 < order.count, members[order[n + 1]].key == members[index].key { continue }
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                write(string: members[index].key)
                bytes.append(UInt8(ascii: ":"))
                write(members[index].value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// The order of two keys' UTF-8 bytes: negative, zero or positive.
    static func compare(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let common = min(x.count, y.count)
                if common > 0, let xs = x.baseAddress, let ys = y.baseAddress {
                    let order = memcmp(xs, ys, common)
                    if order != 0 { return Int(order) }
                }
                return x.count - y.count
            }
        }
    }

    /// A lower-case hexadecimal digit.
    static func hex(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10 }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`-style or `\u00XX` escapes, every
    /// other byte as it is.
    mutating func write(string: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = string
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart ..< index]))
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), Self.hex(byte >> 4), Self.hex(byte & 0xF)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
