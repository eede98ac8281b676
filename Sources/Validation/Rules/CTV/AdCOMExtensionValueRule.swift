import ConformCore
import VAST
import XMLCore

/// The AdCOM context of the CTV Ad Portfolio (`plcmt`, `pos`, `playbackmethod`, `attr`) holds AdCOM list values: integers.
struct AdCOMExtensionValueRule: Rule {
    /// The AdCOM signals VAST 4.4 standardises in Extensions, and the ctv_ad_portfolio extension carries.
    static let signals = ["plcmt", "pos", "playbackmethod", "attr"]

    static let description = RuleDescription(
        id: "VAST-2.0-adcom-extension-value",
        name: "AdCOM extension values",
        summary: "the AdCOM signals plcmt, pos, playbackmethod and attr in <Extensions> must each hold one AdCOM list value, a non-negative integer",
        rationale: "VAST 4.4 standardises <Extension type=\"plcmt\" ext=\"adcom\"><plcmt>7</plcmt></Extension> (and pos, playbackmethod, attr) so that players, stitchers and measurement vendors that never see the bid request still know the CTV Ad Portfolio format, its position, how playback starts and the creative's attributes; the ctv_ad_portfolio extension of VAST 2.0 to 4.3 carries the same children. Each holds one value of an AdCOM list, and AdCOM list values are integers (the draft 4.4 schema types them xs:integer): a name (\"pause\"), a list (\"1,2\") or an empty element is read as nothing. An Extension typed plcmt, pos, playbackmethod or attr without the child of its name carries nothing. attr is repeated for several attributes rather than listed. Whether a value is one the AdCOM list defines is VAST-2.0-adcom-value-known's.",
        fix: "Write one integer from the AdCOM list, such as <plcmt>7</plcmt>; repeat <attr> for each creative attribute.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Extension"],
        specReferences: [
            SpecReference(document: .vast44, section: "3.18", quote: "Standardized CTV Ad Portfolio extension types are plcmt, pos, playbackmethod, and attr."),
            SpecReference(document: .ctvAdPortfolio, section: "Extension structure", quote: "Extension/attr: One AdCOM creative attribute value. Repeat for multiple values."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Extensions><Extension type="plcmt" ext="adcom"><plcmt>7</plcmt></Extension><Extension type="attr" ext="adcom"><attr>20</attr></Extension></Extensions></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Extensions><Extension type="ctv_ad_portfolio"><plcmt>6</plcmt><attr>19</attr><attr>22</attr></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Extensions><Extension type="plcmt" ext="adcom">↓<plcmt>pause</plcmt></Extension>↓<Extension type="pos" ext="adcom"/></Extensions></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Extensions><Extension type="ctv_ad_portfolio">↓<attr>19,22</attr></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        func inspect(_ element: XMLElement) {
            let value = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard value.isEmpty || !value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return }
            context.report("<\(element.name)> is \"\(value)\"; it must be one AdCOM list value, a non-negative integer", at: element.position, path: element.path)
        }
        for ad in context.ads {
            for ext in ad.body?.extensions ?? [] {
                guard let type = ext.type else { continue }
                if Self.signals.contains(type) {
                    let values = ext.element.children.filter { $0.name == type }
                    if values.isEmpty {
                        context.report("<Extension type=\"\(type)\"> has no <\(type)> child; it carries no AdCOM value", at: ext.element.position, path: ext.element.path)
                    }
                    values.forEach(inspect)
                } else if type == "ctv_ad_portfolio" {
                    ext.element.children.filter { Self.signals.contains($0.name) }.forEach(inspect)
                }
            }
        }
    }
}
