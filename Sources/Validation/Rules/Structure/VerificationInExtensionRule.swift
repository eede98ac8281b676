import ConformCore
import VAST

/// Pre-4.1 verification carrier in a 4.1+ tag.
struct VerificationInExtensionRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-verification-in-extension",
        name: "AdVerifications in an Extension",
        summary: "a VAST 4.1+ tag carries verification in <Extension type=\"AdVerifications\"> instead of <AdVerifications>",
        rationale: "Before VAST 4.1, verification was carried in <Extension type=\"AdVerifications\">; from 4.1 it has its own <AdVerifications> element, which 4.x players read. A 4.1+ player may ignore the extension, so the vendor measures nothing. Advice, so info; the extension stays correct for earlier versions. The 4.1 and 4.2 XSDs let an extension hold any element, so they accept the extension form; the draft 4.4 schema admits only elements of other namespaces there, so it rejects AdVerifications inside an Extension even beside the element itself, which the rule accepts.",
        fix: "Move the <Verification> elements into <AdVerifications> (keep the extension too if older players must be served).",
        severity: .info,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Extension"],
        specReferences: [
            SpecReference(document: .vast43, section: "1.8", quote: "include the AdVerifications node (or extensions node with type AdVerifications for pre VAST 4.1)"),
        ],
        validExamples: [
            SketchTag.inLine("4.0", "<Extensions><Extension type=\"AdVerifications\"><AdVerifications/></Extension></Extensions>"),
            SketchTag.inLine("4.2", "<AdVerifications/><Extensions><Extension type=\"AdVerifications\"><AdVerifications/></Extension></Extensions>"),
            SketchTag.inLine("4.4", "<AdVerifications/>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<Extensions>↓<Extension type=\"AdVerifications\"><AdVerifications/></Extension></Extensions>"),
        ],
        schemaBasis: SchemaBasis(element: "Extension", items: ["AdVerifications"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "Extension content xs:any processContents=\"lax\", Extension@type xs:string", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastExtension_type: plcmt, pos, playbackmethod, attr or xs:any namespace=\"##other\"", .partial),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let body = ad.body, !body.hasAdVerificationsElement else { continue }
            for ext in body.extensions where ext.type == "AdVerifications" {
                context.report("verification is in <Extension type=\"AdVerifications\">; VAST \(context.version.rawValue) players read <AdVerifications>", at: ext.element.position, path: ext.element.path)
            }
        }
    }
}
