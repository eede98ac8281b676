import ConformCore
import VAST

/// Video InLine Linear without a Mezzanine.
struct MezzanineRecommendedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-mezzanine-recommended",
        name: "Mezzanine file",
        summary: "an InLine <Linear> has no <Mezzanine>, which ad-stitching (SSAI) players require",
        rationale: "Server-side ad insertion transcodes the raw mezzanine file to match the content stream; a mezzanine is required in ad-stitched executions and publishers may reject the ad without it (error 406). The schema keeps it optional, so this is info. The XSDs make Mezzanine optional; the recommendation rests on the text.",
        fix: "Add <Mezzanine delivery=\"progressive\" type=\"video/mp4\" width=\"1920\" height=\"1080\"><![CDATA[https://…]]></Mezzanine> to <MediaFiles>.",
        severity: .info,
        versions: VASTVersion.v4_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.2", quote: "a mezzanine file is required in ad-stitched executions and whenever a publisher requires it"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<MediaFiles><Mezzanine delivery=\"progressive\" type=\"video/mp4\" width=\"1920\" height=\"1080\"><![CDATA[https://m.example/raw.mp4]]></Mezzanine></MediaFiles>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "↓<Linear><MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"640\" height=\"360\"><![CDATA[https://m.example/a.mp4]]></MediaFile></MediaFiles></Linear>"),
        ],
        schemaBasis: SchemaBasis(element: "MediaFiles", items: ["Mezzanine"], [
            .init(VASTVersion.v4_0...VASTVersion.v4_4, "MediaFiles/Mezzanine minOccurs=\"0\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads where ad.adType?.lowercasedIfNeeded() != "audio" {
            guard let inLine = ad.inLine else { continue }
            for creative in inLine.creatives {
                guard let linear = creative.linear, !linear.mediaFiles.isEmpty, linear.mezzanines.isEmpty else { continue }
                context.report("<Linear> has no <Mezzanine>; ad-stitching players may reject the ad", at: linear.position, path: linear.path)
            }
        }
    }
}
