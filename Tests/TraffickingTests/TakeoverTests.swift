import ConformCore
import Foundation
import Testing

import Trafficking

@Suite("Takeovers")
struct TakeoverTests {
    static let tab = "ad_type=takeoverAds,Takeover_ads_url=https://ads.example.com/t,redirection_url=https://shop.example.com,sidelogo=https://cdn.example.com/s.png,c_title=Shoes,thirdPartyImpression=https://t.example.com/i,thirdPartyClick=https://t.example.com/c,advertiser_name=Acme"

    @Test func inVideo() {
        let analysis = TraffickingAnalyzer.analyze("ad_type=webview,campaign=spring,Image_url=https://ads.example.com/t?a=1&b=2")
        #expect(analysis.ruleIDs == ["PARAM-takeover-webview-unconfirmed"])
        #expect(analysis.accepted)
        #expect(analysis.takeover == Takeover(kind: .inVideo, pageURL: "https://ads.example.com/t?a=1&b=2", campaign: "spring"))
    }

    @Test func inVideoNeedsHTTPSByDefault() {
        let analysis = TraffickingAnalyzer.analyze("ad_type=webview,campaign=spring,Image_url=http://ads.example.com/t")
        #expect(analysis.diagnostics(ofRule: "PARAM-takeover-url-policy").count == 1)
        #expect(!analysis.accepted)
        let relaxed = TraffickingAnalyzer.analyze(
            "ad_type=webview,campaign=spring,Image_url=http://ads.example.com/t",
            policy: URLPolicy(takeoverSchemes: ["http", "https"]))
        #expect(relaxed.accepted)
    }

    @Test func contextual() {
        let analysis = TraffickingAnalyzer.analyze("ad_type=takeoverAds,Takeover_ads_url=https://ads.example.com/t")
        #expect(analysis.diagnostics.isEmpty)
        #expect(analysis.takeover == Takeover(kind: .contextual, pageURL: "https://ads.example.com/t"))
    }

    @Test func contextualWithInVideoKey() {
        let analysis = TraffickingAnalyzer.analyze("ad_type=takeoverAds,Takeover_ads_url=https://ads.example.com/t,campaign=x")
        #expect(analysis.ruleIDs == ["PARAM-unknown-key"])
        #expect(analysis.format == .takeoverContextual)
    }

    @Test func tabGAM() {
        let analysis = TraffickingAnalyzer.analyze(Self.tab)
        #expect(analysis.diagnostics.isEmpty)
        #expect(analysis.takeover == Takeover(
            kind: .tabGAM, pageURL: "https://ads.example.com/t", redirectionURL: "https://shop.example.com",
            sideLogo: "https://cdn.example.com/s.png", title: "Shoes", thirdPartyImpression: "https://t.example.com/i",
            thirdPartyClick: "https://t.example.com/c", advertiserName: "Acme"))
    }

    @Test func tabGAMWithMissingKeysIsAcceptedWithWarnings() {
        let analysis = TraffickingAnalyzer.analyze("ad_type=takeoverAds,Takeover_ads_url=https://ads.example.com/t,c_title=Shoes")
        #expect(analysis.format == .takeoverTabGAM)
        #expect(analysis.ruleIDs == Array(repeating: "PARAM-takeover-tab-key-missing", count: 5))
        #expect(analysis.accepted)
        #expect(analysis.takeover?.title == "Shoes")
        #expect(analysis.takeover?.redirectionURL == nil)
    }

    @Test func tabGAMHostPolicy() {
        let policy = URLPolicy(allowedHosts: ["ads.example.com", "shop.example.com"])
        let analysis = TraffickingAnalyzer.analyze(Self.tab, policy: policy)
        #expect(analysis.diagnostics.isEmpty)
        let blocked = TraffickingAnalyzer.analyze(Self.tab, policy: URLPolicy(allowedHosts: ["shop.example.com"]))
        #expect(blocked.ruleIDs == ["PARAM-takeover-url-policy"])
    }

    @Test func backendJSON() {
        let analysis = TraffickingAnalyzer.analyze(
            #"{"id": 7, "advertiserTab": {"adType": "takeoverAds", "takeoverAdsUrl": "https://ads.example.com/t"}}"#)
        #expect(analysis.diagnostics.isEmpty)
        #expect(analysis.format == .takeoverTabBackend)
        #expect(analysis.takeover == Takeover(kind: .tabBackend, pageURL: "https://ads.example.com/t"))
        #expect(analysis.segments.isEmpty)
    }

    @Test func backendJSONTopLevelURL() {
        let analysis = TraffickingAnalyzer.analyze(
            #"{"advertiserTab": {"adType": "takeoverAds"}, "takeoverAdsUrl": "https://ads.example.com/t"}"#)
        #expect(analysis.accepted)
        #expect(analysis.takeover?.pageURL == "https://ads.example.com/t")
    }

    @Test func backendJSONProblems() {
        let http = #"{"advertiserTab": {"adType": "takeoverAds", "takeoverAdsUrl": "http://ads.example.com/t"}}"#
        let analysis = TraffickingAnalyzer.analyze(http)
        #expect(analysis.ruleIDs == ["PARAM-takeover-url-policy"])
        #expect(analysis.offsets("PARAM-takeover-url-policy") == [offset(of: "\"http://", in: http)])
        #expect(analysis.diagnostics[0].path == "advertiserTab.takeoverAdsUrl")

        #expect(TraffickingAnalyzer.analyze("{").ruleIDs == ["PARAM-takeover-json-invalid"])
        #expect(TraffickingAnalyzer.analyze("{}").ruleIDs == ["PARAM-format-undetected"])
        let wrongCase = TraffickingAnalyzer.analyze(#"{"advertiserTab": {"adType": "takeoverAds", "takeoverAdsURL": "https://a.example.com"}}"#)
        #expect(wrongCase.ruleIDs == ["PARAM-takeover-required-key"])
        #expect(wrongCase.diagnostics[0].message.contains("Found 'takeoverAdsURL'"))
        let other = TraffickingAnalyzer.analyze(#"{"advertiserTab": {"adType": "banner"}}"#)
        #expect(other.ruleIDs == ["PARAM-ad-type-unknown"])
        #expect(other.format == nil)
    }
}

@Suite("Result encoding")
struct ResultEncodingTests {
    @Test(arguments: [
        Fixture.cta,
        Fixture.carousel(images: Fixture.imageList(2), taps: "$https://shop.example.com/2"),
        TakeoverTests.tab,
        "ad_type=webview,campaign=x,Image_url=https://a.example.com",
        "ad_type=carousel,oops",
    ])
    func roundTrip(input: String) throws {
        let analysis = TraffickingAnalyzer.analyze(input)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(analysis)
        #expect(try JSONDecoder().decode(ParameterAnalysis.self, from: data) == analysis)
    }

    @Test func creativeJSONShape() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(TraffickingAnalyzer.analyze("ad_type=takeoverAds,Takeover_ads_url=https://a.example.com").creative)
        #expect(String(decoding: data, as: UTF8.self) == #"{"takeover":{"kind":"contextual","pageURL":"https://a.example.com"}}"#)
        let format = try encoder.encode(CreativeFormat.takeoverTabGAM)
        #expect(String(decoding: format, as: UTF8.self) == #""takeover.tab.gam""#)
    }
}
