import ConformCore
import Conformance
import Foundation
import Trafficking
import VAST
import Validation

/// What kind of document the server checks, from its name and (for XML) its root element.
public enum DocumentKind: String, Sendable, Equatable {
    /// A VAST or VMAP document.
    case tag
    /// A corpus parameter table (`*.tsv` under a `params` folder).
    case parameterTable
    /// A file of parameter strings, one a line (`*.params`, or a `.txt` file whose lines read as parameters).
    case parameterList
    /// A corpus case's expectation sidecar (`*.expect.json`).
    case expectation
    /// A `.conform.json` configuration.
    case configuration
    /// Anything else (other XML among it): left alone.
    case ignored

    public static func of(path: String, text: String) -> DocumentKind {
        let name = (path as NSString).lastPathComponent
        let lower = name.lowercased()
        if lower.hasSuffix(".expect.json") { return .expectation }
        if name == Configuration.fileName { return .configuration }
        if lower.hasSuffix(".vast") || lower.hasSuffix(".vmap") { return .tag }
        if lower.hasSuffix(".tsv") { return path.split(separator: "/").dropLast().contains("params") ? .parameterTable : .ignored }
        if lower.hasSuffix(".params") { return .parameterList }
        if lower.hasSuffix(".txt") {
            let lines = text.split(whereSeparator: \.isNewline).filter { !$0.isEmpty && !$0.hasPrefix("#") }.prefix(20)
            let parameters = lines.filter { TraffickingAnalyzer.looksLikeParameterString(String($0)) }.count
            return !lines.isEmpty && parameters * 2 > lines.count ? .parameterList : .ignored
        }
        if lower.hasSuffix(".json") { return .ignored }
        return ["VAST", "VMAP"].contains(rootElementName(text) ?? "") ? .tag : .ignored
    }

    /// The local name of the first element, after the prolog, comments and processing instructions.
    static func rootElementName(_ text: String) -> String? {
        var rest = Substring(text.prefix(64 * 1024))
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            if rest.hasPrefix("?") || rest.hasPrefix("!--") || rest.hasPrefix("!") {
                let terminator = rest.hasPrefix("!--") ? "-->" : ">"
                guard let end = rest.range(of: terminator) else { return nil }
                rest = rest[end.upperBound...]
                continue
            }
            let name = rest.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            return name.split(separator: ":").last.map(String.init)
        }
        return nil
    }
}

/// One finding placed in a document: the finding, and the scalar offsets it covers.
public struct PlacedFinding: Sendable {
    public var diagnostic: Diagnostic
    public var start: Int
    public var end: Int
    /// Other places the finding refers to (the first occurrence of a duplicate), as scalar offsets.
    public var related: [(start: Int, end: Int, message: String)]
    /// For a finding about another document (a fetched hop of the chain): that document and the place in it.
    public var foreign: (file: String, position: SourcePosition?)?

    public init(diagnostic: Diagnostic, start: Int, end: Int, related: [(start: Int, end: Int, message: String)]) {
        self.diagnostic = diagnostic
        self.start = start
        self.end = end
        self.related = related
    }
}

/// The engine's findings for one document, placed at exact ranges of its text. Every check is the
/// library call the command line makes: ``TagCheck`` for tags, the trafficking analyser for parameter
/// strings, the expectation and configuration readers for sidecars and `.conform.json`.
public enum DocumentAnalysis {
    /// Checks `document` as `kind` under `configuration`.
    public static func findings(for document: TextDocument, kind: DocumentKind, path: String,
                                configuration: Configuration, knownRuleIDs: Set<String>,
                                ruleAliases: [String: String]) -> [PlacedFinding] {
        switch kind {
        case .tag:
            let result = TagCheck.check(TagCheck.Input(name: path, data: Data(document.text.utf8), path: path,
                                                       options: TagCheck.Options(configuration: configuration)))
            return result.allFindings.map { place($0, in: document) }
        case .parameterList:
            let settings = configuration.resolved(forFile: path)
            return parameterLines(document).flatMap { line, column, string in
                settings.apply(to: TraffickingAnalyzer.analyze(string, line: line).diagnostics)
                    .map { placeParameter($0, string: string, line: line, column: column, in: document) }
            }
        case .parameterTable:
            let settings = configuration.resolved(forFile: path)
            return ParameterTable.parse(document.text).flatMap { entry -> [PlacedFinding] in
                switch entry {
                case .row(let row):
                    return settings.apply(to: TraffickingAnalyzer.analyze(row.string, policy: row.policy, line: row.line).diagnostics)
                        .map { placeParameter($0, string: row.string, line: row.line, column: row.stringColumn, in: document) }
                case .broken(let line, _, let message):
                    let start = document.offset(line: line, column: 1)
                    let end = document.offset(line: line, column: Int.max / 2)
                    let diagnostic = Diagnostic(ruleID: "CORPUS-table-row", severity: .error, message: message,
                                                position: SourcePosition(line: line, column: 1))
                    return [PlacedFinding(diagnostic: diagnostic, start: start, end: max(end, start + 1), related: [])]
                }
            }
        case .expectation:
            return expectationFindings(document, path: path, knownRuleIDs: knownRuleIDs, ruleAliases: ruleAliases)
        case .configuration:
            return configurationFindings(document, knownRuleIDs: knownRuleIDs, ruleAliases: ruleAliases)
        case .ignored:
            return []
        }
    }

