import ConformCore

/// A message from the XML parser or schema validator, with libxml2's own wording.
public struct XMLMessage: Sendable, Codable, Hashable {
    public enum Level: String, Sendable, Codable, Hashable {
        case warning, error, fatal
    }

    public var level: Level
    /// libxml2's error domain (1 parser, 3 namespace, 17 schemas validity, ...).
    public var domain: Int
    /// libxml2's error code (for example 76 for a mismatched tag, 89 for an entity loop).
    public var code: Int
    /// 1-based; `nil` when unknown.
    public var position: SourcePosition?
    public var message: String

    /// A libxml2 message on one line: some span two (the encoding error puts the offending bytes on a
    /// second line), which would break a one-finding-per-line listing and split a report row. The lines are
    /// trimmed and joined with "; "; a message of one line comes back as it was.
    public static func singleLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            .map { line -> Substring in
                var line = line
                while line.first == " " || line.first == "\t" { line.removeFirst() }
                while line.last == " " || line.last == "\t" { line.removeLast() }
                return line
            }
            .filter { !$0.isEmpty }
            .joined(separator: "; ")
    }

    public init(level: Level, domain: Int, code: Int, position: SourcePosition?, message: String) {
        self.level = level
        self.domain = domain
        self.code = code
        self.position = position
        self.message = message
    }

    /// libxml2's namespace domain.
    public static let namespaceDomain = 3
    /// libxml2's code for an entity reference loop or excessive entity amplification.
    public static let entityLoopCode = 89
    /// libxml2's XML_WAR_UNDECLARED_ENTITY: an entity that only an (unloaded) external DTD could define.
    public static let undeclaredEntityWarningCode = 27
}

/// How to parse.
public struct XMLParseOptions: Sendable, Hashable, Codable {
    /// Keep building the tree after a well-formedness error. Off by default: a document that is not
    /// well-formed is reported, not guessed at.
    public var recover: Bool
    /// Inputs larger than this many bytes are refused before parsing.
    public var maxBytes: Int
    /// Read with libxml2's pull parser alone. Off by default: documents are read with the faster push
    /// parser, and again with the pull parser when the first read reports anything, so the result is
    /// the same either way (tests compare the two).
    public var pullParserOnly: Bool

    public init(recover: Bool = false, maxBytes: Int = XMLParseOptions.defaultMaxBytes, pullParserOnly: Bool = false) {
        self.recover = recover
        self.maxBytes = maxBytes
        self.pullParserOnly = pullParserOnly
    }

    private enum CodingKeys: String, CodingKey { case recover, maxBytes, pullParserOnly }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(recover: try c.decode(Bool.self, forKey: .recover), maxBytes: try c.decode(Int.self, forKey: .maxBytes),
                  pullParserOnly: try c.decodeIfPresent(Bool.self, forKey: .pullParserOnly) ?? false)
    }

    /// 32 MiB: far above any real ad tag (typical tags are 5 to 400 KB).
    public static let defaultMaxBytes = 32 * 1024 * 1024
    public static let `default` = XMLParseOptions()
}

/// A comment of the document that is a conform directive: its text starts with `conform-` (after any
/// whitespace). Other comments are not kept.
public struct XMLDirectiveComment: Sendable, Codable, Hashable {
    /// The comment's text, without the `<!--` and `-->` and without surrounding whitespace.
    public var text: String
    /// Where its `<!--` is.
    public var position: SourcePosition
    /// The line of its `-->`.
    public var endLine: Int

    public init(text: String, position: SourcePosition, endLine: Int? = nil) {
        self.text = text
        self.position = position
        self.endLine = max(endLine ?? position.line, position.line)
    }
}

/// The outcome of parsing one document. Always produced, whatever the input.
public struct XMLDocument: Sendable, Encodable, Hashable {
    /// The root element; `nil` when nothing usable was parsed. When the document is not well-formed,
    /// the root is only kept if the parse was asked to recover.
    public var root: XMLElement?
    public var messages: [XMLMessage]
    public var isWellFormed: Bool
    public var isNamespaceWellFormed: Bool
    /// The document has a DOCTYPE with an internal subset or external identifier.
    public var hasDTD: Bool
    /// More messages were produced than kept.
    public var messagesTruncated: Bool
    /// Size of the input in bytes.
    public var byteCount: Int
    /// The comments that are conform directives (`<!-- conform-disable … -->`), in document order.
    public var directives: [XMLDirectiveComment] = []
    /// The document has more directive comments than the parser keeps (``maxDirectives``); the first are kept.
    public var directivesTruncated = false
    /// How many directive comments the parser keeps per document.
    public static let maxDirectives = 256

    public init(
        root: XMLElement?, messages: [XMLMessage], isWellFormed: Bool, isNamespaceWellFormed: Bool,
        hasDTD: Bool, messagesTruncated: Bool, byteCount: Int
    ) {
        self.root = root
        self.messages = messages
        self.isWellFormed = isWellFormed
        self.isNamespaceWellFormed = isNamespaceWellFormed
        self.hasDTD = hasDTD
        self.messagesTruncated = messagesTruncated
        self.byteCount = byteCount
    }
}
