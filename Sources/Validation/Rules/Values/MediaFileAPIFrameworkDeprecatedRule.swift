import ConformCore
import VAST

/// MediaFile@apiFramework (VPAID) is deprecated from VAST 4.1.
struct MediaFileAPIFrameworkDeprecatedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-mediafile-apiframework-deprecated",
        name: "MediaFile apiFramework deprecated",
        summary: "MediaFile@apiFramework (VPAID) is deprecated from VAST 4.1",
        rationale: "VAST 4.1 deprecates VPAID and with it apiFramework on MediaFile; interactivity moves to InteractiveCreativeFile (SIMID) and measurement to AdVerifications (OMID). Many CTV and SSAI players refuse VPAID files outright. The XSDs of 4.1 and later still declare apiFramework on MediaFile: the deprecation is in the text only.",
        fix: "Serve a plain video MediaFile, put SIMID interactivity in <InteractiveCreativeFile> and verification in <AdVerifications>.",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        elements: ["MediaFile"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.1", quote: "apiFramework: [Deprecated in 4.1 in preparation for VPAID being phased out]"),
            SpecReference(document: .vast43, section: "VAST 4.1 Updates", quote: "The apiFramework attribute on MediaFile, and the conditionalAd attribute on the Ad element are being deprecated."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.0"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" apiFramework="VPAID">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile delivery="progressive" type="application/javascript" width="1" height="1" apiFramework="VPAID">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "MediaFile", items: ["apiFramework"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_4, "MediaFile@apiFramework type=\"xs:string\" (optional)", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let linear = creative.linear else { continue }
            for file in linear.mediaFiles {
                guard let framework = file.apiFramework else { continue }
                context.report("MediaFile@apiFramework=\"\(framework)\" is deprecated in VAST \(context.version.rawValue); VPAID files are refused by many players", at: file.url)
            }
        }
    }
}
