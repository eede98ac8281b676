import Foundation

/// How a client counts the `character` of a position: UTF-16 code units (the protocol's default), UTF-8
/// bytes or Unicode scalars (`utf-32`).
public enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"
    case utf32 = "utf-32"
}

/// A position in the protocol's terms: a 0-based line and a 0-based offset in that line.
public struct LSPPosition: Sendable, Hashable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public init?(_ json: JSON) {
        guard let line = json["line"].int, let character = json["character"].int, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }

    public var json: JSON { ["line": .int(line), "character": .int(character)] }

    public static func < (lhs: LSPPosition, rhs: LSPPosition) -> Bool { (lhs.line, lhs.character) < (rhs.line, rhs.character) }
}

public struct LSPRange: Sendable, Hashable {
    public var start: LSPPosition
    public var end: LSPPosition

    public init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    public init?(_ json: JSON) {
        guard let start = LSPPosition(json["start"]), let end = LSPPosition(json["end"]), start <= end else { return nil }
        self.init(start: start, end: end)
    }

    public var json: JSON { ["start": start.json, "end": end.json] }

    public func contains(_ position: LSPPosition) -> Bool { start <= position && position <= end }
}

/// An open document's text, with the conversions between the protocol's positions and the text's
/// Unicode scalars (what conform's findings count, 1-based: line and column).
public struct TextDocument: Sendable {
    public let uri: String
    public private(set) var version: Int
    public private(set) var text: String
    /// The scalar offset at which each line starts; a line ends at `\n`, `\r\n` or `\r`.
    private var lineStarts: [Int] = [0]
    private var scalars: [Unicode.Scalar] = []

    public init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        self.text = text
        reindex()
    }

    private mutating func reindex() {
        scalars = Array(text.unicodeScalars)
        lineStarts = [0]
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\r" {
                if index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
                lineStarts.append(index + 1)
            } else if scalar == "\n" {
                lineStarts.append(index + 1)
            }
            index += 1
        }
    }

    public var lineCount: Int { lineStarts.count }

    /// The scalars of line `line` (0-based), without its line break.
    public func line(_ line: Int) -> ArraySlice<Unicode.Scalar> {
        guard line >= 0, line < lineStarts.count else { return [] }
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : scalars.count
        while end > lineStarts[line], scalars[end - 1] == "\n" || scalars[end - 1] == "\r" { end -= 1 }
        return scalars[lineStarts[line]..<end]
    }

    private static func width(_ scalar: Unicode.Scalar, _ encoding: PositionEncoding) -> Int {
        switch encoding {
        case .utf16: scalar.utf16.count
        case .utf8: scalar.utf8.count
        case .utf32: 1
        }
    }

    /// The scalar offset of a protocol position: clamped to the line's end, and to the end of the text
    /// past its last line, as the protocol asks; a position inside a scalar counts as its start.
    public func offset(of position: LSPPosition, encoding: PositionEncoding) -> Int {
        guard position.line < lineStarts.count else { return scalars.count }
        let characters = line(position.line)
        var units = 0
        var offset = characters.startIndex
        while offset < characters.endIndex {
            let width = Self.width(characters[offset], encoding)
            if units + width > position.character { break }
            units += width
            offset += 1
        }
        return offset
    }

    /// The protocol position of a scalar offset.
    public func position(ofOffset offset: Int, encoding: PositionEncoding) -> LSPPosition {
        let offset = max(0, min(offset, scalars.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var units = 0
        for index in lineStarts[low]..<offset { units += Self.width(scalars[index], encoding) }
        return LSPPosition(line: low, character: units)
    }

    /// The scalar offset of a finding's 1-based line and column (column counting scalars).
    public func offset(line: Int, column: Int) -> Int {
        let index = max(0, min(line - 1, lineStarts.count - 1))
        let characters = self.line(index)
        return min(characters.startIndex + max(0, column - 1), characters.endIndex)
    }

    /// The scalar at `offset`, if any.
    public func scalar(at offset: Int) -> Unicode.Scalar? {
        offset >= 0 && offset < scalars.count ? scalars[offset] : nil
    }

    /// The text between two scalar offsets.
    public func text(from start: Int, to end: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[max(0, start)..<min(end, scalars.count)])
        return String(view)
    }

    public var scalarCount: Int { scalars.count }

    /// Applies one change of `textDocument/didChange`: a range and its new text, or (no range) the whole text.
    public mutating func apply(range: LSPRange?, text newText: String, encoding: PositionEncoding) {
        guard let range else {
            text = newText
            reindex()
            return
        }
        let start = offset(of: range.start, encoding: encoding)
        let end = max(start, offset(of: range.end, encoding: encoding))
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[..<start])
        view.append(contentsOf: newText.unicodeScalars)
        view.append(contentsOf: scalars[end...])
        text = String(view)
        reindex()
    }

    public mutating func setVersion(_ version: Int) { self.version = version }
}
