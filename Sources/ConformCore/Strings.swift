extension StringProtocol {
    /// The string without leading and trailing XML whitespace (space, tab, CR, LF). Works on UTF-8
    /// bytes, so it is linear and allocation-free when nothing needs trimming.
    public func trimmingWhitespace() -> String {
        let whole = Substring(self)
        let utf8 = whole.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        while start < end, isSpace(utf8[start]) { start = utf8.index(after: start) }
        while end > start {
            let before = utf8.index(before: end)
            if isSpace(utf8[before]) { end = before } else { break }
        }
        if start == utf8.startIndex && end == utf8.endIndex, let string = self as? String { return string }
        return String(whole[start..<end])
    }

    /// True when the string holds only XML whitespace (or nothing).
    public var isBlank: Bool {
        utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
