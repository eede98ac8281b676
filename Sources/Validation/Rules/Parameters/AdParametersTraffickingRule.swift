import ConformCore
import Trafficking
import VAST

/// Parameter strings in a creative's AdParameters (what IMA exposes as `traffickingParameters`) are
/// checked with the trafficking-parameter rules.
struct AdParametersTraffickingRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-adparameters-trafficking",
        name: "Trafficking parameters in AdParameters",
        summary: "a parameter string in a creative's AdParameters must be one the player accepts",
        rationale: "Player SDKs read in-house creatives (custom CTA, carousel, takeovers) from the AdParameters of Linear, NonLinear and Companion creatives. A malformed segment, a duplicate key or a missing required key rejects the whole creative, silently. The string's own findings are reported too, under their PARAM-* ids and positioned at the AdParameters element; this rule adds one error per rejected string.",
        fix: "Fix the PARAM-* findings reported at the same AdParameters element; `conform params \"STRING\"` checks the string alone.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .companionAds, section: "Supply creative parameters",
                          quote: "A malformed segment or duplicate key rejects the creative."),
            SpecReference(document: .vast42, section: "3.9.3", quote: "<AdParameters> ... data to be passed into the creative"),
        ],
        validExamples: [
            RuleExample("""
                <VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear>
                <AdParameters><![CDATA[icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com]]></AdParameters>
                </Linear></Creative></Creatives></InLine></Ad></VAST>
                """),
            RuleExample("<VAST version=\"4.2\"><Ad><InLine><Creatives><Creative><Linear><AdParameters>{\"vpaid\":true}</AdParameters></Linear></Creative></Creatives></InLine></Ad></VAST>"),
        ],
        invalidExamples: [
            RuleExample("""
                <VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear>
                ↓<AdParameters><![CDATA[icon=https://cdn.example.com/i.png,bannerTitle=Shoes,bannerTitle=Boots,ctaUrl=https://shop.example.com]]></AdParameters>
                </Linear></Creative></Creatives></InLine></Ad></VAST>
                """),
            RuleExample("""
                <VAST version="4.1"><Ad><InLine><Creatives><Creative><CompanionAds><Companion width="320" height="50">
                  ↓<AdParameters xmlEncoded="true"><![CDATA[ad_type=carousel,carousel_title=&amp;]]></AdParameters>
                </Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>
                """),
        ],
        schemaBasis: .outsideVASTSchemas("the rule checks the trafficking-parameter string a creative's AdParameters carries, which every VAST XSD types as a plain string; it rests on the companion ads and trafficking parameters reference."))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            var parameters: [AdParameters] = []
            if let p = creative.linear?.adParameters { parameters.append(p) }
            parameters += creative.nonLinearAds?.nonLinears.compactMap(\.adParameters) ?? []
            parameters += creative.companionAds?.companions.compactMap(\.adParameters) ?? []
            for p in parameters where TraffickingAnalyzer.looksLikeParameterString(p.decoded) {
                let analysis = TraffickingAnalyzer.analyze(p.decoded)
                for finding in analysis.diagnostics {
                    var copy = finding
                    copy.position = p.position
                    copy.path = p.path
                    copy.message = "AdParameters: \(finding.message)"
                    context.emit(copy)
                }
                if !analysis.accepted {
                    let format = analysis.format.map { " (\($0.rawValue))" } ?? ""
                    let errors = analysis.diagnostics.filter { $0.severity == .error }.map(\.ruleID)
                    context.report(
                        "the parameter string in <AdParameters>\(format) is rejected by the player: \(Set(errors).sorted().joined(separator: ", "))",
                        at: p.position, path: p.path)
                }
            }
        }
    }
}
