import ConformCore
import VAST

/// A macro whose brackets were percent-encoded.
struct MacroEncodedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-macro-encoded",
        name: "Percent-encoded macro",
        summary: "a macro's brackets are percent-encoded (%5BCACHEBUSTING%5D), so players do not recognise it",
        rationale: "Players look for the literal [NAME]; once a tag builder has encoded the brackets as %5B and %5D the macro is never replaced and the server receives the encoded token. This usually happens when a URL is encoded twice.",
        fix: "Write the macro with literal brackets inside CDATA: [CACHEBUSTING].",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "6.1", quote: "All macro names are surrounded by square brackets"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp?cb=[CACHEBUSTING]&q=%5Bnot-a-macro%5D]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://i.example/imp?cb=%5BCACHEBUSTING%5D]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    /// Names of known macros written as `%5BNAME%5D` (either case of the hex digits).
    static func encodedMacros(in url: String) -> [String] {
        var found: [String] = []
        let upper = url.uppercased()
        var search = upper.startIndex
        while let open = upper.range(of: "%5B", range: search..<upper.endIndex) {
            guard let close = upper.range(of: "%5D", range: open.upperBound..<upper.endIndex) else { break }
            let name = String(upper[open.upperBound..<close.lowerBound])
            if MacroCatalog.definition(name) != nil { found.append(name) }
            search = open.upperBound
        }
        return found
    }

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where facts[index].flags.contains(.encodedBracket) {
            let node = urls[index].node
            let names = Self.encodedMacros(in: node.value)
            guard !names.isEmpty else { continue }
            context.report("<\(node.elementName)> has percent-encoded macros \(names.map { "%5B\($0)%5D" }.joined(separator: ", ")); players only replace [NAME]", at: node)
        }
    }
}
