import ConformCore
import VAST

/// A display-only ad break whose embedded ads have nothing to display.
struct DisplayBreakCompanionsRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-display-break-no-companions",
        name: "Display break without companions",
        summary: "an <AdBreak> of breakType display embeds VAST whose InLine ads carry no <CompanionAds>",
        rationale: "A display break shows display ads beside the content instead of interrupting it, and VAST carries display ads as companions. When every embedded InLine ad is only linear or nonlinear, a player that honours the break type has nothing to show and the break is lost. Breaks that also allow linear or nonlinear ads, ads fetched from an AdTagURI and Wrapper ads (whose companions come from the tag they wrap) are not judged. Advice, so info.",
        fix: "Embed ads with <CompanionAds> in the display break, or give the break the type of the ads it holds (breakType=\"linear\").",
        severity: .info,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.1", quote: "If more than one type is allowed, they can be entered using a comma between each (no spaces)."),
            SpecReference(document: .conform, section: "VMAP", quote: "a display break is filled by display ads, which VAST carries as companion ads"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="display"><vmap:AdSource><vmap:VASTAdData><VAST version="3.0"><Ad><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Impression><![CDATA[https://t.example/i]]></Impression><Creatives><Creative><CompanionAds><Companion width="300" height="250"><StaticResource creativeType="image/png"><![CDATA[https://c.example/c.png]]></StaticResource></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear,display"><vmap:AdSource><vmap:VASTAdData><VAST version="3.0"><Ad><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Impression><![CDATA[https://t.example/i]]></Impression><Creatives><Creative><Linear><Duration>00:00:10</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://m.example/a.mp4]]></MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="display"><vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://a.example/vast]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">↓<vmap:AdBreak timeOffset="00:10:00.000" breakType="display"><vmap:AdSource><vmap:VASTAdData><VAST version="3.0"><Ad><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Impression><![CDATA[https://t.example/i]]></Impression><Creatives><Creative><Linear><Duration>00:00:10</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://m.example/a.mp4]]></MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for adBreak in context.input.vmap?.adBreaks ?? [] where adBreak.breakTypes == ["display"] {
            guard let vast = adBreak.adSource?.vastAdData else { continue }
            let ads = vast.ads
            guard !ads.isEmpty, ads.allSatisfy({ $0.inLine != nil && $0.wrapper == nil }) else { continue }
            let hasCompanions = ads.contains { ad in
                ad.inLine?.creatives.contains { !($0.companionAds?.companions.isEmpty ?? true) } ?? false
            }
            guard !hasCompanions else { continue }
            context.report("the display break embeds \(ads.count == 1 ? "an ad" : "\(ads.count) ads") without <CompanionAds>: a player showing display ads has nothing to show",
                           at: adBreak.position, path: adBreak.path)
        }
    }
}
