import ConformCore
import VAST

/// ApiFramework values should name a known API: VPAID, SIMID, OMID, MRAID (or the VAST 2.0 FlashVars, initParams, GetVariables).
struct APIFrameworkValueRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-apiframework-value",
        name: "Known apiFramework values",
        summary: "apiFramework values should name a known API: VPAID, SIMID, OMID, MRAID (or the VAST 2.0 FlashVars, initParams, GetVariables)",
        rationale: "apiFramework tells the player which API the file or resource speaks; players match it literally against what they support. An unknown or misspelt value means the creative is not run. Case differs between sources (omid in AdVerifications, VPAID on MediaFile), so matching is case-insensitive; this is information because private frameworks exist. Every XSD types apiFramework as xs:string, which takes any name; the list of known frameworks is the rule's own, hence information.",
        fix: "Use the API's registered name, such as VPAID, SIMID, omid or MRAID.",
        severity: .info,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.1", quote: "identifies the API needed to execute an interactive media file, but current support is for backward compatibility"),
            SpecReference(document: .vast2, section: "2.3.5.3", quote: "apiFramework ... VPAID, FlashVars, initParams, GetVariables"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><InteractiveCreativeFile type="text/html" apiFramework="SIMID">https://i.example/s.html</InteractiveCreativeFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile delivery="progressive" type="application/javascript" width="640" height="360" apiFramework="VPAID">https://m.example/v.js</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<InteractiveCreativeFile type="text/html" apiFramework="SIMD">https://i.example/s.html</InteractiveCreativeFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile delivery="progressive" type="application/javascript" width="640" height="360" apiFramework="VPAD">https://m.example/v.js</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "MediaFile", items: ["apiFramework"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "MediaFile@apiFramework type=\"xs:string\"", .looser),
        ]))

    static let known: Set<String> = ["vpaid", "simid", "omid", "mraid", "flashvars", "initparams", "getvariables"]

    func check(_ context: RuleContext) {
        // The element's name and path are worked out only for a finding (a resource's kind is read off its path).
        func inspect(_ value: String?, _ element: @autoclosure () -> String, _ position: SourcePosition, _ path: @autoclosure () -> String) {
            guard let value, !value.isEmpty, !Self.known.contains(value.lowercasedIfNeeded()) else { return }
            context.report("\(element())@apiFramework is \"\(value)\", not a known API (VPAID, SIMID, OMID, MRAID)", at: position, path: path())
        }
        for creative in context.creatives {
            inspect(creative.apiFramework, "Creative", creative.position, creative.path)
            if let linear = creative.linear {
                for file in linear.mediaFiles { inspect(file.apiFramework, "MediaFile", file.url.position, file.url.path) }
                for file in linear.interactiveCreativeFiles { inspect(file.apiFramework, "InteractiveCreativeFile", file.url.position, file.url.path) }
                for icon in linear.icons { inspect(icon.apiFramework, "Icon", icon.position, icon.path) }
            }
            for n in creative.nonLinearAds?.nonLinears ?? [] {
                inspect(n.apiFramework, "NonLinear", n.position, n.path)
                for file in n.mediaFiles { inspect(file.apiFramework, "MediaFile", file.url.position, file.url.path) }
                for file in n.interactiveCreativeFiles { inspect(file.apiFramework, "InteractiveCreativeFile", file.url.position, file.url.path) }
            }
            for icon in creative.nonLinearAds?.icons ?? [] { inspect(icon.apiFramework, "Icon", icon.position, icon.path) }
            for c in creative.companionAds?.companions ?? [] { inspect(c.apiFramework, "Companion", c.position, c.path) }
        }
        for ad in context.ads {
            for verification in ad.body?.adVerifications ?? [] {
                for resource in verification.javaScriptResources + verification.executableResources {
                    inspect(resource.apiFramework, resource.url.path.containsBytes("Executable") ? "ExecutableResource" : "JavaScriptResource", resource.url.position, resource.url.path)
                }
            }
        }
    }
}
