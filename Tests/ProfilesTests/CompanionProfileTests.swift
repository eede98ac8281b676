import ConformCore
import Testing
import VAST
@testable import Profiles

@Suite struct CompanionProfileTests {
    static func tag(parameters: String = "", companions: [String] = []) -> String {
        let p = parameters.isEmpty ? "" : "<AdParameters><![CDATA[\(parameters)]]></AdParameters>"
        let c = companions.isEmpty ? "" : "<Creative><CompanionAds>" + companions.map { size in
            let parts = size.split(separator: "x")
            return "<Companion id=\"c\(size)\" width=\"\(parts[0])\" height=\"\(parts[1])\"><StaticResource creativeType=\"image/png\"><![CDATA[https://cdn.example/\(size).png]]></StaticResource></Companion>"
        }.joined() + "</CompanionAds></Creative>"
        return "<VAST version=\"4.2\"><Ad id=\"a\"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative><Linear><Duration>00:00:15</Duration>\(p)</Linear></Creative>\(c)</Creatives></InLine></Ad></VAST>"
    }

    static let cta = "icon=https://cdn.example/icon.png,bannerTitle=Sale,ctaUrl=https://shop.example/p?a=1&b=2"
    static let carousel = "ad_type=carousel,carousel_banner=https://cdn.example/banner.png,brand_icon=https://cdn.example/brand.png,carousel_title=Range,carousel_description=,carousel_images=https://cdn.example/1.png$https://cdn.example/2.png"

    func evaluate(_ xml: String, _ settings: [String] = []) throws -> CompanionEvaluation {
        var options = ProfileOptions()
        for setting in settings { options = try options.applying(setting) }
        return try #require(Profiles.evaluate(.companion, input: decode(xml), options: options).companion)
    }

