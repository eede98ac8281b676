import Foundation

/// Decodes the JSON that ``CompactJSONEncoder`` (or Foundation's `JSONEncoder`) writes for results, several
/// times faster than Foundation's `JSONDecoder`: for the reports, which read every case of a run back.
///
/// Strict by design: any input it is not sure to read exactly as `JSONDecoder` does (a number that is not
/// the exact spelling of the asked type, a non-conforming float, a type Foundation decodes its own way)
/// makes it throw ``Unsupported``; ``decode(_:from:fallback:)`` then asks Foundation's decoder, which
/// either reads the value or throws the error a reader should see. Tests hold the two to equal values.
///
/// Kept because it wins by more than 1.5x on the real workload: reading back every case of the shipped
/// corpus's results (4,566 lines, 53 MB), it took 1.5 s where Swift 6.3's `JSONDecoder` took 3.4 s (2.2x),
/// best of seven turns each (`conform-bench json-coders Reports/results.json Corpus`, release build).
public struct CompactJSONDecoder {
    struct Unsupported: Error {}

    public init() {}

    /// `type` from `data`, by this decoder or, when it declines, by `fallback`.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, fallback: JSONDecoder) throws -> T {
        if let value = try? decode(type, from: data) { return value }
        return try fallback.decode(type, from: data)
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let value: JSONValue = try data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            let value = try parser.parseValue()
            parser.skipSpace()
            guard parser.position == parser.bytes.count else { throw Unsupported() }
            return value
        }
        return try JSONValueDecoder.decode(type, from: value)
    }
}

/// A parsed JSON value. Numbers keep their spelling, converted when a type is asked for.
enum JSONValue {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])
}

/// A JSON parser over bytes (RFC 8259), strict: no comments, no trailing commas, no leading zeros.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws -> JSONValue {
        skipSpace()
        guard position < bytes.count else { throw CompactJSONDecoder.Unsupported() }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func expect(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
              memcmp(bytes.baseAddress! + position, word.utf8Start, count) == 0 else { throw CompactJSONDecoder.Unsupported() }
        position += count
    }

    private mutating func enter() throws {
        depth += 1
        // Deeper than any result; Foundation's decoder has a nesting limit of its own.
        guard depth <= 256 else { throw CompactJSONDecoder.Unsupported() }
    }

    private mutating func parseObject() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw CompactJSONDecoder.Unsupported() }
            let key = try parseString()
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw CompactJSONDecoder.Unsupported() }
            position += 1
            members.append((key, try parseValue()))
            skipSpace()
            guard position < bytes.count else { throw CompactJSONDecoder.Unsupported() }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            guard bytes[position] == UInt8(ascii: "}") else { throw CompactJSONDecoder.Unsupported() }
            position += 1
            return .object(members)
        }
    }

    private mutating func parseArray() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var items: [JSONValue] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            items.append(try parseValue())
            skipSpace()
            guard position < bytes.count else { throw CompactJSONDecoder.Unsupported() }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            guard bytes[position] == UInt8(ascii: "]") else { throw CompactJSONDecoder.Unsupported() }
            position += 1
            return .array(items)
        }
    }

    /// A string at `position` (its opening quote), unescaped. Invalid UTF-8 and lone surrogates are refused.
    mutating func parseString() throws -> String {
        position += 1
        let start = position
        var ascii = true
        // The usual case, no escape: one copy of the bytes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[start ..< position])
                position += 1
                return try Self.string(run, ascii: ascii)
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw CompactJSONDecoder.Unsupported() }
            if byte >= 0x80 { ascii = false }
            position += 1
        }
        var out = [UInt8](UnsafeBufferPointer(rebasing: bytes[start ..< position]))
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return try out.withUnsafeBufferPointer { try Self.string($0, ascii: false) }
            }
            guard byte >= 0x20 else { throw CompactJSONDecoder.Unsupported() }
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                position += 1
                continue
            }
            guard position + 1 < bytes.count else { throw CompactJSONDecoder.Unsupported() }
            let escape = bytes[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800 ... 0xDBFF).contains(scalar) {
                    // A surrogate pair: the low half must follow.
                    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                    else { throw CompactJSONDecoder.Unsupported() }
                    position += 2
                    let low = try hex4()
                    guard (0xDC00 ... 0xDFFF).contains(low) else { throw CompactJSONDecoder.Unsupported() }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00 ... 0xDFFF).contains(scalar) {
                    throw CompactJSONDecoder.Unsupported()
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw CompactJSONDecoder.Unsupported() }
                out.append(contentsOf: String(Character(unicode)).utf8)
            default:
                throw CompactJSONDecoder.Unsupported()
            }
        }
        throw CompactJSONDecoder.Unsupported()
    }

    /// The text of UTF-8 bytes; bytes that are not valid UTF-8 are refused. ASCII needs no check.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, ascii: Bool) throws -> String {
        if ascii { return String(decoding: bytes, as: UTF8.self) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw CompactJSONDecoder.Unsupported() }
        return text
    }

    private mutating func hex4() throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw CompactJSONDecoder.Unsupported() }
        var value: UInt32 = 0
        for _ in 0 ..< 4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw CompactJSONDecoder.Unsupported()
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// A number's spelling, checked against JSON's grammar.
    private mutating func parseNumber() throws -> String {
        let start = position
        func digits() -> Int {
            let first = position
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") { position += 1 }
            return position - first
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0, !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) else { throw CompactJSONDecoder.Unsupported() }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw CompactJSONDecoder.Unsupported() }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw CompactJSONDecoder.Unsupported() }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< position]), as: UTF8.self)
    }
}

