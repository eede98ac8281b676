import ConformCore
import VAST

/// One macro token of one URL of the document, with what the macro rules ask about it worked out once.
struct MacroToken: Sendable {
    /// Index of the URL in `RuleContext.urls`.
    let url: Int
    let role: URLRole
    let macro: MacroOccurrence
    /// The name in upper case (the name itself when it has no lower-case letter).
    let upper: String
    /// The catalogue entry of `upper`, when it is an IAB macro.
    let definition: MacroDefinition?
    /// The macro is allowed only in ad requests (R in the IAB macro list).
    let requestOnly: Bool
    /// The macro is allowed only in tracking pixels.
    let trackingOnly: Bool
}

/// Macro facts shared by the macro rules.
enum MacroFacts {
    /// Every macro token of every URL of the document, in URL order. Computed once per input and shared
    /// by the macro rules.
    static func tokens(_ context: RuleContext) -> [MacroToken] {
        context.memo("MacroFacts.tokens") { collect(context) }
    }

    private static func collect(_ context: RuleContext) -> [MacroToken] {
        let urls = context.urls, facts = context.urlFacts
        var out: [MacroToken] = []
        // Tags repeat a handful of macros many times: look each distinct name up once.
        var known: [(name: String, upper: String, definition: MacroDefinition?, requestOnly: Bool, trackingOnly: Bool)] = []
        for index in urls.indices where facts[index].flags.contains(.mayHaveMacro) {
            let role = urls[index].role
            for macro in Macros.occurrences(in: urls[index].node.value) {
                if let entry = known.first(where: { $0.name == macro.name }) {
                    out.append(MacroToken(url: index, role: role, macro: macro, upper: entry.upper, definition: entry.definition,
                                          requestOnly: entry.requestOnly, trackingOnly: entry.trackingOnly))
                    continue
                }
                let upper = macro.name.utf8.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) ? macro.name.uppercased() : macro.name
                let definition = MacroCatalog.definition(upper)
                let requestOnly = requestOnly.contains(upper)
                let trackingOnly = definition?.contexts == [.tracking]
                if known.count < 64 { known.append((macro.name, upper, definition, requestOnly, trackingOnly)) }
                out.append(MacroToken(url: index, role: role, macro: macro, upper: upper, definition: definition,
                                      requestOnly: requestOnly, trackingOnly: trackingOnly))
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
