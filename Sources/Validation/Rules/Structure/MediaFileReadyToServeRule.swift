import ConformCore
import VAST

/// Fewer than three ready-to-serve renditions.
struct MediaFileReadyToServeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-mediafile-ready-to-serve",
        name: "Three ready-to-serve files",
        summary: "an InLine <Linear> offers fewer than three progressive MediaFiles of any one MIME type and no streaming file",
        rationale: "VAST 4 asks for three ready-to-serve files per MIME type (high, medium and low quality) or an adaptive stream, so that every player and connection finds a playable rendition; with one file, slow connections stall or the player skips the ad (error 403/405). Should-level advice, so info.",
        fix: "Add high, medium and low renditions of the same MIME type, or an adaptive (delivery=\"streaming\") file.",
        severity: .info,
        versions: VASTVersion.v4_0.andLater,
        elements: ["MediaFile"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.1", quote: "three ready-to-serve files should be included, each of a quality level for high, medium, or low"),
        ],
        validExamples: [
            SketchTag.linear("4.2", """
                <MediaFiles>
                <MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080"><![CDATA[https://m.example/hi.mp4]]></MediaFile>
                <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720"><![CDATA[https://m.example/mid.mp4]]></MediaFile>
                <MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://m.example/lo.mp4]]></MediaFile>
                </MediaFiles>
                """),
            SketchTag.linear("4.2", "<MediaFiles><MediaFile delivery=\"streaming\" type=\"application/x-mpegURL\" width=\"1920\" height=\"1080\"><![CDATA[https://m.example/a.m3u8]]></MediaFile></MediaFiles>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "↓<Linear><MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"640\" height=\"360\"><![CDATA[https://m.example/a.mp4]]></MediaFile></MediaFiles></Linear>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .inLine {
            guard let linear = creative.linear, !linear.mediaFiles.isEmpty else { continue }
            if linear.mediaFiles.contains(where: { $0.delivery?.lowercasedIfNeeded() == "streaming" }) { continue }
            // Files per MIME type, counted in a short list (a tag has a handful of types).
            var types: [String] = []
            var counts: [Int] = []
            for file in linear.mediaFiles {
                let type = file.type?.lowercasedIfNeeded() ?? ""
                if let k = types.firstIndex(of: type) {
                    counts[k] += 1
                } else {
                    types.append(type)
                    counts.append(1)
                }
            }
            guard let best = counts.max(), best < 3 else { continue }
            context.report("<Linear> has \(linear.mediaFiles.count) MediaFile(s) and at most \(best) of one MIME type; three renditions (high, medium, low) are recommended", at: linear.position, path: linear.path)
        }
    }
}
