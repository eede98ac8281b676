import ConformCore
import VAST
import XMLCore

/// The AdCOM signals of the CTV Ad Portfolio (`plcmt`, `pos`, `playbackmethod`, `attr`) hold values their AdCOM
/// list defines.
struct AdCOMValueKnownRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-adcom-value-known",
        name: "AdCOM values known",
        summary: "an AdCOM signal (plcmt, pos, playbackmethod, attr) in <Extensions> should hold a value its AdCOM list defines",
        rationale: """
            plcmt, pos, playbackmethod and attr each carry one value of an AdCOM list (List: Plcmt Subtypes - \
            Video, List: Placement Positions, List: Playback Methods, List: Creative Attributes), the values of \
            the bid request and response. A value the list does not define tells a player, stitcher or \
            measurement vendor nothing, and a receiving platform checking that plcmt matches the requested CTV \
            format rejects it. The lists are held as data (AdCOM 1.0, with the ranges its July 2026 update added \
            for the CTV Ad Portfolio: plcmt 5 to 9, pos 8 to 17, playbackmethod 8 to 11, attr 19 to 23); attr \
            also accepts the vendor-specific codes from 500. A value that is not a whole number is reported by \
            VAST-2.0-adcom-extension-value. Decision: a warning, as AdCOM lists grow and the extension document \
            follows the current lists.
            """,
        fix: "Use a value of the AdCOM list (for a pause ad, the plcmt the bid request gave); check the current AdCOM list if the value is newer than the lists known here.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Extension"],
        specReferences: [
            SpecReference(document: .vast44, section: "3.18", quote: "These values identify the CTV ad format, placement position, playback initiation or audio policy, and creative attributes, respectively."),
            SpecReference(document: .ctvAdPortfolio, section: "AdCOM reference lists", quote: "Implementers should use the current AdCOM reference lists for all values carried in the extension"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Extensions><Extension type="plcmt" ext="adcom"><plcmt>7</plcmt></Extension><Extension type="pos" ext="adcom"><pos>7</pos></Extension><Extension type="attr" ext="adcom"><attr>502</attr></Extension></Extensions></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Extensions><Extension type="ctv_ad_portfolio"><plcmt>5</plcmt><pos>11</pos><playbackmethod>9</playbackmethod><attr>19</attr><attr>22</attr></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Extensions><Extension type="plcmt" ext="adcom">↓<plcmt>12</plcmt></Extension></Extensions></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Extensions><Extension type="ctv_ad_portfolio"><plcmt>6</plcmt>↓<pos>40</pos>↓<playbackmethod>0</playbackmethod><attr>21</attr>↓<attr>30</attr></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        func inspect(_ element: XMLElement) {
            guard let list = AdCOMLists.bySignal[element.name] else { return }
            let raw = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
            // Only whole numbers: anything else is VAST-2.0-adcom-extension-value's.
            guard !raw.isEmpty, raw.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int(raw), !list.knows(value) else { return }
            context.report("<\(element.name)> is \(value), a value AdCOM's \"\(list.name)\" does not define", at: element.position, path: element.path)
        }
        for ad in context.ads {
            for ext in ad.body?.extensions ?? [] {
                guard let type = ext.type else { continue }
                if AdCOMExtensionValueRule.signals.contains(type) {
                    ext.element.children.filter { $0.name == type }.forEach(inspect)
                } else if type == "ctv_ad_portfolio" {
                    ext.element.children.filter { AdCOMExtensionValueRule.signals.contains($0.name) }.forEach(inspect)
                }
            }
        }
    }
}
