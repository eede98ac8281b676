import ConformCore
import VAST

/// Macro facts shared by the macro rules.
enum MacroFacts {
    /// Every macro token of every URL of the document, with the URL's role and node.
    /// Computed once per input and shared by the macro rules.
    static func tokens(_ context: RuleContext) -> [(role: URLRole, node: TextNode, macro: MacroOccurrence)] {
        context.memo("MacroFacts.tokens") {
            context.urls.flatMap { role, node -> [(role: URLRole, node: TextNode, macro: MacroOccurrence)] in
                guard node.value.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "%") }) else { return [] }
                return Macros.occurrences(in: node.value).map { (role, node, $0) }
            }
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
