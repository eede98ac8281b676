/// How serious a finding is. Derived from the wording of the specification that a rule enforces:
/// MUST or required becomes ``error``, SHOULD or recommended becomes ``warning``, advice becomes ``info``.
public enum Severity: String, Sendable, Codable, Hashable, CaseIterable, Comparable {
    case info
    case warning
    case error

    /// A number that orders severities from the mildest (`info` = 0) to the gravest (`error` = 2).
    public var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A place in an input text.
///
/// `line` and `column` are 1-based. In XML documents the column counts characters (as libxml2 does);
/// in parameter strings `offset` is the 0-based character offset into the string and `line` is the
/// line of the string in its file (1 for a string given on the command line).
public struct SourcePosition: Sendable, Codable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position used when nothing better is known: the start of the input.
    public static let start = SourcePosition(line: 1, column: 1)

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A specification (or in-house reference document) that rules cite.
public enum SpecDocument: String, Sendable, Codable, Hashable, CaseIterable {
    case xml10 = "XML 1.0"
    case vast2 = "IAB VAST 2.0"
    case vast3 = "IAB VAST 3.0"
    case vast4 = "IAB VAST 4.0"
    case vast41 = "IAB VAST 4.1"
    case vast42 = "IAB VAST 4.2"
    case vast43 = "IAB VAST 4.3"
    case vast44 = "IAB VAST 4.4"
    case ctvAdPortfolio = "IAB CTV Ad Portfolio extension"
    case ctvQRCode = "IAB CTV QR code extension"
    case vmap1 = "IAB VMAP 1.0.1"
    case vastMacros = "IAB VAST macros list"
    case rfc3986 = "RFC 3986"
    case companionAds = "Companion ads and trafficking parameters"
    case pauseAds = "Pause ads"
    case ssai = "Server-side ad insertion"
    case instream = "In-stream pre-, mid- and post-roll"
    case conform = "conform conventions"

    /// A public link for the document, used as the help link in SARIF output. `nil` for in-house documents.
    public var url: String? {
        switch self {
        case .xml10: "https://www.w3.org/TR/xml/"
        case .vast2, .vast3: "https://iabtechlab.com/standards/vast/"
        case .vast4, .vast41, .vast42, .vast43, .vast44: "https://iabtechlab.com/standards/vast/"
        case .ctvAdPortfolio, .ctvQRCode: "https://github.com/InteractiveAdvertisingBureau/VAST/tree/master/extensions"
        case .vmap1: "https://iabtechlab.com/standards/video-multiple-ad-playlist-vmap/"
        case .vastMacros: "https://interactiveadvertisingbureau.github.io/vast/vast4macros/vast4-macros-latest.html"
        case .rfc3986: "https://www.rfc-editor.org/rfc/rfc3986"
        case .companionAds, .pauseAds, .ssai, .instream, .conform: nil
        }
    }
}

/// Where a rule's requirement is written: a document, a section and a short quote of its wording.
public struct SpecReference: Sendable, Codable, Hashable, CustomStringConvertible {
    public var document: SpecDocument
    public var section: String
    public var quote: String

    public init(document: SpecDocument, section: String, quote: String) {
        self.document = document
        self.section = section
        self.quote = quote
    }

    /// `IAB VAST 4.2 §3.4.1`
    public var description: String {
        section.isEmpty ? document.rawValue : "\(document.rawValue) §\(section)"
    }
}

/// One finding about an input: which rule, how serious, what is wrong and where.
///
/// - `file`: the input's name as the user gave it (a path, `-` for standard input, a URL), or `nil`.
/// - `position`: 1-based line and column (see ``SourcePosition``); `nil` when the input has no position.
/// - `path`: the element path such as `/VAST/Ad[1]/InLine/Creatives/Creative[2]/Linear`
///   (indices are 1-based among same-named siblings), or a parameter locator such as `segment[3]`.
public struct Diagnostic: Sendable, Codable, Hashable, Comparable, CustomStringConvertible {
    // Declared severity first, and the public initialiser written in an extension, so that the compiler
    // also makes its memberwise initialiser (whose labels then differ): ``finding(ruleID:severity:message:position:path:spec:details:)``
    // builds through it. A diagnostic made by an explicit initialiser was copied once more on its way into
    // an array (a reference-count update per field, and as many to destroy the original); one made
    // memberwise goes straight into place.
    public var severity: Severity
    public var ruleID: String
    public var message: String
    public var file: String?
    public var position: SourcePosition?
    public var path: String?
    public var spec: SpecReference?
    /// For parameter strings: the 0-based character offset of the finding in the string.
    public var offset: Int?
    /// Extra facts for tools (for example the parameter `key` or `segment` index). Sorted by key on output.
    public var details: [String: String]

