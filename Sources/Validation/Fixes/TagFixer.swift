import ConformCore
import Foundation
import VAST
import XMLCore

/// Mechanical repairs of a tag's findings, made as edits of its bytes: everything else in the file (layout,
/// comments, attribute order, other elements) stays as it was.
///
/// Only findings whose repair is certain are fixed, each by rewriting the text of the element it points at:
/// a URL or value moved into `<![CDATA[ ]]>`, `&amp;` inside CDATA turned into `&`, mis-cased macro names
/// upper-cased, characters RFC 3986 forbids percent-encoded (macro tokens and placeholders left alone); or one
/// attribute value whose only fault is its spelling (`Cpm`, `Progressive`, `FirstQuartile`).
/// Every repair is checked by validating the repaired tag: it must be well-formed, the repaired findings
/// gone, and no finding new; otherwise nothing is changed.
public enum TagFixer {
    /// The rules whose findings are repaired, and how.
    public static let fixes: [String: String] = [
        "VAST-2.0-url-cdata": "moves the URL into <![CDATA[ ]]>",
        "VAST-4.1-verification-parameters-cdata": "moves the parameters into <![CDATA[ ]]>",
        "VMAP-1.0-cdata-required": "moves the content into <![CDATA[ ]]>",
        "VAST-2.0-extension-cdata": "moves the value into <![CDATA[ ]]>",
        "VAST-2.0-url-cdata-escaped-ampersand": "turns &amp; inside the CDATA into &",
        "VAST-2.0-macro-case": "writes the macro names in upper case",
        "VAST-2.0-url-unencoded": "percent-encodes the characters (macro tokens and placeholders stay as they are)",
        "VAST-3.0-pricing-model-case": "writes the model in lower case (cpm), as every version allows",
        "VAST-2.0-mediafile-delivery-value": "writes progressive or streaming when the value is one of them in other case or with spaces",
        "VAST-2.0-tracking-event-value": "writes the event as the declared version spells it when only its case differs (FirstQuartile → firstQuartile)",
    ]

    /// The rules repaired by rewriting one attribute of the element: the attribute, and the value it takes (`nil`
    /// when the value has no certain repair) given the written one and the tag's version.
    static let attributeFixes: [String: (attribute: String, repair: @Sendable (String, VASTVersion) -> String?)] = [
        "VAST-3.0-pricing-model-case": ("model", { value, _ in
            let lower = value.lowercased()
            return ["cpm", "cpc", "cpe", "cpv"].contains(lower) ? lower : nil
        }),
        "VAST-2.0-mediafile-delivery-value": ("delivery", { value, _ in
            let lower = value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            return ["progressive", "streaming"].contains(lower) ? lower : nil
        }),
        "VAST-2.0-tracking-event-value": ("event", { value, version in
            let matches = TrackingEvents.names(for: version).filter { $0.lowercased() == value.lowercased() }
            return matches.count == 1 ? matches.first : nil
        }),
    ]

    /// The rules whose repair puts the element's text in CDATA.
    static let wrapsInCDATA: Set<String> = [
        "VAST-2.0-url-cdata", "VAST-4.1-verification-parameters-cdata", "VMAP-1.0-cdata-required", "VAST-2.0-extension-cdata",
    ]

    /// How many of `diagnostics` (findings of `input`) ``repair(_:configuration:)`` would repair: every finding of
    /// a rule that rewrites the element's content, and a finding of an attribute rule when its value has a repair.
    /// (A finding whose element turns out unsafe to rewrite, with a comment inside, still counts.)
    public static func repairableCount(_ diagnostics: [Diagnostic], in input: DecodedInput) -> Int {
        var count = 0
        var attributeFindings: [Diagnostic] = []
        for diagnostic in diagnostics where fixes[diagnostic.ruleID] != nil {
            if attributeFixes[diagnostic.ruleID] == nil { count += 1 } else { attributeFindings.append(diagnostic) }
        }
        guard !attributeFindings.isEmpty, let root = input.xml.root else { return count }
        let elements = elements(at: Set(attributeFindings.compactMap(\.position)), under: root)
        let version = input.vast?.version ?? .v4_3
        for diagnostic in attributeFindings {
            guard let element = diagnostic.position.flatMap({ elements[$0] }),
                  attributeRepair(diagnostic.ruleID, of: element, version: version) != nil
            else { continue }
            count += 1
        }
        return count
    }

