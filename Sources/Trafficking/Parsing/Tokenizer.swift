/// A segment as the analyzer works with it: slices of the original string plus character offsets.
///
/// All offsets are 0-based character offsets into the whole input. Slices share storage with the
/// input, so reading a 1 MB string does not copy it per segment.
struct RawSegment: Sendable {
    /// 1-based index among all segments, empty ones included.
    var index: Int
    var kind: ParameterSegment.Kind
    /// Offset of the segment's first character.
    var offset: Int
    /// Length in characters.
    var length: Int
    /// The segment exactly as written.
    var raw: Substring
    /// Trimmed key (empty unless `kind == .pair`).
    var key: Substring = ""
    /// Offset of the trimmed key (for a malformed segment: of its first non-whitespace character).
    var keyOffset: Int = 0
    /// Length of the trimmed key in characters.
    var keyLength: Int = 0
    /// Trimmed value (empty when the value is empty or only whitespace).
    var value: Substring = ""
    /// Offset of the trimmed value's first character (just after `=` plus leading whitespace).
    var valueOffset: Int = 0
    /// Offset of the `=` that splits the segment.
    var equalsOffset: Int = 0
    /// Offset of the first whitespace character around the key or the value, if any.
    var whitespaceOffset: Int?
    /// Where the surrounding whitespace is, in words ("before the key", "after the value", ...).
    var whitespacePlaces: [String] = []

    var keyString: String { String(key) }
    var valueString: String { String(value) }

    /// The public, self-contained form.
    var publicSegment: ParameterSegment {
        switch kind {
        case .pair:
            ParameterSegment(
                index: index, kind: kind, offset: offset, length: length, key: keyString, value: valueString,
                keyOffset: keyOffset, valueOffset: valueOffset)
        case .emptyKey:
            ParameterSegment(
                index: index, kind: kind, offset: offset, length: length, value: valueString,
                valueOffset: valueOffset)
        case .empty, .malformed:
            ParameterSegment(index: index, kind: kind, offset: offset, length: length)
        }
    }
}

/// Splits a parameter string into segments in one pass over its characters.
///
/// Grammar (see the `Supply creative parameters` section of the reference):
/// segments are separated by `,`; each segment splits at its *first* `=`; everything after that
/// `=` (further `=`, `?`, `&`) belongs to the value. Whitespace around keys and values is trimmed
/// and remembered so that `PARAM-whitespace-around` can point at it. Nothing is percent-decoded.
enum Tokenizer {
    static func segments(of input: String) -> [RawSegment] {
        var result: [RawSegment] = []
        var segmentStart = input.startIndex
        var segmentStartOffset = 0
        var equals: String.Index?
        var equalsOffset = 0
        var offset = 0
        var index = input.startIndex
        while index < input.endIndex {
            let next = input.index(after: index)
            let character = input[index]
            if character == "," {
                result.append(makeSegment(
                    input, index: result.count + 1, start: segmentStart, end: index,
                    startOffset: segmentStartOffset, endOffset: offset, equals: equals, equalsOffset: equalsOffset))
                segmentStart = next
                segmentStartOffset = offset + 1
                equals = nil
            } else if character == "=" && equals == nil {
                equals = index
                equalsOffset = offset
            }
            offset += 1
            index = next
        }
        result.append(makeSegment(
            input, index: result.count + 1, start: segmentStart, end: input.endIndex,
            startOffset: segmentStartOffset, endOffset: offset, equals: equals, equalsOffset: equalsOffset))
        return result
    }