    @Test func customCTAIsDisplayed() throws {
        let result = try evaluate(Self.tag(parameters: Self.cta, companions: ["320x50"]))
        #expect(result.decision == .customCTA)
        #expect(result.verdict == "custom CTA (from the trafficking parameters)")
        #expect(result.ads.first?.events == ["displayDecision", "cleared"])
        #expect(result.ads.first?.detectedFormat == "customCTA")
        #expect(result.ads.first?.parametersAccepted == true)
        #expect(result.ads.first?.content == [
            "icon": "https://cdn.example/icon.png", "title": "Sale", "buttonText": "Learn more",
            "destination": "https://shop.example/p?a=1&b=2",
        ])
        let custom = try evaluate(Self.tag(parameters: "icon=https://cdn.example/i.png,bannerTitle=T,bannerDescription=D,ctaText=Buy,ctaUrl=myapp://buy,campaign=spring"))
        #expect(custom.ads.first?.content == [
            "icon": "https://cdn.example/i.png", "title": "T", "description": "D", "buttonText": "Buy", "destination": "myapp://buy",
            "destinationHandling": "not HTTP or HTTPS: only the app's CompanionActions handler can open it", "campaign": "spring",
        ])
    }

    @Test func carouselPortraitRetainedWhenPersisting() throws {
        let result = try evaluate(Self.tag(parameters: Self.carousel), ["persist-carousel=true"])
        #expect(result.decision == .carousel)
        #expect(result.ads.first?.events == ["displayDecision", "retained"])
        #expect(result.ads.first?.afterAd == "the carousel stays visible after the ad (persistCarouselAfterAd)")
    }

    @Test func carouselInLandscapeSwitchesToTheNativeSlot() throws {
        let result = try evaluate(Self.tag(parameters: Self.carousel, companions: ["300x250", "728x90"]), ["orientation=landscape", "slot=728x90"])
        #expect(result.decision == .standard)
        #expect(result.ads.first?.companion?.id == "c728x90")
        #expect(result.reasons == [
            "carousels are portrait-only; the presentation is in landscape mode",
            "falls back to the standard native slot with the 728x90 <Companion>",
        ])
        let forced = try evaluate(Self.tag(parameters: Self.carousel), ["mode=fullscreen"])
        #expect(forced.decision == CompanionDisplay.none)
        #expect(forced.reasons.first == "carousels are portrait-only; the presentation is in fullscreen mode")
    }

    @Test func noInHouseCreativeUsesACompanionOfExactlyTheSlotSize() throws {
        let exact = try evaluate(Self.tag(companions: ["300x250", "320x50"]))
        #expect(exact.decision == .standard)
        #expect(exact.verdict == "standard native slot with the 320x50 <Companion> id=\"c320x50\"")
        #expect(exact.ads.first?.content == ["size": "320x50", "resource": "StaticResource", "resourceContent": "https://cdn.example/320x50.png"])
        #expect(exact.reasons == [
            "no eligible in-house creative (no custom CTA or carousel parameters)",
            "falls back to the standard native slot with the 320x50 <Companion>",
        ])
        let none = try evaluate(Self.tag(companions: ["300x250", "320x480"]))
        #expect(none.decision == CompanionDisplay.none)
        #expect(none.reasons.last == "no <Companion> of exactly the 320x50 slot size with a resource (the ad's companions are 300x250, 320x480): nothing is displayed")
        let noSlot = try evaluate(Self.tag(companions: ["320x50"]), ["slot=none"])
        #expect(noSlot.decision == CompanionDisplay.none)
        #expect(noSlot.reasons.last == "no native slot fallback (no standard slot size is configured): nothing is displayed")
    }

    @Test func rejectedParametersFallBack() throws {
        let result = try evaluate(Self.tag(parameters: Self.cta + ",ctaUrl=https://other.example", companions: ["320x50"]))
        #expect(result.decision == .standard)
        #expect(result.ads.first?.parametersAccepted == false)
        let reason = try #require(result.reasons.first)
        #expect(reason.hasPrefix("the custom CTA parameters are rejected (PARAM-duplicate-key: 'ctaUrl' appears again"))
        #expect(reason.hasSuffix("): no in-house creative"))
        #expect(result.diagnostics.map(\.ruleID) == ["PROFILE-companion-parameters-rejected"])
    }

    @Test func failedRequiredImageFallsBackWithAssetFailed() throws {
        let result = try evaluate(Self.tag(parameters: Self.carousel, companions: ["320x50"]), ["failed-images=https://cdn.example/brand.png"])
        #expect(result.decision == .standard)
        #expect(result.ads.first?.events == ["assetFailed", "displayDecision", "cleared"])
        #expect(result.reasons.first == "a required carousel image fails to load (https://cdn.example/brand.png)")
        let allImages = try evaluate(Self.tag(parameters: Self.carousel), ["failed-images=https://cdn.example/1.png,https://cdn.example/2.png"])
        #expect(allImages.reasons.first == "a required carousel image fails to load (every carousel_images entry)")
        let oneImage = try evaluate(Self.tag(parameters: Self.carousel), ["failed-images=https://cdn.example/1.png"])
        #expect(oneImage.decision == .carousel)
    }

    @Test func tvOSHasNoNativeSlot() throws {
        let result = try evaluate(Self.tag(companions: ["320x50"]), ["platform=tvOS"])
        #expect(result.decision == CompanionDisplay.none)
        #expect(result.ads.first?.events == ["capabilityLimited", "displayDecision"])
        let cta = try evaluate(Self.tag(parameters: Self.cta, companions: ["320x50"]), ["platform=tvOS"])
        #expect(cta.decision == .customCTA)
    }

    @Test func disabledFormatFallsBack() throws {
        let result = try evaluate(Self.tag(parameters: Self.cta, companions: ["320x50"]), ["formats=standard,carousel"])
        #expect(result.decision == .standard)
        #expect(result.reasons.first == "the custom CTA format is not enabled in the configuration's formats")
    }

    @Test func takeoverIsReportedWithTheAppsResponsibilities() throws {
        let result = try evaluate(Self.tag(parameters: "ad_type=webview,campaign=spring,Image_url=https://promo.example/p?x=1", companions: ["320x50"]))
        #expect(result.decision == .standard)
        let takeover = try #require(result.ads.first?.takeover)
        #expect(takeover.type == "in-video")
        #expect(takeover.fields["Image_url"] == "https://promo.example/p?x=1")
        #expect(takeover.notes == ["ad_type=webview is an Android convention; iOS handling is not confirmed", "Image_url is the page URL, despite its name"])
        #expect(takeover.appResponsibilities.count == 5)
        #expect(result.diagnostics.map(\.ruleID) == ["PROFILE-companion-takeover-app-owned"])
    }

    @Test func contextualCallbacksFireLeadTimeBeforeEachBoundary() throws {
        let result = try evaluate(Self.tag(), ["boundaries=60,30,0.5", "lead-time-ms=1000"])
        #expect(result.contextual == [
            ContextualCallback(position: 0.5, firesAt: 0, note: "the lead time is longer than the position: fires when playback starts"),
            ContextualCallback(position: 30, firesAt: 29, note: nil),
            ContextualCallback(position: 60, firesAt: 59, note: nil),
        ])
        #expect(result.contextualResponsibilities?.count == 4)
        #expect(try evaluate(Self.tag()).contextual == nil)
    }

    @Test func parameterReader() {
        let cta = CompanionParameters.read("Icon=https://cdn.example/i.png,icon=https://cdn.example/i.png,bannerTitle=T,ctaUrl=https://x.example/?q=a=b")
        #expect(cta?.format == .customCTA && cta?.accepted == true)
        #expect(cta?.fields["ctaUrl"] == "https://x.example/?q=a=b")
        let mismatch = CompanionParameters.read("Icon=https://cdn.example/i.png,icon=https://cdn.example/j.png,bannerTitle=T,ctaUrl=u")
        #expect(mismatch?.accepted == false)
        #expect(mismatch?.problems.contains { $0.hasPrefix("PARAM-cta-icon-alias-mismatch:") } == true)
        let malformed = CompanionParameters.read("ad_type=carousel,oops")
        #expect(malformed?.accepted == false)
        #expect(malformed?.problems.contains { $0.hasPrefix("PARAM-malformed-segment:") } == true)
        let tooMany = CompanionParameters.read(Self.carousel.replacingOccurrences(of: "carousel_images=https://cdn.example/1.png$https://cdn.example/2.png", with: "carousel_images=" + Array(repeating: "https://cdn.example/x.png", count: 21).joined(separator: "$")))
        #expect(tooMany?.problems.contains { $0.hasPrefix("PARAM-carousel-too-many-images:") } == true)
        #expect(CompanionParameters.read("  ") == nil)
        #expect(CompanionParameters.read("vpaid_config=1")?.format == nil)
    }

    @Test func injectedParameterReaderAndChain() throws {
        let wrapper = decode("<VAST version=\"4.2\"><Ad><Wrapper><AdSystem>s</AdSystem><VASTAdTagURI><![CDATA[https://a.example/]]></VASTAdTagURI></Wrapper></Ad></VAST>")
        let inLine = try #require(decode(Self.tag(parameters: "anything", companions: ["320x50"])).vast)
        let report = Profiles.evaluate(.companion, input: wrapper, chain: [inLine], readParameters: { raw in
            raw == "anything" ? CompanionParameters(format: .customCTA, accepted: true, fields: ["bannerTitle": "T", "icon": "https://i.example/i.png", "ctaUrl": "https://x.example/"]) : nil
        })
        #expect(report.decision == "customCTA")
        #expect(report.companion?.ads.first?.content?["title"] == "T")
        let ssai = Profiles.evaluate(.ssai, input: wrapper, chain: [inLine])
        #expect(ssai.ssai?.adBreaks.first?.ads.first?.id == "a")
    }

    @Test func wrapperAdsNeedTheChain() throws {
        let result = try evaluate("<VAST version=\"4.2\"><Ad><Wrapper><AdSystem>s</AdSystem><VASTAdTagURI><![CDATA[https://a.example/]]></VASTAdTagURI></Wrapper></Ad></VAST>")
        #expect(result.decision == CompanionDisplay.none)
        #expect(result.verdict == "none: no InLine ad to present (resolve the wrappers)")
    }

    @Test func optionErrors() {
        #expect(throws: ProfileError.invalidOption("slot: '320by50' is not WxH or none")) { try ProfileOptions().applying("slot=320by50") }
        #expect(throws: ProfileError.invalidOption("'slot' is not key=value")) { try ProfileOptions().applying("slot") }
        #expect((try? ProfileOptions().applying("platform=tvos"))?.companion.platform == .tvOS)
        #expect((try? ProfileOptions().applying("duration=00:10:00"))?.contentDuration == 600)
    }
}