    // MARK: Tags

    /// A finding's range: an attribute it names (`MediaFile@delivery`) in the start tag it points at, else the
    /// element's name; the first line when it has no position.
    static func place(_ diagnostic: Diagnostic, in document: TextDocument) -> PlacedFinding {
        var placed = placeAlone(diagnostic, in: document)
        // A repeated element points back at the element's first occurrence.
        if let line = diagnostic.details["firstLine"].flatMap(Int.init), let column = diagnostic.details["firstColumn"].flatMap(Int.init) {
            let start = document.offset(line: line, column: column)
            var end = start + 1
            while let scalar = document.scalar(at: end), !scalar.properties.isWhitespace, scalar != ">", scalar != "/" { end += 1 }
            placed.related.append((start, end, "first given here" + (diagnostic.details["firstPath"].map { " (\($0))" } ?? "")))
        }
        return placed
    }

    /// A finding's own range, as ``place(_:in:)`` describes it.
    static func placeAlone(_ diagnostic: Diagnostic, in document: TextDocument) -> PlacedFinding {
        guard let position = diagnostic.position else {
            return PlacedFinding(diagnostic: diagnostic, start: 0, end: min(1, document.scalarCount), related: [])
        }
        let start = document.offset(line: position.line, column: position.column)
        guard document.scalar(at: start) == "<" else {
            return PlacedFinding(diagnostic: diagnostic, start: start, end: min(start + 1, document.scalarCount), related: [])
        }
        var nameEnd = start + 1
        while let scalar = document.scalar(at: nameEnd), !scalar.properties.isWhitespace, scalar != ">", scalar != "/" { nameEnd += 1 }
        let elementName = document.text(from: start + 1, to: nameEnd)
        if let attribute = attributeNamed(in: diagnostic.message, element: elementName),
           let range = attributeRange(attribute, from: nameEnd, in: document) {
            return PlacedFinding(diagnostic: diagnostic, start: range.start, end: range.end, related: [])
        }
        return PlacedFinding(diagnostic: diagnostic, start: start, end: nameEnd, related: [])
    }

    /// `delivery` from a message that speaks of `MediaFile@delivery`.
    static func attributeNamed(in message: String, element: String) -> String? {
        let local = element.split(separator: ":").last.map(String.init) ?? element
        guard let marker = message.range(of: "\(local)@") else { return nil }
        let name = message[marker.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == ":" }
        return name.isEmpty ? nil : String(name)
    }

