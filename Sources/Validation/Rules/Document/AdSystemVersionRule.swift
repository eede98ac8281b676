import ConformCore
import VAST

/// AdSystem without the version of the ad server.
struct AdSystemVersionRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-adsystem-version",
        name: "AdSystem version",
        summary: "an <AdSystem> has no version attribute naming the release of the ad server",
        rationale: "When an ad misbehaves, ad-ops trace it to the server that answered, and AdSystem names that server. Its version attribute tells which release of the server built the response, which is what a report to the server's owner needs. The attribute is optional in every version, so this is advice: info. The XSDs leave version optional; the rule notes its absence, as information.",
        fix: "Add the server's release: <AdSystem version=\"2.1\">Your ad server</AdSystem>.",
        severity: .info,
        versions: VASTVersion.v2_0.andLater,
        elements: ["AdSystem"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.1", quote: "Optionally, a version number for the ad system may also be provided using the version attribute"),
            SpecReference(document: .vast4, section: "XSD AdDefinitionBase_type", quote: "Internal version used by ad system"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdSystem version=\"2.1\">Ad server</AdSystem>"),
            SketchTag.wrapper("3.0", "<AdSystem version=\"1.0\">Exchange</AdSystem>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<AdSystem>Ad server</AdSystem>"),
            SketchTag.wrapper("2.0", "↓<AdSystem version=\" \">Exchange</AdSystem>"),
        ],
        schemaBasis: SchemaBasis(element: "AdSystem", items: ["version"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "AdSystem@version type=\"xs:string\" (optional)", .looser),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let system = ad.body?.adSystem else { continue }
            guard system.version?.contains(where: { !$0.isWhitespace }) != true else { continue }
            let name = system.name.isEmpty ? "" : " \(system.name)"
            context.report("<AdSystem>\(name) has no version; add the ad server's release as version=\"…\"", at: system.position, path: system.path)
        }
    }
}
