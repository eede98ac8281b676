import ConformCore
import VAST

/// An AdSystem left as a test or template value.
struct AdSystemPlaceholderRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-adsystem-placeholder",
        name: "Placeholder AdSystem",
        summary: "an <AdSystem> is a stand-in such as test, unknown, ad server or an unfilled ${ADSYSTEM} template slot",
        rationale: "AdSystem names the server that returned the ad, so that a broken ad can be traced to whoever can fix it. A stand-in name traces nowhere. The spec asks for a descriptive name without listing names, so this is advice: info. The XSDs take any string; a stand-in is noted by decision, as information.",
        fix: "Write the ad server's real name: <AdSystem version=\"2.1\">Example Ad Server</AdSystem>.",
        severity: .info,
        versions: VASTVersion.v2_0.andLater,
        elements: ["AdSystem"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.1", quote: "The ad serving party must provide a descriptive name for the system that serves the ad."),
            SpecReference(document: .conform, section: "Placeholder values", quote: "test, unknown, ad server, TBD, n/a and the like, compared without case, and a whole value of ${NAME}, {{name}}, %%NAME%% or [NAME]"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdSystem version=\"4.0\">iabtechlab</AdSystem>"),
            SketchTag.wrapper("2.0", "<AdSystem>Acudeo Compatible</AdSystem>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<AdSystem version=\"1\">Unknown</AdSystem>"),
            SketchTag.wrapper("3.0", "↓<AdSystem>{{ad_system}}</AdSystem>"),
            SketchTag.inLine("4.1", "↓<AdSystem>AD-SERVER</AdSystem>"),
        ],
        schemaBasis: SchemaBasis(element: "AdSystem", [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "AdSystem type=\"xs:string\"", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "AdSystem type=\"vastAdSystem_type\" (a string)", .looser),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let system = ad.body?.adSystem, PlaceholderText.isPlaceholder(system.name, words: PlaceholderText.systems) else { continue }
            context.report("<AdSystem> is \"\(system.name)\", a placeholder rather than the ad server's name", at: system.position, path: system.path)
        }
    }
}