    private static func makeSegment(
        _ input: String, index: Int, start: String.Index, end: String.Index, startOffset: Int, endOffset: Int,
        equals: String.Index?, equalsOffset: Int
    ) -> RawSegment {
        let length = endOffset - startOffset
        var segment = RawSegment(
            index: index, kind: .malformed, offset: startOffset, length: length, raw: input[start..<end])
        guard let equals else {
            let leading = leadingWhitespace(segment.raw)
            segment.kind = leading.count == length ? .empty : .malformed
            // For a malformed segment, point at its first non-whitespace character.
            segment.keyOffset = startOffset + leading.count
            return segment
        }
        segment.equalsOffset = equalsOffset

        // Whitespace around the key and the value, in string order.
        var places: [(offset: Int, place: String)] = []

        let rawKey = input[start..<equals]
        let rawKeyLength = equalsOffset - startOffset
        let keyLeading = leadingWhitespace(rawKey)
        let keyIsBlank = keyLeading.count == rawKeyLength
        if !keyIsBlank {
            let keyTrailing = trailingWhitespace(rawKey)
            segment.key = rawKey[keyLeading.end..<keyTrailing.start]
            segment.keyOffset = startOffset + keyLeading.count
            segment.keyLength = rawKeyLength - keyLeading.count - keyTrailing.count
            if keyLeading.count > 0 { places.append((startOffset, "before the key")) }
            if keyTrailing.count > 0 { places.append((equalsOffset - keyTrailing.count, "after the key")) }
        }

        let valueStart = input.index(after: equals)
        let rawValue = input[valueStart..<end]
        let rawValueLength = endOffset - equalsOffset - 1
        let valueLeading = leadingWhitespace(rawValue)
        segment.valueOffset = equalsOffset + 1
        if rawValueLength == 0 {
            segment.value = rawValue
        } else if valueLeading.count == rawValueLength {
            segment.value = rawValue[rawValue.endIndex...]
            places.append((equalsOffset + 1, "as the whole value"))
        } else {
            let valueTrailing = trailingWhitespace(rawValue)
            segment.value = rawValue[valueLeading.end..<valueTrailing.start]
            segment.valueOffset = equalsOffset + 1 + valueLeading.count
            if valueLeading.count > 0 { places.append((equalsOffset + 1, "before the value")) }
            if valueTrailing.count > 0 { places.append((endOffset - valueTrailing.count, "after the value")) }
        }

        if keyIsBlank {
            segment.kind = .emptyKey
            return segment
        }
        segment.kind = .pair
        if let first = places.first {
            segment.whitespaceOffset = first.offset
            segment.whitespacePlaces = places.map(\.place)
        }
        return segment
    }

    /// The number of leading whitespace characters and the index after them.
    static func leadingWhitespace(_ text: Substring) -> (count: Int, end: Substring.Index) {
        var count = 0
        var index = text.startIndex
        while index < text.endIndex, text[index].isWhitespace {
            count += 1
            index = text.index(after: index)
        }
        return (count, index)
    }

    /// The number of trailing whitespace characters and the index where they start.
    /// Call only when the text is not all whitespace.
    static func trailingWhitespace(_ text: Substring) -> (count: Int, start: Substring.Index) {
        var count = 0
        var index = text.endIndex
        while index > text.startIndex {
            let previous = text.index(before: index)
            guard text[previous].isWhitespace else { break }
            count += 1
            index = previous
        }
        return (count, index)
    }
}

/// One entry of a `$`-separated list (`carousel_images`, `carousel_images_urls`).
struct ListEntry: Sendable {
    /// 1-based position in the list.
    var position: Int
    /// The entry exactly as written (not trimmed).
    var text: Substring
    /// Offset of the entry's first character in the whole input.
    var offset: Int
    /// Offset to point at for this entry: its start, or the `$` before it when a blank entry ends the list.
    var reportOffset: Int
    var isBlank: Bool { text.allSatisfy(\.isWhitespace) }
}

extension Tokenizer {
    /// Splits a value at `$` in one pass. `baseOffset` is the character offset of the value's first
    /// character in the whole input. An empty value yields no entries.
    static func dollarList(_ value: Substring, baseOffset: Int) -> [ListEntry] {
        guard !value.isEmpty else { return [] }
        var entries: [ListEntry] = []
        var start = value.startIndex
        var startOffset = baseOffset
        var offset = baseOffset
        var index = value.startIndex
        while index < value.endIndex {
            let next = value.index(after: index)
            if value[index] == "$" {
                entries.append(ListEntry(
                    position: entries.count + 1, text: value[start..<index], offset: startOffset,
                    reportOffset: startOffset))
                start = next
                startOffset = offset + 1
            }
            offset += 1
            index = next
        }
        let last = value[start..<value.endIndex]
        entries.append(ListEntry(
            position: entries.count + 1, text: last, offset: startOffset,
            reportOffset: last.isEmpty ? startOffset - 1 : startOffset))
        return entries
    }
}
