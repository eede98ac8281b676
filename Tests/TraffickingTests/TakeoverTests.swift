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

    /// Offsets point into the object a member belongs to: the same name earlier in another object, or at
    /// the top level when the one in advertiserTab is used, is not where a finding points.
    @Test func backendJSONOffsetsFollowTheObjects() {
        let shadowed = #"{"meta": {"adType": "x", "takeoverAdsUrl": "y"}, "takeoverAdsUrl": "https://top.example.com", "#
            + #""advertiserTab": {"adType": "takeoverAds", "takeoverAdsUrl": "ftp://ads.example.com/t"}}"#
        let analysis = TraffickingAnalyzer.analyze(shadowed)
        #expect(analysis.ruleIDs == ["PARAM-takeover-url-policy"])
        #expect(analysis.offsets("PARAM-takeover-url-policy") == [offset(of: "\"ftp://", in: shadowed)])

        let adType = #"{"meta": {"adType": "takeoverAds"}, "advertiserTab": {"adType": "Banner"}}"#
        #expect(TraffickingAnalyzer.analyze(adType).offsets("PARAM-ad-type-unknown") == [offset(of: "\"Banner", in: adType)])

        // A missing member points at its misspelt name, else at advertiserTab.
        let misspelt = #"{"advertiserTab": {"adType": "takeoverAds", "takeOverAdsUrl": "https://a.example.com"}}"#
        #expect(TraffickingAnalyzer.analyze(misspelt).offsets("PARAM-takeover-required-key") == [offset(of: "\"takeOverAdsUrl", in: misspelt)])
        let absent = #"{"id": 1, "advertiserTab": {"takeoverAdsUrl": "https://a.example.com"}}"#
        #expect(TraffickingAnalyzer.analyze(absent).offsets("PARAM-takeover-required-key") == [offset(of: "\"advertiserTab", in: absent)])

        // Strings with braces, escapes and nested arrays are skipped whole.
        let nested = #"{"note": "a } \" {", "list": [{"advertiserTab": 1}, "]"], "advertiserTab": {"adType": "takeoverAds", "#
            + #""takeoverAdsUrl": "http://a.example.com"}}"#
        #expect(TraffickingAnalyzer.analyze(nested).offsets("PARAM-takeover-url-policy") == [offset(of: "\"http://", in: nested)])
    }

    /// The backend tab carries takeovers only: an adType of another format says so instead of offering
    /// carousel and webview.
    @Test func backendAdTypeMessages() {
        let carousel = TraffickingAnalyzer.analyze(#"{"advertiserTab": {"adType": "carousel"}}"#)
        #expect(carousel.diagnostics.first?.message.contains("carries takeovers only") == true)
        #expect(carousel.diagnostics.first?.message.contains("ad_type=carousel") == true)
        let banner = TraffickingAnalyzer.analyze(#"{"advertiserTab": {"adType": "banner"}}"#)
        #expect(banner.diagnostics.first?.message.contains("webview") == false)
        let lower = TraffickingAnalyzer.analyze(#"{"advertiserTab": {"adType": "takeoverads"}}"#)
        #expect(lower.diagnostics.first?.message.contains("did you mean 'takeoverAds'?") == true)
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
