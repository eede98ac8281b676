import ConformCore
import VAST

/// One macro token of one URL of the document, with what the macro rules ask about it worked out once.
/// Small and free of reference-counted storage for ordinary macro names, so rules can walk thousands.
struct MacroToken: Sendable {
    /// Index of the URL in `RuleContext.urls`.
    let url: Int
    let role: URLRole
    let macro: MacroOccurrence
    /// The name in upper case (the name itself when it has no lower-case letter).
    let upper: String
    /// `upper` is an IAB macro (in `MacroCatalog`).
    let isKnown: Bool
    /// The catalogue's `since` and `deprecatedIn` for known macros.
    let since: VASTVersion?
    let deprecatedIn: VASTVersion?
    /// The macro is allowed only in ad requests (R in the IAB macro list).
    let requestOnly: Bool
    /// The macro is allowed only in tracking pixels.
    let trackingOnly: Bool

    /// The catalogue entry of `upper`, when it is an IAB macro.
    var definition: MacroDefinition? { isKnown ? MacroCatalog.definition(upper) : nil }
}

/// Macro facts shared by the macro rules.
enum MacroFacts {
    /// What the catalogue says about one name, looked up once per distinct name.
    struct NameFacts {
        let upper: String
        let isKnown: Bool
        let since: VASTVersion?
        let deprecatedIn: VASTVersion?
        let requestOnly: Bool
        let trackingOnly: Bool

        /// The facts of `name`: read from a table made once for the catalogue's own spellings, worked out
        /// for any other name. (Only ASCII names are looked up: strings compare by canonical equivalence,
        /// and a non-ASCII spelling equivalent to a catalogue name must keep its own upper-case form.)
        static func of(_ name: String) -> NameFacts {
            if name.utf8.allSatisfy({ $0 < 0x80 }), let facts = catalogued[name] { return facts }
            return NameFacts(name)
        }

        private static let catalogued: [String: NameFacts] = Dictionary(
            MacroCatalog.all.map { ($0.name, NameFacts($0.name)) }, uniquingKeysWith: { first, _ in first })

        init(_ name: String) {
            upper = name.utf8.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) ? name.uppercased() : name
            let definition = MacroCatalog.definition(upper)
            isKnown = definition != nil
            since = definition?.since
            deprecatedIn = definition?.deprecatedIn
            requestOnly = MacroFacts.requestOnly.contains(upper)
            trackingOnly = definition?.contexts == [.tracking]
        }
    }

    /// Builds the token list. Tags repeat a handful of macros many times: each distinct name is decoded and
    /// looked up once, and later tokens are matched against the cached names byte by byte.
    struct Collector {
        var out: [MacroToken] = []
        var nameBytes: [[UInt8]] = []
        var names: [String] = []
        var known: [NameFacts] = []
        var indexOfName: [String: Int] = [:]

        /// The index of `name` among the names seen, adding it when new. The first names are searched in
        /// order (a document has a handful), the rest through a dictionary made only for documents with more.
        mutating func entry(named name: String) -> Int {
            if names.count <= Self.searchedInOrder {
                if let k = names.firstIndex(of: name) { return k }
            } else if let k = indexOfName[name] {
                return k
            }
            names.append(name)
            nameBytes.append(Array(name.utf8))
            known.append(NameFacts.of(name))
            if names.count > Self.searchedInOrder {
                if indexOfName.isEmpty {
                    for (k, earlier) in names.enumerated() where indexOfName[earlier] == nil { indexOfName[earlier] = k }
                } else {
                    indexOfName[name] = names.count - 1
                }
            }
            return names.count - 1
        }

        private static let searchedInOrder = 64

        mutating func append(_ url: Int, _ role: URLRole, _ k: Int, _ form: MacroOccurrence.Form, _ start: Int, _ end: Int) {
            let entry = known[k]
            out.append(MacroToken(url: url, role: role, macro: MacroOccurrence(name: names[k], form: form, start: start, end: end),
                                  upper: entry.upper, isKnown: entry.isKnown, since: entry.since, deprecatedIn: entry.deprecatedIn,
                                  requestOnly: entry.requestOnly, trackingOnly: entry.trackingOnly))
        }

        /// Text with non-ASCII characters: `Macros.occurrences(in:)` works out character offsets.
        mutating func addScalarTokens(of text: String, url: Int, role: URLRole) {
            for macro in Macros.occurrences(in: text) { append(url, role, entry(named: macro.name), macro.form, macro.start, macro.end) }
        }

        /// The cached name equal to `bytes[start..<end]`, adding it when new.
        mutating func lookUp(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
            let count = end - start
            // The first names cover ordinary tags; beyond them, decode and use the dictionary.
            for k in nameBytes.indices.prefix(64) where nameBytes[k].count == count {
                let match = nameBytes[k].withUnsafeBufferPointer { name in
                    var m = 0
                    while m < count, name[m] == bytes[start + m] { m += 1 }
                    return m == count
                }
                if match { return k }
            }
            return entry(named: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        }

        /// A token found by the URL scan of ASCII text (byte offsets are character offsets).
        mutating func add(_ span: URLFacts.TokenSpan, of bytes: UnsafeBufferPointer<UInt8>, url: Int, role: URLRole) {
            append(url, role, lookUp(bytes, span.nameStart, span.nameEnd), span.form, span.start, span.end)
        }
    }

    /// The macro as written, for messages: `[NAME]` or `%%NAME%%`.
    static func spelled(_ macro: MacroOccurrence) -> String {
        macro.form == .brackets ? "[\(macro.name)]" : "%%\(macro.name)%%"
    }

    /// Tokens that look like bracketed indices or JSON rather than macros (`[0]`, `[12]`).
    static func isNumeric(_ name: String) -> Bool { name.allSatisfy(\.isNumber) }

    /// Macros whose spec contexts list only ad requests (R in the IAB macro list).
    static let requestOnly: Set<String> = Set(MacroCatalog.all.filter { $0.contexts == [.request] }.map(\.name))

    /// Spellings from neighbouring specs that VAST does not define, with the VAST macro to use.
    static let lookalikes: [String: String] = [
        "ERROR_CODE": "[ERRORCODE] (ERROR_CODE is the VMAP spelling)",
        "ERROR_MESSAGE": "[ERRORCODE] (ERROR_MESSAGE is VMAP only)",
        "CACHEBUSTER": "[CACHEBUSTING]",
        "CACHE_BUSTER": "[CACHEBUSTING]",
        "TIMESTAMP_MS": "[TIMESTAMP]",
        "CONTENT_PLAYHEAD": "[ADPLAYHEAD] or [MEDIAPLAYHEAD]",
        "ASSET_URI": "[ASSETURI]",
    ]
}
