import ConformCore
import VAST

/// An empty AdServingId.
struct AdServingIdEmptyRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-adservingid-empty",
        name: "AdServingId empty",
        summary: "<AdServingId> is present but empty",
        rationale: "An empty AdServingId satisfies the schema but defeats its purpose: [ADSERVINGID] is filled with nothing, so no system can match the impression. The spec asks for a pseudo-unique GUID; wording is should, so warning. The XSDs type AdServingId as a string, which may be empty; the rule asks for a value by decision, since an empty id joins no logs.",
        fix: "Fill the element with a unique value, for example ServerName-<GUID>.",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        elements: ["AdServingId"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.3", quote: "Using a GUID for the AdServingId value is recommended"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdServingId>srv-1</AdServingId>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<AdServingId>  </AdServingId>"),
        ],
        schemaBasis: SchemaBasis(element: "AdServingId", [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "InLine/AdServingId type=\"xs:string\"", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "AdServingId type=\"vastString_type\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let id = ad.inLine?.adServingId, id.value.isEmpty else { continue }
            context.report("<AdServingId> is empty", at: id)
        }
    }
}
