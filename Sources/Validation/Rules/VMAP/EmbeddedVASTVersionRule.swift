import ConformCore
import VAST

/// VAST embedded in a VMAP is read by players that need only support VAST 3.0.
struct EmbeddedVASTVersionRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-embedded-vast-version",
        name: "Embedded VAST version",
        summary: "VAST embedded in a VMAP is read by players that need only support VAST 3.0",
        rationale: "VMAP 1.0 requires players to be VAST 3.0 compliant and nothing more, so an embedded VAST 4.x response may be read with 3.0 rules (ignoring AdVerifications, Mezzanine and the rest) and a VAST 2.0 one may lack the pod support VMAP expects. Information only: most current players read 4.x.",
        fix: "Embed VAST 3.0 when the playlist targets VMAP-only players, or confirm the players support the embedded version.",
        severity: .info,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "3.2", quote: "The video player must be VAST 3.0 compliant. The video player need not implement support for any ad response template other than VAST 3.0."),
            SpecReference(document: .vmap1, section: "2.2", quote: "VMAP is designed to use VAST 3.0 ad responses"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:VASTAdData><VAST version="3.0"/></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:VASTAdData>↓<VAST version="4.2"/></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="nonlinear"><vmap:AdSource><vmap:VASTAdData>↓<VAST version="4.4"/></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for adBreak in context.input.vmap?.adBreaks ?? [] {
            guard let vast = adBreak.adSource?.vastAdData, let declared = vast.declaredVersion, vast.version != .v3_0 else { continue }
            context.report("the embedded VAST declares version \(declared); VMAP players are only required to support VAST 3.0", at: vast.position, path: vast.path)
        }
    }
}
