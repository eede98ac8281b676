import ConformCore
import XMLCore

/// A time value of VAST: `HH:MM:SS` or `HH:MM:SS.mmm` (hours at least two digits, minutes and
/// seconds 00 to 59, exactly three digits of milliseconds when present).
public struct VASTTime: Sendable, Codable, Hashable, Comparable, CustomStringConvertible {
    public var milliseconds: Int

    public init(milliseconds: Int) { self.milliseconds = milliseconds }

    public init(seconds: Double) { self.milliseconds = Self.milliseconds(ofSeconds: seconds) }

    /// `seconds` in whole milliseconds, rounded; saturated at `Int`'s bounds (and 0 for NaN), so that no sum of
    /// a tag's times, however large, stops the program.
    public static func milliseconds(ofSeconds seconds: Double) -> Int {
        let ms = (seconds * 1000).rounded()
        if ms.isNaN { return 0 }
        // 2^63 is exactly representable; every double below it converts.
        if ms >= 9_223_372_036_854_775_808.0 { return .max }
        if ms < -9_223_372_036_854_775_808.0 { return .min }
        return Int(ms)
    }

    /// Parses the strict form; `nil` for anything else (bare seconds, one-digit hours, `.5`).
    public init?(parsing raw: String) {
        let bytes = Array(raw.utf8)
        guard let firstColon = bytes.firstIndex(of: UInt8(ascii: ":")), firstColon >= 2 else { return nil }
        func digits(_ slice: ArraySlice<UInt8>) -> Int? {
            guard !slice.isEmpty, slice.count <= 9 else { return nil }
            var value = 0
            for b in slice {
                guard b >= 48 && b <= 57 else { return nil }
                value = value * 10 + Int(b - 48)
            }
            return value
        }
        guard let hours = digits(bytes[0..<firstColon]) else { return nil }
        let rest = bytes[(firstColon + 1)...]
        guard rest.count == 5 || rest.count == 9, rest[rest.startIndex + 2] == UInt8(ascii: ":") else { return nil }
        let m = rest.startIndex
        guard let minutes = digits(rest[m..<m + 2]), let seconds = digits(rest[m + 3..<m + 5]),
              minutes < 60, seconds < 60 else { return nil }
        var millis = 0
        if rest.count == 9 {
            guard rest[m + 5] == UInt8(ascii: "."), let ms = digits(rest[m + 6..<m + 9]) else { return nil }
            millis = ms
        }
        self.milliseconds = ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis
    }

    public var seconds: Double { Double(milliseconds) / 1000 }

    /// `HH:MM:SS.mmm`
    public var description: String {
        let ms = milliseconds % 1000
        let totalSeconds = milliseconds / 1000
        let s = totalSeconds % 60, m = (totalSeconds / 60) % 60, h = totalSeconds / 3600
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let millis = ms < 10 ? "00\(ms)" : (ms < 100 ? "0\(ms)" : "\(ms)")
        return "\(two(h)):\(two(m)):\(two(s)).\(millis)"
    }

    public static func < (lhs: VASTTime, rhs: VASTTime) -> Bool { lhs.milliseconds < rhs.milliseconds }
}

/// An offset into an ad: a time, or a percentage of the ad's duration (0 to 100).
/// Used by `skipoffset` and progress tracking `offset`.
public enum VASTOffset: Sendable, Hashable, Codable, CustomStringConvertible {
    case time(VASTTime)
    case percent(Double)

    /// Parses `HH:MM:SS[.mmm]` or `n%` / `n.n%` with 0 ≤ n ≤ 100.
    public init?(parsing raw: String) {
        if raw.hasSuffix("%") {
            let number = raw.dropLast()
            guard !number.isEmpty, number.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 }),
                  let value = Double(number), value >= 0, value <= 100 else { return nil }
            self = .percent(value)
        } else if let time = VASTTime(parsing: raw) {
            self = .time(time)
        } else {
            return nil
        }
    }

    /// The offset in seconds, given the ad's duration for percentages; `nil` when it cannot be known.
    public func seconds(duration: VASTTime?) -> Double? {
        switch self {
        case .time(let time): time.seconds
        case .percent(let p): duration.map { $0.seconds * p / 100 }
        }
    }

    public var description: String {
        switch self {
        case .time(let t): t.description
        case .percent(let p): p == p.rounded() ? "\(Int(p))%" : "\(p)%"
        }
    }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        guard let value = VASTOffset(parsing: raw) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad offset \(raw)"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A VMAP `AdBreak@timeOffset`: `start`, `end`, a time, a percentage of the content, or `#n` (the n-th
