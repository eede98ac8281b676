import ConformCore
import VAST

/// A MediaFile bitrate given with minBitrate/maxBitrate should lie inside that range.
struct MediaFileBitrateConflictRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-mediafile-bitrate-conflict",
        name: "MediaFile bitrate within its range",
        summary: "a MediaFile bitrate given with minBitrate/maxBitrate should lie inside that range",
        rationale: "bitrate is for constant-bitrate files, minBitrate/maxBitrate for adaptive ones. A file with all three whose bitrate lies outside the range contradicts itself; players that filter by bandwidth may pick the wrong rendition.",
        fix: "Keep either bitrate or the min/max pair, or make bitrate lie inside the range.",
        severity: .warning,
        versions: VASTVersion.v3_0.andLater,
        elements: ["MediaFile"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.1", quote: "For progressive load video or audio, the bitrate value specifies the average bitrate for the media file; otherwise the minBitrate and maxBitrate can be used together"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" bitrate="1200" minBitrate="800" maxBitrate="2400">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" bitrate="5000" minBitrate="800" maxBitrate="2400">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let linear = creative.linear else { continue }
            for file in linear.mediaFiles {
                guard let bitrate = file.bitrate?.value, let low = file.minBitrate?.value, let high = file.maxBitrate?.value, bitrate < low || bitrate > high else { continue }
                context.report("MediaFile@bitrate=\(bitrate) lies outside minBitrate=\(low) to maxBitrate=\(high)", at: file.url)
            }
        }
    }
}
