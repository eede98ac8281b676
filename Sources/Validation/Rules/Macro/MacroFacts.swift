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
        // Tags repeat a handful of macros many times: look each distinct name up once.
        var names: [String] = []
        var known: [NameFacts] = []
        var found: [MacroOccurrence] = []
        for index in urls.indices where facts[index].flags.contains(.mayHaveMacro) {
            let role = urls[index].role
            found.removeAll(keepingCapacity: true)
            Macros.appendOccurrences(in: urls[index].node.value, to: &found)
            for macro in found {
                let entry: NameFacts
                if let k = names.firstIndex(of: macro.name) {
                    entry = known[k]
                } else {
                    entry = NameFacts(macro.name)
                    if names.count < 64 {
                        names.append(macro.name)
                        known.append(entry)
                    }
                }
                out.append(MacroToken(url: index, role: role, macro: macro, upper: entry.upper, isKnown: entry.isKnown,
                                      since: entry.since, deprecatedIn: entry.deprecatedIn,
                                      requestOnly: entry.requestOnly, trackingOnly: entry.trackingOnly))
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