    /// Deterministic order: file, line, column, rule id, then message.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        let lf = lhs.file ?? "", rf = rhs.file ?? ""
        if lf != rf { return lf < rf }
        let lp = lhs.position ?? SourcePosition(line: 0, column: 0)
        let rp = rhs.position ?? SourcePosition(line: 0, column: 0)
        if lp != rp { return lp < rp }
        if (lhs.offset ?? -1) != (rhs.offset ?? -1) { return (lhs.offset ?? -1) < (rhs.offset ?? -1) }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        return lhs.message < rhs.message
    }

    /// `file:line:column: severity: message [rule-id]`
    public var description: String {
        var location = file ?? "<input>"
        if let position { location += ":\(position.line):\(position.column)" }
        return "\(location): \(severity.rawValue): \(message) [\(ruleID)]"
    }

    /// A copy of this diagnostic attributed to `file`.
    public func inFile(_ file: String?) -> Diagnostic {
        var copy = self
        copy.file = file
        return copy
    }
}

extension Array where Element == Diagnostic {
    /// The most serious severity present, or `nil` when empty.
    public var maxSeverity: Severity? { self.map(\.severity).max() }

    /// True when at least one diagnostic is at or above `threshold`.
    public func hasAny(atLeast threshold: Severity) -> Bool {
        contains { $0.severity >= threshold }
    }
}

extension Array where Element == Diagnostic {
    /// The same order as `sorted()` (file, position, offset, rule id, message; stable for ties), found by
    /// sorting integer keys and comparing strings only between findings at the same place. Cheaper
    /// than moving whole diagnostics through the comparisons.
    public func sortedDeterministically() -> [Diagnostic] {
        var copy = self
        copy.sortDeterministically()
        return copy
    }

