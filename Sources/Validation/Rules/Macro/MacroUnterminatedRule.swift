import ConformCore
import VAST

/// A macro missing a bracket.
struct MacroUnterminatedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-macro-unterminated",
        name: "Unterminated macro",
        summary: "a known macro name is missing its [ or ] ([CACHEBUSTING or CACHEBUSTING])",
        rationale: "Players replace only complete [NAME] tokens; a macro that lost a bracket is sent literally, and the value (often the cache buster) is never filled.",
        fix: "Restore the missing bracket: [CACHEBUSTING].",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "6.1", quote: "All macro names are surrounded by square brackets"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp?cb=[CACHEBUSTING]&t=[TIMESTAMP]]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://i.example/imp?cb=[CACHEBUSTING&t=1]]></Impression>\n↓<Impression><![CDATA[https://i.example/imp?cb=CACHEBUSTING]&t=1]]></Impression>"),
        ])

    /// Known macro names with exactly one of their brackets.
    static func unterminated(in url: String) -> [String] {
        let scalars = Array(url.unicodeScalars)
        func isName(_ c: Unicode.Scalar) -> Bool { (c >= "A" && c <= "Z") || (c >= "a" && c <= "z") || c == "_" || (c >= "0" && c <= "9") }
        var found: [String] = []
        var i = 0
        while i < scalars.count {
            guard isName(scalars[i]) else { i += 1; continue }
            var j = i
            while j < scalars.count, isName(scalars[j]) { j += 1 }
            let name = String(String.UnicodeScalarView(scalars[i..<j]))
            let opened = i > 0 && scalars[i - 1] == "["
            let closed = j < scalars.count && scalars[j] == "]"
            if opened != closed, name == name.uppercased(), MacroCatalog.definition(name) != nil {
                found.append(opened ? "[\(name)" : "\(name)]")
            }
            i = j
        }
        return found
    }

    func check(_ context: RuleContext) {
        for (_, node) in context.urls where node.value.contains("[") || node.value.contains("]") {
            let names = Self.unterminated(in: node.value)
            guard !names.isEmpty else { continue }
            context.report("<\(node.path.elementNameOfPath)> has a macro missing a bracket: \(names.joined(separator: ", "))", at: node)
        }
    }
}
