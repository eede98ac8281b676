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
    /// Every macro token of every URL of the document, in URL order. Computed once per input and shared
    /// by the macro rules.
    static func tokens(_ context: RuleContext) -> [MacroToken] {
        context.memo("MacroFacts.tokens") { collect(context) }
    }

    /// What the catalogue says about one name, looked up once per distinct name.
    private struct NameFacts {
        let upper: String
        let isKnown: Bool
        let since: VASTVersion?
        let deprecatedIn: VASTVersion?
        let requestOnly: Bool
        let trackingOnly: Bool

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

    private static func collect(_ context: RuleContext) -> [MacroToken] {
        let urls = context.urls, facts = context.urlFacts
        var out: [MacroToken] = []
        // Tags repeat a handful of macros many times: each distinct name is decoded and looked up once, and
        // later tokens are matched against the cached names byte by byte.
        var nameBytes: [[UInt8]] = []
        var names: [String] = []
        var known: [NameFacts] = []
        var indexOfName: [String: Int] = [:]
        func entry(named name: String) -> Int {
            if let k = indexOfName[name] { return k }
            indexOfName[name] = names.count
            names.append(name)
            nameBytes.append(Array(name.utf8))
            known.append(NameFacts(name))
            return names.count - 1
        }
        func append(_ index: Int, _ role: URLRole, _ k: Int, _ form: MacroOccurrence.Form, _ start: Int, _ end: Int) {
            let entry = known[k]
            out.append(MacroToken(url: index, role: role, macro: MacroOccurrence(name: names[k], form: form, start: start, end: end),
                                  upper: entry.upper, isKnown: entry.isKnown, since: entry.since, deprecatedIn: entry.deprecatedIn,
                                  requestOnly: entry.requestOnly, trackingOnly: entry.trackingOnly))
        }
        var found: [MacroOccurrence] = []
        for index in urls.indices where facts[index].flags.contains(.mayHaveMacro) {
            let role = urls[index].role
            if facts[index].flags.contains(.nonASCII) {
                found.removeAll(keepingCapacity: true)
                Macros.appendOccurrences(in: urls[index].node.value, to: &found)
                for macro in found { append(index, role, entry(named: macro.name), macro.form, macro.start, macro.end) }
                continue
            }
            // ASCII text: the scan of `Macros.occurrences(in:)`, where byte offsets are character offsets.
            var text = urls[index].node.value
            text.withUTF8 { bytes in
                func isNameChar(_ b: UInt8) -> Bool {
                    (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
                }
                func lookUp(_ start: Int, _ end: Int) -> Int {
                    let count = end - start
                    // The first names cover ordinary tags; beyond them, decode and use the dictionary.
                    for k in nameBytes.indices.prefix(64) where nameBytes[k].count == count {
                        var m = 0
                        while m < count, nameBytes[k][m] == bytes[start + m] { m += 1 }
                        if m == count { return k }
                    }
                    return entry(named: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                }
                var i = 0
                let n = bytes.count
                while i < n {
                    if bytes[i] == 0x5B {
                        var j = i + 1
                        while j < n, isNameChar(bytes[j]) { j += 1 }
                        if j < n, bytes[j] == 0x5D, j > i + 1 {
                            append(index, role, lookUp(i + 1, j), .brackets, i, j + 1)
                            i = j + 1
                            continue
                        }
                    } else if bytes[i] == 0x25, i + 1 < n, bytes[i + 1] == 0x25 {
                        var j = i + 2
                        while j < n, isNameChar(bytes[j]) { j += 1 }
                        if j + 1 < n, bytes[j] == 0x25, bytes[j + 1] == 0x25, j > i + 2 {
                            append(index, role, lookUp(i + 2, j), .percent, i, j + 2)
                            i = j + 2
                            continue
                        }
                    }
                    i += 1
                }
            }
        }
        return out
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
