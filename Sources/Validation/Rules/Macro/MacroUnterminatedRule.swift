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
        ],
        schemaBasis: .specTextOnly)

    /// Known macro names with exactly one of their brackets.
    static func unterminated(in url: String) -> [String] {
        // Bytes, not characters: macro names are ASCII, and only a run with exactly one bracket
        // beside it is turned into a String and looked up.
        let bytes = Array(url.utf8)
        func isName(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || (b >= 0x30 && b <= 0x39) }
        var found: [String] = []
        var i = 0
        while i < bytes.count {
            guard isName(bytes[i]) else { i += 1; continue }
            var j = i
            while j < bytes.count, isName(bytes[j]) { j += 1 }
            let opened = i > 0 && bytes[i - 1] == 0x5B
            let closed = j < bytes.count && bytes[j] == 0x5D
            if opened != closed, !bytes[i..<j].contains(where: { $0 >= 0x61 && $0 <= 0x7A }) {
                let name = String(decoding: bytes[i..<j], as: UTF8.self)
                if MacroCatalog.definition(name) != nil { found.append(opened ? "[\(name)" : "\(name)]") }
            }
            i = j
        }
        return found
    }

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where facts[index].flags.contains(.unbalancedBracket) {
            let node = urls[index].node
            let names = Self.unterminated(in: node.value)
            guard !names.isEmpty else { continue }
            context.report("<\(node.elementName)> has a macro missing a bracket: \(names.joined(separator: ", "))", at: node)
        }
    }
}