    /// Sorts in place into the order of ``sortedDeterministically()``. Elements are moved by swaps, so no
    /// diagnostic is copied.
    public mutating func sortDeterministically() {
        guard count > 1 else { return }
        // The order as source indices, one per finding, in a buffer of its own: an array of integers made
        // here would look its type up in the runtime's metadata cache on every call.
        let source = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: count)
        defer { source.deallocate() }
        // Fields are read through the buffer: subscripting the array would copy each whole diagnostic.
        let ordered = withUnsafeBufferPointer { items -> Bool in
            let file = items[0].file
            for i in items.indices where items[i].file != file { return false }
            if !Self.packedOrder(items, into: source) {
                _ = source.initialize(from: Self.keyedOrder(items))
            }
            return true
        }
        guard ordered else {
            sort()
            return
        }
        // Position p takes the element now at source[p]: each cycle of the permutation is followed by
        // moving its first element out and every next one into the place left free, one move per element
        // (a swap is three). Nothing in between can fail, so every place is filled again.
        withUnsafeMutableBufferPointer { items in
            guard let base = items.baseAddress else { return }
            for start in source.indices where source[start] != UInt64(start) {
                let first = (base + start).move()
                var p = start
                while source[p] != UInt64(start) {
                    let next = Int(source[p])
                    (base + p).moveInitialize(from: base + next, count: 1)
                    source[p] = UInt64(p)
                    p = next
                }
                (base + p).initialize(to: first)
                source[p] = UInt64(p)
            }
        }
    }

    /// Whether the finding at `a` goes first of two at one place: by rule id, then message, then the
    /// order they came in.
    private static func precedesAtOnePlace(_ items: UnsafeBufferPointer<Diagnostic>, _ a: Int, _ b: Int) -> Bool {
        if items[a].ruleID != items[b].ruleID { return items[a].ruleID < items[b].ruleID }
        if items[a].message != items[b].message { return items[a].message < items[b].message }
        return a < b
    }

    /// Sorts `keys` by `precedes` in place, allocating nothing (the library's sort is a merge sort with a
    /// buffer, and allocating it looks the buffer's type up in the runtime's metadata cache on every call):
    /// quicksort with the median of three as pivot, short ranges sorted by insertion. The order is total, so an
    /// unstable sort gives the one result.
    private static func sortKeys(_ keys: UnsafeMutableBufferPointer<UInt64>, by precedes: (UInt64, UInt64) -> Bool) {
        var low = 0, high = keys.count - 1
        // Each pass partitions the range, sorts its shorter side by recursion (which keeps the depth
        // logarithmic) and goes on with the longer one.
        while high - low >= 16 {
            let mid = low + (high - low) / 2
            if precedes(keys[mid], keys[low]) { keys.swapAt(mid, low) }
            if precedes(keys[high], keys[low]) { keys.swapAt(high, low) }
            if precedes(keys[high], keys[mid]) { keys.swapAt(high, mid) }
            let pivot = keys[mid]
            var i = low, j = high
            while i <= j {
                while precedes(keys[i], pivot) { i += 1 }
                while precedes(pivot, keys[j]) { j -= 1 }
                if i <= j {
                    keys.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if j - low < high - i {
                if j > low { sortKeys(UnsafeMutableBufferPointer(rebasing: keys[low ... j]), by: precedes) }
                low = i
            } else {
                if i < high { sortKeys(UnsafeMutableBufferPointer(rebasing: keys[i ... high]), by: precedes) }
                high = j
            }
        }
        guard low < high else { return }
        for i in low + 1 ... high {
            let key = keys[i]
            var j = i
            while j > low, precedes(key, keys[j - 1]) {
                keys[j] = keys[j - 1]
                j -= 1
            }
            keys[j] = key
        }
    }

    /// Writes the sorted order as source indices into `keys` (one slot per finding), found by sorting one
    /// integer per finding: its place (line, column, offset) above its index. Strings are compared only
    /// within a run of findings at one place. `false` when a value does not fit (a line or column from 2^20
    /// on, an offset from 255 on, more than 65,536 findings); `keys` is then to be overwritten.
    private static func packedOrder(_ items: UnsafeBufferPointer<Diagnostic>, into keys: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        guard items.count <= 1 << 16 else { return false }
        for i in items.indices {
            let line = items[i].position?.line ?? 0, column = items[i].position?.column ?? 0
            let offset = (items[i].offset ?? -1) + 1
            guard line >= 0, line < 1 << 20, column >= 0, column < 1 << 20, offset >= 0, offset < 1 << 8 else { return false }
            keys[i] = UInt64(line) << 44 | UInt64(column) << 24 | UInt64(offset) << 16 | UInt64(i)
        }
        sortKeys(keys, by: <)
        var start = 0
        while start < keys.count {
            let place = keys[start] >> 16
            var end = start + 1
            while end < keys.count, keys[end] >> 16 == place { end += 1 }
            if end - start > 1 {
                sortKeys(UnsafeMutableBufferPointer(rebasing: keys[start..<end])) {
                    precedesAtOnePlace(items, Int($0 & 0xFFFF), Int($1 & 0xFFFF))
                }
            }
            start = end
        }
        for i in keys.indices { keys[i] &= 0xFFFF }
        return true
    }

    /// The sorted order as source indices, for any values: whole keys compared field by field.
    private static func keyedOrder(_ items: UnsafeBufferPointer<Diagnostic>) -> [UInt64] {
        var keys: [(line: Int, column: Int, offset: Int, index: Int)] = []
        keys.reserveCapacity(items.count)
        for i in items.indices {
            let position = items[i].position
            keys.append((position?.line ?? 0, position?.column ?? 0, items[i].offset ?? -1, i))
        }
        keys.sort { a, b in
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            if a.offset != b.offset { return a.offset < b.offset }
            return precedesAtOnePlace(items, a.index, b.index)
        }
        return keys.map { UInt64($0.index) }
    }
}

extension Diagnostic {
    @inlinable
    public init(
        ruleID: String,
        severity: Severity,
        message: String,
        file: String? = nil,
        position: SourcePosition? = nil,
        path: String? = nil,
        spec: SpecReference? = nil,
        offset: Int? = nil,
        details: [String: String] = [:]
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.file = file
        self.position = position
        self.path = path
        self.spec = spec
        self.offset = offset
        self.details = details
    }

    /// A rule's finding at a place in a document, for a rule engine that appends many: built memberwise
    /// (see the note on the stored properties), so appending it to an array copies nothing.
    public static func finding(
        ruleID: String, severity: Severity, message: String, position: SourcePosition?, path: String?,
        spec: SpecReference?, details: [String: String]
    ) -> Diagnostic {
        Diagnostic(severity: severity, ruleID: ruleID, message: message, file: nil, position: position, path: path,
                   spec: spec, offset: nil, details: details)
    }
}