/// The `Decoder` over a parsed ``JSONValue``.
struct JSONValueDecoder: Decoder {
    let value: JSONValue
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        // Fixed spellings first, without a decoder; the types Foundation decodes its own way are declined.
        if T.self == String.self { return unsafeBitCast(try string(value), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try integer(value, as: Int.self), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try bool(value), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try double(value), to: T.self) }
        if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
            throw CompactJSONDecoder.Unsupported()
        }
        return try T(from: JSONValueDecoder(value: value))
    }

    static func string(_ value: JSONValue) throws -> String {
        guard case .string(let text) = value else { throw CompactJSONDecoder.Unsupported() }
        return text
    }

    static func bool(_ value: JSONValue) throws -> Bool {
        guard case .bool(let flag) = value else { throw CompactJSONDecoder.Unsupported() }
        return flag
    }

    /// An integer only from digits that spell it exactly (no fraction, no exponent).
    static func integer<I: FixedWidthInteger>(_ value: JSONValue, as type: I.Type) throws -> I {
        guard case .number(let text) = value, let number = I(text, radix: 10) else { throw CompactJSONDecoder.Unsupported() }
        return number
    }

    static func double(_ value: JSONValue) throws -> Double {
        guard case .number(let text) = value, let number = Double(text), number.isFinite else { throw CompactJSONDecoder.Unsupported() }
        return number
    }

    static func float(_ value: JSONValue) throws -> Float {
        guard case .number(let text) = value, let number = Float(text), number.isFinite else { throw CompactJSONDecoder.Unsupported() }
        return number
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw CompactJSONDecoder.Unsupported() }
        return KeyedDecodingContainer(Keyed<Key>(members: members))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw CompactJSONDecoder.Unsupported() }
        return Unkeyed(items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(value: value) }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [(key: String, value: JSONValue)]
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

        /// The value of `key`: the first one when a key repeats, as Foundation's decoder reads it.
        func find(_ key: Key) -> JSONValue? {
            let name = key.stringValue
            return members.first { $0.key == name }?.value
        }

        func value(_ key: Key) throws -> JSONValue {
            guard let found = find(key) else { throw CompactJSONDecoder.Unsupported() }
            return found
        }

        func contains(_ key: Key) -> Bool { find(key) != nil }
        func decodeNil(forKey key: Key) throws -> Bool {
            if case .null = try value(key) { return true }
            return false
        }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try JSONValueDecoder.bool(value(key)) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try JSONValueDecoder.string(value(key)) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try JSONValueDecoder.double(value(key)) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try JSONValueDecoder.float(value(key)) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try JSONValueDecoder.integer(value(key), as: type) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try JSONValueDecoder.integer(value(key), as: type) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try JSONValueDecoder.integer(value(key), as: type) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try JSONValueDecoder.integer(value(key), as: type) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try JSONValueDecoder.integer(value(key), as: type) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try JSONValueDecoder.integer(value(key), as: type) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try JSONValueDecoder.integer(value(key), as: type) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try JSONValueDecoder.integer(value(key), as: type) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try JSONValueDecoder.integer(value(key), as: type) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try JSONValueDecoder.integer(value(key), as: type) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try JSONValueDecoder.decode(type, from: value(key)) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try JSONValueDecoder(value: value(key)).container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try JSONValueDecoder(value: value(key)).unkeyedContainer()
        }
        func superDecoder() throws -> any Decoder { JSONValueDecoder(value: members.first { $0.key == "super" }?.value ?? .null) }
        func superDecoder(forKey key: Key) throws -> any Decoder { JSONValueDecoder(value: find(key) ?? .null) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let items: [JSONValue]
        var codingPath: [any CodingKey] { [] }
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }
        var currentIndex = 0

        init(items: [JSONValue]) { self.items = items }

        mutating func next() throws -> JSONValue {
            guard currentIndex < items.count else { throw CompactJSONDecoder.Unsupported() }
            defer { currentIndex += 1 }
            return items[currentIndex]
        }

        mutating func decodeNil() throws -> Bool {
            guard currentIndex < items.count else { throw CompactJSONDecoder.Unsupported() }
            if case .null = items[currentIndex] {
                currentIndex += 1
                return true
            }
            return false
        }
        mutating func decode(_ type: Bool.Type) throws -> Bool { try JSONValueDecoder.bool(next()) }
        mutating func decode(_ type: String.Type) throws -> String { try JSONValueDecoder.string(next()) }
        mutating func decode(_ type: Double.Type) throws -> Double { try JSONValueDecoder.double(next()) }
        mutating func decode(_ type: Float.Type) throws -> Float { try JSONValueDecoder.float(next()) }
        mutating func decode(_ type: Int.Type) throws -> Int { try JSONValueDecoder.integer(next(), as: type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try JSONValueDecoder.integer(next(), as: type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try JSONValueDecoder.integer(next(), as: type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try JSONValueDecoder.integer(next(), as: type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try JSONValueDecoder.integer(next(), as: type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try JSONValueDecoder.integer(next(), as: type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try JSONValueDecoder.integer(next(), as: type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try JSONValueDecoder.integer(next(), as: type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try JSONValueDecoder.integer(next(), as: type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try JSONValueDecoder.integer(next(), as: type) }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONValueDecoder.decode(type, from: next()) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try JSONValueDecoder(value: next()).container(keyedBy: type)
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try JSONValueDecoder(value: next()).unkeyedContainer()
        }
        mutating func superDecoder() throws -> any Decoder { JSONValueDecoder(value: try next()) }
    }

    struct Single: SingleValueDecodingContainer {
        let value: JSONValue
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool {
            if case .null = value { return true }
            return false
        }
        func decode(_ type: Bool.Type) throws -> Bool { try JSONValueDecoder.bool(value) }
        func decode(_ type: String.Type) throws -> String { try JSONValueDecoder.string(value) }
        func decode(_ type: Double.Type) throws -> Double { try JSONValueDecoder.double(value) }
        func decode(_ type: Float.Type) throws -> Float { try JSONValueDecoder.float(value) }
        func decode(_ type: Int.Type) throws -> Int { try JSONValueDecoder.integer(value, as: type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try JSONValueDecoder.integer(value, as: type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try JSONValueDecoder.integer(value, as: type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try JSONValueDecoder.integer(value, as: type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try JSONValueDecoder.integer(value, as: type) }
        func decode(_ type: UInt.Type) throws -> UInt { try JSONValueDecoder.integer(value, as: type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try JSONValueDecoder.integer(value, as: type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try JSONValueDecoder.integer(value, as: type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try JSONValueDecoder.integer(value, as: type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try JSONValueDecoder.integer(value, as: type) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONValueDecoder.decode(type, from: value) }
    }
}