/// cue point, n ≥ 1).
public enum VMAPTimeOffset: Sendable, Hashable, Codable, CustomStringConvertible {
    case start
    case end
    case time(VASTTime)
    case percent(Double)
    case position(Int)

    public init?(parsing raw: String) {
        switch raw {
        case "start": self = .start
        case "end": self = .end
        default:
            if raw.hasPrefix("#") {
                guard let n = Int(raw.dropFirst()), n >= 1, raw.dropFirst().utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
                self = .position(n)
            } else if let offset = VASTOffset(parsing: raw) {
                switch offset {
                case .time(let t): self = .time(t)
                case .percent(let p): self = .percent(p)
                }
            } else {
                return nil
            }
        }
    }

    public var description: String {
        switch self {
        case .start: "start"
        case .end: "end"
        case .time(let t): t.description
        case .percent(let p): p == p.rounded() ? "\(Int(p))%" : "\(p)%"
        case .position(let n): "#\(n)"
        }
    }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        guard let value = VMAPTimeOffset(parsing: raw) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad time offset \(raw)"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// An attribute value as written (`raw`) and, when it parses, as a typed value. A value that does not
/// parse keeps its raw text, `value` is `nil`, and the decoder reports it.
public struct Attr<Value: Sendable & Codable & Hashable>: Sendable, Codable, Hashable {
    public var raw: String
    public var value: Value?

    public init(raw: String, value: Value?) {
        self.raw = raw
        self.value = value
    }
}

/// Parses `xs:boolean` (`true`, `false`, `1`, `0`).
public func parseXMLBoolean(_ raw: String) -> Bool? {
    let trimmed = raw.trimmingWhitespace()
    if trimmed.isSameName("true") || trimmed.isSameName("1") { return true }
    if trimmed.isSameName("false") || trimmed.isSameName("0") { return false }
    return nil
}

/// Parses `xs:integer` (optional sign, digits only).
public func parseXMLInteger(_ raw: String) -> Int? {
    // One pass over the UTF-8 bytes: XML whitespace around, an optional sign, ASCII digits, no overflow.
    let utf8 = raw.utf8
    var i = utf8.startIndex
    var end = utf8.endIndex
    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    while i < end, isSpace(utf8[i]) { i = utf8.index(after: i) }
    while end > i, isSpace(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
    guard i < end else { return nil }
    var negative = false
    if utf8[i] == 0x2B || utf8[i] == 0x2D { // "+" or "-"
        negative = utf8[i] == 0x2D
        i = utf8.index(after: i)
        guard i < end else { return nil }
    }
    var value = 0
    while i < end {
        let b = utf8[i]
        guard b >= 0x30 && b <= 0x39 else { return nil }
        let digit = Int(b &- 0x30)
        let (times, o1) = value.multipliedReportingOverflow(by: 10)
        let (sum, o2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
        guard !o1 && !o2 else { return nil }
        value = sum
        i = utf8.index(after: i)
    }
    return value
}

/// Whether `raw` is an `xs:decimal`, exactly as `parseXMLDecimal(raw) != nil` decides, but settled on
/// the bytes for the usual forms (an optional leading sign, up to 15 digits, at most one point), so
/// the number is not converted.
public func isXMLDecimal(_ raw: String) -> Bool {
    let trimmed = raw.trimmingWhitespace()
    var digits = 0, points = 0, position = 0
    for byte in trimmed.utf8 {
        switch byte {
        case 48...57: digits += 1
        case 46: points += 1
        case 43, 45:
            // A sign only leads; anywhere else the parser decides.
            if position != 0 { return parseXMLDecimal(raw) != nil }
        default: return false
        }
        position += 1
    }
    if digits > 0 && digits <= 15 && points <= 1 { return true }
    return parseXMLDecimal(raw) != nil
}

/// Parses `xs:decimal`.
public func parseXMLDecimal(_ raw: String) -> Double? {
    let trimmed = raw.trimmingWhitespace()
    guard !trimmed.isEmpty,
          trimmed.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 || $0 == 45 || $0 == 43 }) else { return nil }
    return Double(trimmed)
}

/// Character data of an element (usually a URI), trimmed, with where it was written.
///
/// A view of the element it was read from: every field is read from the element in place. Copying a
/// text node (the rules' URL and tracking lists copy thousands per second) costs one reference count
/// instead of one per string, and reading one from a parsed element copies no string.
public struct TextNode: Sendable, Codable, Hashable {
    /// The element the fields are read from. Its text is already trimmed.
    @usableFromInline let element: XMLElement