    /// The offsets of `name="value"` in the start tag whose attributes begin at `offset`.
    static func attributeRange(_ name: String, from offset: Int, in document: TextDocument) -> (start: Int, end: Int)? {
        var index = offset
        var quote: Unicode.Scalar?
        var tokenStart: Int?
        while let scalar = document.scalar(at: index) {
            if let open = quote {
                if scalar == open { quote = nil; if let begin = tokenStart { return (begin, index + 1) } }
            } else if scalar == ">" {
                return nil
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if tokenStart == nil, !scalar.properties.isWhitespace,
                      document.text(from: index, to: index + name.unicodeScalars.count) == name,
                      let after = document.scalar(at: index + name.unicodeScalars.count), after == "=" || after.properties.isWhitespace,
                      let before = document.scalar(at: index - 1), before.properties.isWhitespace {
                tokenStart = index
            }
            index += 1
        }
        return nil
    }

    // MARK: Parameter strings

    /// The strings of a parameter-list file: each non-empty line that is not a `#` comment, with its 1-based line and column.
    static func parameterLines(_ document: TextDocument) -> [(line: Int, column: Int, string: String)] {
        (0..<document.lineCount).compactMap { index in
            let line = String(String.UnicodeScalarView(document.line(index)))
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty, !line.hasPrefix("#") else { return nil }
            return (index + 1, 1, line)
        }
    }

    /// A parameter finding's range: its segment (from its offset to the next comma), in the line of its string.
    static func placeParameter(_ diagnostic: Diagnostic, string: String, line: Int, column: Int, in document: TextDocument) -> PlacedFinding {
        let scalars = Array(string.unicodeScalars)
        let offset = min(diagnostic.offset ?? 0, scalars.count)
        var end = offset
        while end < scalars.count, scalars[end] != "," { end += 1 }
        if end == offset { end = min(offset + 1, scalars.count) }
        let base = document.offset(line: line, column: column)
        // A duplicate key points back at the segment where the key was first given.
        var related: [(start: Int, end: Int, message: String)] = []
        if let first = diagnostic.details["firstSegment"].flatMap(Int.init), first >= 1 {
            var segment = 1, start = 0
            for (index, scalar) in scalars.enumerated() where segment < first && scalar == "," {
                segment += 1
                start = index + 1
            }
            var stop = start
            while stop < scalars.count, scalars[stop] != "," { stop += 1 }
            if segment == first { related.append((base + start, base + stop, "first given here (segment \(first))")) }
        }
        return PlacedFinding(diagnostic: diagnostic, start: base + offset, end: base + max(end, offset), related: related)
    }

    // MARK: Sidecars and configuration

    static func expectationFindings(_ document: TextDocument, path: String, knownRuleIDs: Set<String>,
                                    ruleAliases: [String: String]) -> [PlacedFinding] {
        let data = Data(document.text.utf8)
        do {
            let expectation = try CaseExpectation.decode(data, file: (path as NSString).lastPathComponent)
            var findings: [PlacedFinding] = []
            let named = (expectation.diagnostics?.present.map(\.rule) ?? []) + (expectation.diagnostics?.absent ?? [])
            for id in named where !knownRuleIDs.contains(id) && !(id.contains("*")) {
                let renamed = ruleAliases[id]
                let message = renamed.map { "rule \(id) was renamed \($0)" } ?? "no rule has the id \(id)"
                findings.append(placeString(id, in: document, ruleID: "CORPUS-expectation-rule", severity: renamed == nil ? .error : .warning,
                                            message: message))
            }
            return findings
        } catch {
            return [whole(document, ruleID: "CORPUS-expectation-malformed", message: error.description)]
        }
    }

    static func configurationFindings(_ document: TextDocument, knownRuleIDs: Set<String>, ruleAliases: [String: String]) -> [PlacedFinding] {
        do {
            let (_, warnings) = try Configuration.parse(Data(document.text.utf8), knownRuleIDs: knownRuleIDs, aliases: ruleAliases)
            return warnings.map { warning in
                // A warning names the setting it is about in quotes: point at that string where it stands.
                let quoted = warning.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first.map(String.init)
                    ?? warning.split(separator: "\"", omittingEmptySubsequences: false).dropFirst().first.map(String.init)
                if let quoted, !quoted.isEmpty {
                    return placeString(quoted, in: document, ruleID: "CONFIG-setting", severity: .warning, message: warning)
                }
                return whole(document, ruleID: "CONFIG-setting", message: warning, severity: .warning)
            }
        } catch {
            return [whole(document, ruleID: "CONFIG-malformed", message: error.description)]
        }
    }

    /// A finding over the first occurrence of `"value"` (quoted, as JSON writes it), else over the first line.
    static func placeString(_ value: String, in document: TextDocument, ruleID: String, severity: Severity, message: String) -> PlacedFinding {
        let diagnostic = Diagnostic(ruleID: ruleID, severity: severity, message: message)
        let scalars = Array(document.text.unicodeScalars)
        let needle = Array("\"\(value)\"".unicodeScalars)
        if needle.count <= scalars.count {
            for start in 0...(scalars.count - needle.count) where scalars[start..<(start + needle.count)].elementsEqual(needle) {
                return PlacedFinding(diagnostic: diagnostic, start: start + 1, end: start + needle.count - 1, related: [])
            }
        }
        return PlacedFinding(diagnostic: diagnostic, start: 0, end: document.line(0).count, related: [])
    }

    static func whole(_ document: TextDocument, ruleID: String, message: String, severity: Severity = .error) -> PlacedFinding {
        PlacedFinding(diagnostic: Diagnostic(ruleID: ruleID, severity: severity, message: message),
                      start: 0, end: document.line(0).count, related: [])
    }
}
