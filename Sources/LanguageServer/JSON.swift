import Foundation

/// A JSON value, as the Language Server Protocol's messages carry them. Read and written with Foundation's
/// `JSONSerialization`; the enum keeps the values `Sendable` and typed while the server works on them.
public enum JSON: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }

    /// An integer value.
    public static func int(_ value: Int) -> JSON { .number(Double(value)) }

    /// A member of an object (`.null` when absent or when this is not an object).
    public subscript(key: String) -> JSON {
        if case .object(let members) = self { return members[key] ?? .null }
        return .null
    }

    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var array: [JSON]? { if case .array(let value) = self { value } else { nil } }
    public var object: [String: JSON]? { if case .object(let value) = self { value } else { nil } }
    public var isNull: Bool { self == .null }

    /// A whole number (a number without a fraction, within `Int`'s range).
    public var int: Int? {
        guard case .number(let value) = self, value.rounded() == value, abs(value) < 9e15 else { return nil }
        return Int(value)
    }

    /// Parses one JSON text; `nil` when it is not JSON.
    public static func parse(_ data: Data) -> JSON? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        return JSON(foundation: object)
    }

    init?(foundation object: Any) {
        switch object {
        case is NSNull: self = .null
        case let number as NSNumber:
            // JSONSerialization gives booleans as NSNumber too; their Objective-C type ("c") tells them apart.
            self = String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
        case let string as String: self = .string(string)
        case let array as [Any]:
            var values: [JSON] = []
            values.reserveCapacity(array.count)
            for element in array {
                guard let value = JSON(foundation: element) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let dictionary as [String: Any]:
            var members: [String: JSON] = [:]
            for (key, element) in dictionary {
                guard let value = JSON(foundation: element) else { return nil }
                members[key] = value
            }
            self = .object(members)
        default: return nil
        }
    }

    var foundation: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .number(let value): value.rounded() == value && abs(value) < 9e15 ? Int(value) as Any : value
        case .string(let value): value
        case .array(let values): values.map(\.foundation)
        case .object(let members): members.mapValues(\.foundation)
        }
    }

    /// The JSON text, keys sorted so the output is stable.
    public func serialized() -> Data {
        (try? JSONSerialization.data(withJSONObject: foundation, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]))
            ?? Data("null".utf8)
    }
}