    /// The attribute `ruleID`'s repair rewrites on `element`, with its value and the repaired value, when the value
    /// has a certain repair.
    static func attributeRepair(_ ruleID: String, of element: XMLElement, version: VASTVersion)
        -> (attribute: String, value: String, repaired: String)? {
        guard let fix = attributeFixes[ruleID], let value = element.attribute(fix.attribute),
              let repaired = fix.repair(value, version), repaired != value
        else { return nil }
        return (fix.attribute, value, repaired)
    }

    /// An attribute value as written, normalized as an XML parser reads it (XML 1.0 §2.11 and §3.3.3): a line
    /// break (CR LF, CR or LF) and a tab each become one space.
    static func normalizedAttributeValue(_ raw: String) -> String {
        var out = String.UnicodeScalarView()
        var previousCR = false
        for scalar in raw.unicodeScalars {
            defer { previousCR = scalar == "\r" }
            switch scalar {
            case "\n" where previousCR: continue
            case "\r", "\n", "\t": out.append(" ")
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// The elements under `root` (itself included) that start at one of `positions`.
    static func elements(at positions: Set<SourcePosition>, under root: XMLElement) -> [SourcePosition: XMLElement] {
        var elements: [SourcePosition: XMLElement] = [:]
        root.forEachDescendant { element in
            if positions.contains(element.position) { elements[element.position] = element }
        }
        return elements
    }

    /// One repair: the bytes `range` of the input become `replacement`.
    public struct Edit: Sendable, Hashable {
        /// The rules whose findings it repairs, sorted.
        public var ruleIDs: [String]
        /// Where the element starts, as findings give it.
        public var position: SourcePosition
        public var elementName: String
        /// The attribute rewritten, for a repair of an attribute value (`before` and `after` are then its values);
        /// `nil` for a repair of the element's content.
        public var attribute: String?
        /// The element's content as written, and as it will be.
        public var before: String
        public var after: String
        public var range: Range<Int>
    }

    /// Why a tag's findings were not repaired.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case notUTF8
        case notWellFormed
        /// The repaired tag did not validate as expected: what went wrong.
        case unverified(String)

        public var description: String {
            switch self {
            case .notUTF8: "the tag is not UTF-8 (by its bytes or its XML declaration); conform repairs UTF-8 documents only"
            case .notWellFormed: "the tag is not well-formed XML; repair it by hand first"
            case .unverified(let why): "the repaired tag did not check out (\(why)); nothing was changed"
            }
        }
    }

    /// The outcome for one tag: the edits made (none when nothing could be repaired), the repaired bytes, and
    /// the findings left that have no automatic repair (or whose element could not be rewritten safely).
    public struct Outcome: Sendable {
        public var edits: [Edit]
        public var fixed: Data
        public var remaining: [Diagnostic]
    }

    /// Whether `data` is a UTF-8 document: no UTF-16 byte-order mark or layout, valid UTF-8 bytes, and an XML
    /// declaration that names UTF-8 (or US-ASCII, a subset) if it names an encoding. A repair writes UTF-8
    /// bytes, so an ISO-8859-1 tag, for one, would be corrupted by it.
    static func isUTF8(_ data: Data) -> Bool {
        if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0x00, 0x3C]) || data.starts(with: [0x3C, 0x00]) {
            return false
        }
        guard String(validating: data, as: UTF8.self) != nil else { return false }
        var bytes = data.prefix(512)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let head = String(decoding: bytes, as: UTF8.self)
        guard head.hasPrefix("<?xml"), let end = head.range(of: "?>") else { return true }
        let declaration = head[..<end.lowerBound]
        guard let name = declaration.range(of: "encoding") else { return true }
        let rest = declaration[name.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return true }
        let encoding = rest.dropFirst().prefix { $0 != quote }.lowercased()
        return ["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding)
    }

    /// Repairs what it can of `data`'s findings under `configuration` (a rule switched off has nothing to repair,
    /// and a finding switched off by a directive in the tag is left alone).
    public static func repair(_ data: Data, configuration: Configuration = .default) throws(Refusal) -> Outcome {
        guard isUTF8(data) else { throw .notUTF8 }
        let input = VASTDecoder.decode(data)
        guard input.xml.isWellFormed, let root = input.xml.root else { throw .notWellFormed }
        let findings = Validator.validate(input, configuration: configuration)
        // The findings to repair, by the element they point at.
        var byPosition: [SourcePosition: [Diagnostic]] = [:]
        var byPositionAttributes: [SourcePosition: [Diagnostic]] = [:]
        for finding in findings where attributeFixes[finding.ruleID] != nil {
            guard let position = finding.position else { continue }
            byPositionAttributes[position, default: []].append(finding)
        }
        for finding in findings where fixes[finding.ruleID] != nil && attributeFixes[finding.ruleID] == nil {
            guard let position = finding.position else { continue }
            byPosition[position, default: []].append(finding)
        }
        guard !byPosition.isEmpty || !byPositionAttributes.isEmpty else { return Outcome(edits: [], fixed: data, remaining: findings) }
        let elements = elements(at: Set(byPosition.keys).union(byPositionAttributes.keys), under: root)
        let bytes = [UInt8](data)
        let lines = LineIndex(bytes)
        var edits: [Edit] = []
        for (position, found) in byPosition {
            guard let element = elements[position], !element.hasEntityReference, element.childCount == 0,
                  let start = lines.offset(of: position, in: bytes), let content = contentRange(of: element, startingAt: start, in: bytes)
            else { continue }
            let ruleIDs = Set(found.map(\.ruleID))
            var value = element.text
            if ruleIDs.contains("VAST-2.0-url-cdata-escaped-ampersand") { value = value.replacingOccurrences(of: "&amp;", with: "&") }
            if ruleIDs.contains("VAST-2.0-macro-case") { value = upperCasingMacros(value) }
            if ruleIDs.contains("VAST-2.0-url-unencoded") { value = percentEncodingForbidden(value) }
            let inCDATA = element.cdataSections > 0 || !ruleIDs.isDisjoint(with: wrapsInCDATA)
            guard !(inCDATA && value.contains("]]>")) else { continue }
            let after = inCDATA ? "<![CDATA[" + value + "]]>" : escapeText(value)
            let before = String(decoding: bytes[content], as: UTF8.self)
            guard after != before else { continue }
            edits.append(Edit(ruleIDs: ruleIDs.sorted(), position: position, elementName: element.qualifiedName, attribute: nil,
                              before: before, after: after, range: content))
        }
        let version = input.vast?.version ?? .v4_3
        for (position, found) in byPositionAttributes {
            guard let element = elements[position], let start = lines.offset(of: position, in: bytes) else { continue }
            for ruleID in Set(found.map(\.ruleID)).sorted() {
                guard let repair = attributeRepair(ruleID, of: element, version: version),
                      let range = attributeValueRange(repair.attribute, of: element, startingAt: start, in: bytes),
                      // The value as written, but for the white space XML turns into spaces in an attribute
                      // value: an entity or character reference in it is left for a hand.
                      case let written = String(decoding: bytes[range], as: UTF8.self),
                      Self.normalizedAttributeValue(written) == repair.value
                else { continue }
                edits.append(Edit(ruleIDs: [ruleID], position: position, elementName: element.qualifiedName, attribute: repair.attribute,
                                  before: written, after: repair.repaired, range: range))
            }
        }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        guard !edits.isEmpty else { return Outcome(edits: [], fixed: data, remaining: findings) }
        var out = bytes
        for edit in edits.reversed() { out.replaceSubrange(edit.range, with: Array(edit.after.utf8)) }
        let fixed = Data(out)
        let remaining = try verify(fixed, edits: edits, before: findings, configuration: configuration)
        return Outcome(edits: edits, fixed: fixed, remaining: remaining)
    }

    /// The findings of the repaired tag, after checking that it is well-formed, that no finding a repair was
    /// made for is left at its element, and that no finding is new at a repaired element (or inside one).
    /// Findings are compared by rule and element path, not line or message: a rewritten element may take fewer
    /// lines, and a message may quote the URL. A new finding elsewhere is what the repaired value now says about
    /// the ad (a tracking event spelt right counts towards the quartiles, so their gaps show): it is kept in
    /// the findings left, not a reason to refuse.
    private static func verify(_ fixed: Data, edits: [Edit], before: [Diagnostic], configuration: Configuration) throws(Refusal) -> [Diagnostic] {
        let input = VASTDecoder.decode(fixed)
        guard input.xml.isWellFormed else { throw .unverified("it is not well-formed") }
        let after = Validator.validate(input, configuration: configuration)
        func key(_ d: Diagnostic) -> String { d.ruleID + "\u{0}" + (d.path ?? "") }
        var counts: [String: Int] = [:]
        for d in before { counts[key(d), default: 0] += 1 }
        // The findings repaired: gone from their elements.
        for d in before where edits.contains(where: { $0.position == d.position && $0.ruleIDs.contains(d.ruleID) }) { counts[key(d)] = 0 }
        let repairedPaths = Set(before.filter { d in edits.contains { $0.position == d.position } }.compactMap(\.path))
        func atRepairedElement(_ d: Diagnostic) -> Bool {
            guard let path = d.path else { return true }
            return repairedPaths.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
        var seen: [String: Int] = [:]
        for d in after {
            seen[key(d), default: 0] += 1
            guard seen[key(d)]! > counts[key(d), default: 0] else { continue }
            let repaired = before.contains { $0.ruleID == d.ruleID && $0.path == d.path }
            guard repaired || atRepairedElement(d) else { continue }
            throw .unverified(repaired ? "\(d.ruleID) is still reported: \(d.message)" : "it has a new finding: \(d.ruleID) \(d.message)")
        }
        return after
    }

    /// Byte offsets of line starts, for turning a line and column (characters) into an offset.
    struct LineIndex {
        var starts: [Int] = [0]

        init(_ bytes: [UInt8]) {
            // A UTF-8 byte order mark is not a character of the first line (as the parser counts).
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { starts[0] = 3 }
            for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        }

        func offset(of position: SourcePosition, in bytes: [UInt8]) -> Int? {
            guard position.line >= 1, position.line <= starts.count else { return nil }
            var i = starts[position.line - 1], characters = 1
            while characters < position.column, i < bytes.count {
                i += 1
                while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
                characters += 1
            }
            return i < bytes.count && bytes[i] == 0x3C ? i : nil
        }
    }

    /// The bytes of the value of `element`'s attribute `name` (between its quotes), in the start tag at `start`.
    static func attributeValueRange(_ name: String, of element: XMLElement, startingAt start: Int, in bytes: [UInt8]) -> Range<Int>? {
        let elementName = Array(element.qualifiedName.utf8), wanted = Array(name.utf8)
        guard start + 1 + elementName.count <= bytes.count, Array(bytes[(start + 1) ..< (start + 1 + elementName.count)]) == elementName
        else { return nil }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        var i = start + 1 + elementName.count
        while i < bytes.count {
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] != 0x3E, bytes[i] != 0x2F else { return nil }
            let nameStart = i
            while i < bytes.count, !isSpace(bytes[i]), bytes[i] != 0x3D, bytes[i] != 0x3E { i += 1 }
            let attributeName = bytes[nameStart ..< i]
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] == 0x3D else { return nil }
            i += 1
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] == 0x22 || bytes[i] == 0x27 else { return nil }
            let quote = bytes[i]
            let valueStart = i + 1
            i = valueStart
            while i < bytes.count, bytes[i] != quote { i += 1 }
            guard i < bytes.count else { return nil }
            if Array(attributeName) == wanted { return valueStart ..< i }
            i += 1
        }
        return nil
    }

    /// The bytes between the end of `element`'s start tag at `start` and its end tag, when they hold text and
    /// CDATA only (no child element, comment or processing instruction).
    static func contentRange(of element: XMLElement, startingAt start: Int, in bytes: [UInt8]) -> Range<Int>? {
        let name = Array(element.qualifiedName.utf8)
        guard start + 1 + name.count <= bytes.count, Array(bytes[(start + 1) ..< (start + 1 + name.count)]) == name else { return nil }
        var i = start + 1 + name.count
        var quote: UInt8 = 0
        while i < bytes.count {
            let b = bytes[i]
            if quote != 0 {
                if b == quote { quote = 0 }
            } else if b == 0x22 || b == 0x27 {
                quote = b
            } else if b == 0x3E {
                break
            }
            i += 1
        }
        guard i < bytes.count, bytes[i - 1] != 0x2F else { return nil } // a self-closing tag has no content
        let contentStart = i + 1
        i = contentStart
        func matches(_ text: String, at k: Int) -> Bool {
            let t = Array(text.utf8)
            return k + t.count <= bytes.count && Array(bytes[k ..< k + t.count]) == t
        }
        while i < bytes.count {
            guard bytes[i] == 0x3C else { i += 1; continue }
            if matches("<![CDATA[", at: i) {
                var k = i + 9
                while k + 2 < bytes.count, !(bytes[k] == 0x5D && bytes[k + 1] == 0x5D && bytes[k + 2] == 0x3E) { k += 1 }
                guard k + 2 < bytes.count else { return nil }
                i = k + 3
            } else if matches("</", at: i) {
                return matches("</" + element.qualifiedName, at: i) ? contentStart ..< i : nil
            } else {
                return nil
            }
        }
        return nil
    }

    /// `url` with every macro name the IAB list knows in upper case (`[cachebusting]` → `[CACHEBUSTING]`).
    static func upperCasingMacros(_ url: String) -> String {
        var characters = Array(url)
        for occurrence in Macros.occurrences(in: url) {
            let upper = occurrence.name.uppercased()
            guard occurrence.name != upper, MacroCatalog.definition(upper) != nil else { continue }
            let opening = occurrence.form == .brackets ? 1 : 2
            let nameRange = (occurrence.start + opening) ..< (occurrence.end - opening)
            guard nameRange.count == upper.count else { continue }
            characters.replaceSubrange(nameRange, with: Array(upper))
        }
        return String(characters)
    }

    /// `url` with the characters RFC 3986 forbids (`"<>\^`{|}`, controls, non-ASCII) percent-encoded as UTF-8,
    /// outside macro tokens (`[NAME]`, `%%NAME%%`) and template placeholders (`${NAME}`, `{{NAME}}`), which the
    /// ad server fills before the URL is used. Whitespace is left as it is.
    static func percentEncodingForbidden(_ url: String) -> String {
        let bytes = Array(url.utf8)
        let tokens = URLInspection.tokenRanges(bytes)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var t = 0
        var i = 0
        let hex = Array("0123456789ABCDEF".utf8)
        while i < bytes.count {
            while t < tokens.count, tokens[t].upperBound <= i { t += 1 }
            if t < tokens.count, tokens[t].contains(i) {
                out.append(contentsOf: bytes[tokens[t]])
                i = tokens[t].upperBound
                continue
            }
            let b = bytes[i]
            if b >= 0x80 || URLInspection.isUnencodedASCII(b) {
                out.append(0x25)
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0x0F)])
            } else {
                out.append(b)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` as XML character data.
    static func escapeText(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(c)
            }
        }
        return out
    }
}
