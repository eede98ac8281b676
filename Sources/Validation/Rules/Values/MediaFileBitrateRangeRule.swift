import ConformCore
import VAST

/// MinBitrate and maxBitrate must be given together, with minBitrate not above maxBitrate.
struct MediaFileBitrateRangeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-mediafile-bitrate-range",
        name: "MediaFile minBitrate and maxBitrate",
        summary: "minBitrate and maxBitrate must be given together, with minBitrate not above maxBitrate",
        rationale: "VAST 3.0 added minBitrate/maxBitrate for adaptive streams as a pair; one without the other, or a minimum above the maximum, describes no range and players ignore both.",
        fix: "Give both, in kbit/s: minBitrate=\"800\" maxBitrate=\"2400\".",
        severity: .error,
        versions: VASTVersion.v3_0.andLater,
        elements: ["MediaFile"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.1", quote: "the minBitrate and maxBitrate can be used together to specify the minimum and maximum bitrates for streaming videos or audio files"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" minBitrate="800" maxBitrate="2400">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" minBitrate="800">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" minBitrate="3000" maxBitrate="2400">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let linear = creative.linear else { continue }
            for file in linear.mediaFiles {
                guard (file.minBitrate == nil) != (file.maxBitrate == nil) || ((file.minBitrate?.value ?? 0) > (file.maxBitrate?.value ?? Int.max)) else { continue }
                context.report((file.minBitrate == nil || file.maxBitrate == nil) ? "<MediaFile> has \(file.minBitrate == nil ? "maxBitrate" : "minBitrate") without \(file.minBitrate == nil ? "minBitrate" : "maxBitrate"); give both" : "<MediaFile> has minBitrate=\(file.minBitrate!.raw) above maxBitrate=\(file.maxBitrate!.raw)", at: file.url)
            }
        }
    }
}