    /// The text without surrounding whitespace.
    @inlinable public var value: String { element.text }
    @inlinable public var position: SourcePosition { element.position }
    @inlinable public var path: String { element.path }
    /// The element's content was (at least partly) in CDATA sections.
    @inlinable public var inCDATA: Bool { element.cdataSections > 0 }
    /// Non-whitespace text appeared outside CDATA.
    @inlinable public var hasTextOutsideCDATA: Bool { element.hasTextOutsideCDATA }
    /// The element's `id` attribute where the spec defines one (Impression, ClickTracking, ...).
    public var id: String? { element.attribute("id") }
    /// The element's name as its path spells it (`Impression`, or `prefix:Impression` when prefixed):
    /// what messages call the element, read without taking the path apart.
    @inlinable public var elementName: String { element.prefix == nil ? element.name : element.qualifiedName }

    public init(value: String, position: SourcePosition, path: String, inCDATA: Bool = false,
                hasTextOutsideCDATA: Bool = false, id: String? = nil) {
        // An element that holds exactly these fields, named after the last step of its path.
        element = XMLElement(
            name: path.elementNameOfPath, attributes: id.map { [XMLAttribute(name: "id", value: $0)] } ?? [], text: value,
            position: position, path: path, cdataSections: inCDATA ? 1 : 0, hasTextOutsideCDATA: hasTextOutsideCDATA)
    }

    /// The text node of `element`: its trimmed text, position, path, CDATA facts and `id` attribute.
    public init(of element: XMLElement) {
        if element.text.isTrimmed {
            self.init(trimmed: element)
        } else {
            // Built by hand with untrimmed text (the parser trims): a trimmed copy.
            self.init(value: element.trimmedText, position: element.position, path: element.path,
                      inCDATA: element.cdataSections > 0, hasTextOutsideCDATA: element.hasTextOutsideCDATA,
                      id: element.attribute("id"))
        }
    }

    private init(trimmed element: XMLElement) { self.element = element }

    // Codable, Equatable and Hashable through the fields, as the memberwise struct was (same keys).
    private struct Fields: Codable, Hashable {
        var value: String
        var position: SourcePosition
        var path: String
        var inCDATA: Bool
        var hasTextOutsideCDATA: Bool
        var id: String?
    }

    private var fields: Fields {
        Fields(value: value, position: position, path: path, inCDATA: inCDATA, hasTextOutsideCDATA: hasTextOutsideCDATA, id: id)
    }

    public init(from decoder: any Decoder) throws {
        let f = try Fields(from: decoder)
        self.init(value: f.value, position: f.position, path: f.path, inCDATA: f.inCDATA,
                  hasTextOutsideCDATA: f.hasTextOutsideCDATA, id: f.id)
    }

    public func encode(to encoder: any Encoder) throws { try fields.encode(to: encoder) }

    public static func == (lhs: TextNode, rhs: TextNode) -> Bool { lhs.fields == rhs.fields }

    public func hash(into hasher: inout Hasher) { hasher.combine(fields) }
}

/// An element or attribute the decoder does not know for its parent, kept so rules can report it.
public struct UnknownNode: Sendable, Codable, Hashable {
    public enum Kind: String, Sendable, Codable, Hashable { case element, attribute }
    public var kind: Kind
    /// Qualified name as written.
    public var name: String
    /// The parent element's local name.
    public var parent: String
    /// The path of the element (for an attribute, of its element).
    public var path: String
    public var position: SourcePosition

    public init(kind: Kind, name: String, parent: String, path: String, position: SourcePosition) {
        self.kind = kind
        self.name = name
        self.parent = parent
        self.path = path
        self.position = position
    }
}
