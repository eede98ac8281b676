import ConformCore
import VAST
import XMLCore

/// Extension text that needs XML escapes, written with them instead of in CDATA.
struct ExtensionCDATARule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-extension-cdata",
        name: "Escaped extension text",
        summary: "a text value inside an <Extension> or <CreativeExtension> holds & or < written as XML escapes instead of in <![CDATA[ ]]>",
        rationale: "Players hand an extension to the code that knows its type, often as the raw XML of the extension rather than as parsed values. A value written with &amp; or &lt; then reaches that code escaped, and a URL carries &amp; where & was meant, unless the code decodes XML itself; in CDATA the value is the same however it is read. Advice, so info, like URLs outside CDATA.",
        fix: "Wrap the value: <Price><![CDATA[https://p.example/?a=1&b=2]]></Price>.",
        severity: .info,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Extension", "CreativeExtension"],
        specReferences: [
            SpecReference(document: .conform, section: "Extensions", quote: "an extension's text values that hold & or < are written in CDATA, so they read the same as raw XML and as parsed text"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Extensions><Extension type=\"vendor\"><Beacon><![CDATA[https://b.example/?a=1&b=2]]></Beacon></Extension></Extensions>"),
            SketchTag.inLine("4.2", "<Extensions><Extension type=\"iab-Count\"><total_available>2</total_available></Extension></Extensions>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<Extensions><Extension type=\"vendor\"><Data>↓<Beacon>https://b.example/?a=1&amp;b=2</Beacon></Data></Extension></Extensions>"),
            SketchTag.creative("4.1", "<CreativeExtensions>↓<CreativeExtension type=\"note\">1 &lt; 2</CreativeExtension></CreativeExtensions><Linear><Duration>00:00:10</Duration></Linear>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        context.forEachExtension { ext, _ in check(ext.element, context) }
    }

    /// Every leaf under `root` (`root` itself when it has no child elements), without recursion: extension
    /// payloads are arbitrary XML and may nest deeply.
    private func check(_ root: XMLElement, _ context: RuleContext) {
        var pending = [root]
        while let element = pending.popLast() {
            let count = element.childCount
            if count > 0 {
                for c in stride(from: count - 1, through: 0, by: -1) { pending.append(element.child(at: c)) }
                continue
            }
            guard element.hasTextOutsideCDATA, element.cdataSections == 0,
                  element.text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") }) else { continue }
            context.report("<\(element.qualifiedName)> holds & or < as XML escapes; put its value in CDATA", at: element.position, path: element.path)
        }
    }
}
