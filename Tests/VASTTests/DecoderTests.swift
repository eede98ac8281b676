import ConformCore
import Foundation
import Testing
import XMLCore
@testable import VAST

@Suite struct DecoderTests {
    static let fullInline = """
        <?xml version="1.0" encoding="UTF-8"?>
        <VAST version="4.2" xmlns="http://www.iab.com/VAST">
          <Ad id="ad-1" sequence="1" adType="video" conditionalAd="false">
            <InLine>
              <AdSystem version="2.1">Example Ad Server</AdSystem>
              <Error><![CDATA[https://err.example/e?code=[ERRORCODE]]]></Error>
              <Impression id="imp-1"><![CDATA[https://imp.example/1]]></Impression>
              <Impression id="imp-2"><![CDATA[https://imp.example/2]]></Impression>
              <Pricing model="cpm" currency="USD"><![CDATA[ 25.00 ]]></Pricing>
              <AdServingId>serving-123</AdServingId>
              <AdTitle>Spring Shoes</AdTitle>
              <Category authority="https://www.iabtechlab.com/categoryauthority">IAB1-1</Category>
              <Description>A description</Description>
              <Advertiser id="adv-9">Shoe Co</Advertiser>
              <Expires>3600</Expires>
              <ViewableImpression id="vi">
                <Viewable><![CDATA[https://view.example/v]]></Viewable>
                <NotViewable><![CDATA[https://view.example/nv]]></NotViewable>
                <ViewUndetermined><![CDATA[https://view.example/u]]></ViewUndetermined>
              </ViewableImpression>
              <AdVerifications>
                <Verification vendor="example.com-omid">
                  <JavaScriptResource apiFramework="omid" browserOptional="true"><![CDATA[https://v.example/omid.js]]></JavaScriptResource>
                  <ExecutableResource apiFramework="custom" type="application/x-exe"><![CDATA[https://v.example/x]]></ExecutableResource>
                  <TrackingEvents>
                    <Tracking event="verificationNotExecuted"><![CDATA[https://v.example/nx?r=[REASON]]]></Tracking>
                  </TrackingEvents>
                  <VerificationParameters><![CDATA[{"k":"v"}]]></VerificationParameters>
                </Verification>
              </AdVerifications>
              <Creatives>
                <Creative id="c-1" adId="aid" sequence="1" apiFramework="none">
                  <UniversalAdId idRegistry="ad-id.org">CNPA0484000H</UniversalAdId>
                  <UniversalAdId idRegistry="clearcast.co.uk">XYZ</UniversalAdId>
                  <CreativeExtensions><CreativeExtension type="x"><Foo/></CreativeExtension></CreativeExtensions>
                  <Linear skipoffset="25%">
                    <Duration>00:00:30.000</Duration>
                    <AdParameters xmlEncoded="false"><![CDATA[ad_type=carousel,x=1]]></AdParameters>
                    <MediaFiles>
                      <MediaFile id="m1" delivery="progressive" type="video/mp4" width="1280" height="720" codec="avc1" bitrate="2000" minBitrate="1500" maxBitrate="2500" scalable="true" maintainAspectRatio="true" apiFramework="VPAID" fileSize="1000" mediaType="2D"><![CDATA[https://cdn.example/a.mp4]]></MediaFile>
                      <Mezzanine delivery="progressive" type="video/mp4" width="1920" height="1080" codec="h264" id="mz" fileSize="9" mediaType="2D"><![CDATA[https://cdn.example/mz.mp4]]></Mezzanine>
                      <InteractiveCreativeFile type="text/html" apiFramework="SIMID" variableDuration="true"><![CDATA[https://cdn.example/simid.html]]></InteractiveCreativeFile>
                      <ClosedCaptionFiles>
                        <ClosedCaptionFile type="text/vtt" language="en"><![CDATA[https://cdn.example/c.vtt]]></ClosedCaptionFile>
                      </ClosedCaptionFiles>
                    </MediaFiles>
                    <VideoClicks>
                      <ClickThrough id="ct"><![CDATA[https://click.example/landing]]></ClickThrough>
                      <ClickTracking id="t1"><![CDATA[https://click.example/t1]]></ClickTracking>
                      <CustomClick id="cc"><![CDATA[https://click.example/cc]]></CustomClick>
                    </VideoClicks>
                    <TrackingEvents>
                      <Tracking event="start"><![CDATA[https://t.example/start]]></Tracking>
                      <Tracking event="progress" offset="00:00:05"><![CDATA[https://t.example/p5]]></Tracking>
                    </TrackingEvents>
                    <Icons>
                      <Icon program="AdChoices" width="20" height="20" xPosition="right" yPosition="top" duration="00:00:10" offset="00:00:01" apiFramework="none" pxratio="2" altText="alt" hoverText="hover">
                        <StaticResource creativeType="image/png"><![CDATA[https://i.example/ac.png]]></StaticResource>
                        <IconClicks>
                          <IconClickThrough><![CDATA[https://i.example/ct]]></IconClickThrough>
                          <IconClickTracking id="ict"><![CDATA[https://i.example/t]]></IconClickTracking>
                          <IconClickFallbackImages>
                            <IconClickFallbackImage width="300" height="250">
                              <AltText>fallback</AltText>
                              <StaticResource creativeType="image/png"><![CDATA[https://i.example/fb.png]]></StaticResource>
                            </IconClickFallbackImage>
                          </IconClickFallbackImages>
                        </IconClicks>
                        <IconViewTracking><![CDATA[https://i.example/view]]></IconViewTracking>
                      </Icon>
                    </Icons>
                  </Linear>
                </Creative>
                <Creative id="c-2">
                  <NonLinearAds>
                    <NonLinear id="nl" width="300" height="50" expandedWidth="600" expandedHeight="100" scalable="false" maintainAspectRatio="true" minSuggestedDuration="00:00:15" apiFramework="none">
                      <StaticResource creativeType="image/jpeg"><![CDATA[https://n.example/p.jpg]]></StaticResource>
                      <AdParameters xmlEncoded="true"><![CDATA[a=&lt;b&gt;]]></AdParameters>
                      <NonLinearClickThrough><![CDATA[https://n.example/ct]]></NonLinearClickThrough>
                      <NonLinearClickTracking id="nct"><![CDATA[https://n.example/t]]></NonLinearClickTracking>
                    </NonLinear>
                    <TrackingEvents><Tracking event="creativeView"><![CDATA[https://n.example/cv]]></Tracking></TrackingEvents>
                  </NonLinearAds>
                </Creative>
                <Creative id="c-3">
                  <CompanionAds required="any">
                    <Companion id="co" width="300" height="250" assetWidth="300" assetHeight="250" expandedWidth="600" expandedHeight="500" apiFramework="none" adSlotId="slot" pxratio="1" renderingMode="end-card">
                      <HTMLResource><![CDATA[<div>hi</div>]]></HTMLResource>
                      <IFrameResource><![CDATA[https://co.example/if.html]]></IFrameResource>
                      <AltText>companion</AltText>
                      <CompanionClickThrough><![CDATA[https://co.example/ct]]></CompanionClickThrough>
                      <CompanionClickTracking id="cct"><![CDATA[https://co.example/t]]></CompanionClickTracking>
                      <TrackingEvents><Tracking event="creativeView"><![CDATA[https://co.example/cv]]></Tracking></TrackingEvents>
                      <AdParameters>k=v</AdParameters>
                    </Companion>
                  </CompanionAds>
                </Creative>
              </Creatives>
              <Extensions><Extension type="custom"><Data>1</Data></Extension></Extensions>
            </InLine>
          </Ad>
        </VAST>
        """

    @Test func decodesEveryInlineElement() throws {
        let input = VASTDecoder.decode(Self.fullInline)
        #expect(input.findings.isEmpty, "\(input.findings)")
        let vast = try #require(input.vast)
        #expect(vast.version == .v4_2)
        #expect(vast.namespaceURI == "http://www.iab.com/VAST")
        #expect(vast.unknownNodes.isEmpty, "\(vast.unknownNodes)")
        let ad = try #require(vast.ads.first)
        #expect(ad.id == "ad-1" && ad.sequence?.value == 1 && ad.adType == "video" && ad.conditionalAd?.value == false)
        let body = try #require(ad.inLine)
        #expect(body.kind == .inLine)
        #expect(body.adSystem?.name == "Example Ad Server" && body.adSystem?.version == "2.1")
        #expect(body.errors.map(\.value) == ["https://err.example/e?code=[ERRORCODE]"])
        #expect(body.impressions.map(\.value) == ["https://imp.example/1", "https://imp.example/2"])
        #expect(body.impressions.map(\.id) == ["imp-1", "imp-2"])
        #expect(body.impressions[0].inCDATA)
        #expect(body.impressions[0].position == SourcePosition(line: 7, column: 7))
        #expect(body.impressions[1].path == "/VAST/Ad[1]/InLine/Impression[2]")
        #expect(body.pricing?.value == "25.00" && body.pricing?.model == "cpm" && body.pricing?.currency == "USD")
        #expect(body.adServingId?.value == "serving-123")
        #expect(body.adTitle?.value == "Spring Shoes")
        #expect(body.categories.first?.authority == "https://www.iabtechlab.com/categoryauthority")
        #expect(body.description?.value == "A description")
        #expect(body.advertiser?.name == "Shoe Co" && body.advertiser?.id == "adv-9")
        #expect(body.expires?.value == 3600)
        #expect(body.viewableImpression?.viewUndetermined.first?.value == "https://view.example/u")
        let verification = try #require(body.adVerifications.first)
        #expect(verification.vendor == "example.com-omid")
        #expect(verification.javaScriptResources.first?.browserOptional?.value == true)
        #expect(verification.executableResources.first?.type == "application/x-exe")
        #expect(verification.trackingEvents.first?.event == "verificationNotExecuted")
        #expect(verification.verificationParameters?.value == "{\"k\":\"v\"}")
        #expect(body.extensions.first?.type == "custom")
        #expect(body.creatives.count == 3)

        let c1 = body.creatives[0]
        #expect(c1.id == "c-1" && c1.adId == "aid" && c1.sequence?.value == 1 && c1.apiFramework == "none")
        #expect(c1.universalAdIds.map(\.idRegistry) == ["ad-id.org", "clearcast.co.uk"])
        #expect(c1.creativeExtensions.first?.type == "x")
        let linear = try #require(c1.linear)
        #expect(linear.skipoffset?.value == .percent(25))
        #expect(linear.duration?.value == VASTTime(milliseconds: 30_000))
        #expect(linear.adParameters?.decoded == "ad_type=carousel,x=1")
        let media = try #require(linear.mediaFiles.first)
        #expect(media.url.value == "https://cdn.example/a.mp4")
        #expect(media.delivery == "progressive" && media.type == "video/mp4" && media.width?.value == 1280 && media.height?.value == 720)
        #expect(media.codec == "avc1" && media.bitrate?.value == 2000 && media.minBitrate?.value == 1500 && media.maxBitrate?.value == 2500)
        #expect(media.scalable?.value == true && media.maintainAspectRatio?.value == true && media.apiFramework == "VPAID")
        #expect(media.fileSize?.value == 1000 && media.mediaType == "2D" && media.id == "m1")
        #expect(linear.mezzanines.first?.width?.value == 1920)
        #expect(linear.interactiveCreativeFiles.first?.variableDuration?.value == true)
        #expect(linear.closedCaptionFiles.first?.language == "en")
        #expect(linear.videoClicks?.clickThrough?.value == "https://click.example/landing")
        #expect(linear.videoClicks?.clickTrackings.first?.id == "t1")
        #expect(linear.videoClicks?.customClicks.count == 1)
        #expect(linear.trackingEvents.map { $0.event ?? "" } == ["start", "progress"])
        #expect(linear.trackingEvents[1].offset?.value == .time(VASTTime(milliseconds: 5_000)))
        let icon = try #require(linear.icons.first)
        #expect(icon.program == "AdChoices" && icon.xPosition == "right" && icon.yPosition == "top")
        #expect(icon.duration?.value?.milliseconds == 10_000 && icon.offset?.value?.milliseconds == 1_000)
        #expect(icon.pxratio == "2" && icon.altText == "alt" && icon.hoverText == "hover")
        #expect(icon.resources.first?.creativeType == "image/png")
        #expect(icon.clickThrough?.value == "https://i.example/ct" && icon.clickTrackings.first?.id == "ict")
        #expect(icon.clickFallbackImages.first?.width?.value == 300 && icon.clickFallbackImages.first?.altText == "fallback")
        #expect(icon.viewTrackings.first?.value == "https://i.example/view")

        let nonLinear = try #require(body.creatives[1].nonLinearAds?.nonLinears.first)
        #expect(nonLinear.width?.value == 300 && nonLinear.expandedHeight?.value == 100 && nonLinear.scalable?.value == false)
        #expect(nonLinear.minSuggestedDuration?.value?.milliseconds == 15_000)
        #expect(nonLinear.resources.first?.kind == .staticResource && nonLinear.resources.first?.creativeType == "image/jpeg")
        #expect(nonLinear.adParameters?.decoded == "a=<b>")
        #expect(nonLinear.clickThrough?.value == "https://n.example/ct" && nonLinear.clickTrackings.first?.id == "nct")
        #expect(body.creatives[1].nonLinearAds?.trackingEvents.first?.event == "creativeView")

        let companions = try #require(body.creatives[2].companionAds)
        #expect(companions.required == "any")
        let companion = try #require(companions.companions.first)
        #expect(companion.assetWidth?.value == 300 && companion.adSlotId == "slot" && companion.renderingMode == "end-card")
        #expect(companion.resources.map(\.kind) == [.html, .iframe])
        #expect(companion.resources.first?.content.value == "<div>hi</div>")
        #expect(companion.altText == "companion" && companion.clickTrackings.first?.id == "cct")
        #expect(companion.trackingEvents.first?.event == "creativeView")
        #expect(companion.adParameters?.raw == "k=v")
    }

    @Test func decodesWrapperWithAttributesAndLegacyURL() throws {
        let xml = """
            <VAST version="3.0"><Ad id="w"><Wrapper followAdditionalWrappers="false" allowMultipleAds="true" fallbackOnNoAd="0">
              <AdSystem>W</AdSystem><VASTAdTagURI><![CDATA[ https://next.example/vast ]]></VASTAdTagURI>
              <Impression><![CDATA[https://imp.example/w]]></Impression>
              <BlockedAdCategories authority="https://iab">IAB8</BlockedAdCategories>
            </Wrapper></Ad></VAST>
            """
        let input = VASTDecoder.decode(xml)
        let wrapper = try #require(input.vast?.ads.first?.wrapper)
        #expect(wrapper.kind == .wrapper)
        #expect(wrapper.vastAdTagURI?.value == "https://next.example/vast")
        #expect(!wrapper.usesLegacyAdTagURL)
        #expect(wrapper.followAdditionalWrappers?.value == false && wrapper.allowMultipleAds?.value == true)
        #expect(wrapper.fallbackOnNoAd?.value == false)
        #expect(wrapper.blockedAdCategories.first?.value == "IAB8")

        let legacy = VASTDecoder.decode("<VAST version=\"2.0\"><Ad><Wrapper><AdSystem>x</AdSystem><VASTAdTagURL><URL><![CDATA[https://old.example/v]]></URL></VASTAdTagURL></Wrapper></Ad></VAST>")
        let body = try #require(legacy.vast?.ads.first?.wrapper)
        #expect(body.vastAdTagURI?.value == "https://old.example/v")
        #expect(body.usesLegacyAdTagURL)
        #expect(legacy.vast?.unknownNodes.isEmpty == true)
    }

    @Test func invalidValuesAreKeptRawWithADiagnostic() throws {
        let xml = """
            <VAST version="4.1"><Ad sequence="first"><InLine><Creatives><Creative>
            <Linear skipoffset="5s"><Duration>0:30</Duration><MediaFiles>
            <MediaFile delivery="progressive" type="video/mp4" width="wide" height="360" scalable="yes"><![CDATA[https://x/a.mp4]]></MediaFile>
            </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let input = VASTDecoder.decode(xml)
        let ad = try #require(input.vast?.ads.first)
        #expect(ad.sequence == Attr(raw: "first", value: nil))
        let linear = try #require(ad.inLine?.creatives.first?.linear)
        #expect(linear.duration == Attr(raw: "0:30", value: nil))
        #expect(linear.skipoffset == Attr(raw: "5s", value: nil))
        #expect(linear.mediaFiles.first?.width == Attr(raw: "wide", value: nil))
        #expect(linear.mediaFiles.first?.height?.value == 360)
        let ids = input.findings.map(\.ruleID).sorted()
        #expect(ids == [DecodeRuleID.booleanValue, DecodeRuleID.integerValue, DecodeRuleID.integerValue,
                        DecodeRuleID.offsetFormat, DecodeRuleID.timeFormat].sorted())
        let duration = try #require(input.findings.first { $0.ruleID == DecodeRuleID.timeFormat })
        #expect(duration.position == SourcePosition(line: 2, column: 25))
        #expect(duration.path == "/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/Duration")
    }

    @Test func unknownElementsAndAttributesAreKept() throws {
        let input = VASTDecoder.decode("<VAST version=\"4.2\" foo=\"1\"><Ad><InLine><AdSystem>x</AdSystem><Bogus/></InLine></Ad></VAST>")
        let unknown = try #require(input.vast?.unknownNodes)
        #expect(unknown.map(\.name).sorted() == ["Bogus", "foo"])
        #expect(unknown.first { $0.name == "Bogus" }?.parent == "InLine")
        #expect(unknown.first { $0.name == "Bogus" }?.position == SourcePosition(line: 1, column: 63))
    }

    /// Past 64 attributes or children, the reader tracks what it read by name instead of by bit: what it
    /// reads there is still not reported as unknown, and the rest still is.
    @Test func elementsWithMoreThan64AttributesOrChildrenAreTrackedByName() throws {
        let attributes = (0..<66).map { " x\($0)=\"1\"" }.joined()
        let children = String(repeating: "<Bogus/>", count: 66)
        let input = VASTDecoder.decode("""
            <VAST version="4.2"><Ad><InLine>\(children)<AdSystem>x</AdSystem><AdTitle>t</AdTitle><Creatives><Creative>\
            <Linear><Duration>00:00:10</Duration><MediaFiles>\
            <MediaFile\(attributes) delivery="progressive" type="video/mp4" width="640" height="360">https://cdn.example/a.mp4</MediaFile>\
            </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
            """)
        let vast = try #require(input.vast)
        let file = try #require(vast.ads.first?.body?.creatives.first?.linear?.mediaFiles.first)
        #expect(file.delivery == "progressive")
        #expect(file.width?.value == 640)
        #expect(vast.ads.first?.body?.adSystem?.name == "x")
        let names = vast.unknownNodes.map(\.name)
        #expect(names.filter { $0 == "Bogus" }.count == 66)
        #expect(Set(names.filter { $0.hasPrefix("x") }) == Set((0..<66).map { "x\($0)" }))
        #expect(names.count == 66 + 66, "\(names.filter { $0 != "Bogus" && !$0.hasPrefix("x") })")
    }

    @Test func vast1RootIsReportedUnsupported() {
        let input = VASTDecoder.decode("<VideoAdServingTemplate><Ad/></VideoAdServingTemplate>")
        #expect(input.vast == nil)
        #expect(input.findings.map(\.ruleID) == [DecodeRuleID.unsupportedVAST1])
    }

    @Test func otherRootIsReported() {
        let input = VASTDecoder.decode("<html/>")
        #expect(input.findings.map(\.ruleID) == [DecodeRuleID.rootElement])
        #expect(input.findings.first?.message.contains("an HTML page, not an ad response") == true)
        let other = VASTDecoder.decode("<Ads/>")
        #expect(other.findings.first?.message == "the root element is <Ads>, expected <VAST> (or <VMAP>)")
    }

    /// A web page served in place of an ad response is named as one, before the parser's messages about
    /// its unclosed tags.
    @Test func anHTMLPageIsNamed() {
        let page = "\u{FEFF}\n  <!DOCTYPE HTML>\n<html><head><meta charset=\"utf-8\"></head><body>Not found<br></body></html>"
        let input = VASTDecoder.decode(page)
        #expect(input.findings.first?.ruleID == DecodeRuleID.notWellFormed)
        #expect(input.findings.first?.message.hasPrefix("the input is an HTML page") == true)
        #expect(input.findings.first?.position == .start)
        let broken = VASTDecoder.decode("<VAST version=\"4.2\"><Ad></VAST>")
        #expect(!broken.findings.contains { $0.message.contains("HTML page") })
        #expect(VASTDecoder.looksLikeHTML(Data("<HTML lang=en>".utf8)))
        #expect(!VASTDecoder.looksLikeHTML(Data("<VAST/>".utf8)))
    }

    @Test func malformedXMLIsNeverDecoded() {
        let input = VASTDecoder.decode("<VAST version=\"4.2\"><Ad></VAST>")
        #expect(input.vast == nil)
        #expect(!input.findings.isEmpty)
        #expect(input.findings.allSatisfy { $0.ruleID == DecodeRuleID.notWellFormed && $0.position != nil })
    }

    @Test func decodesVMAPWithEmbeddedVASTAndUndeclaredPrefix() throws {
        let xml = """
            <vmap:VMAP version="1.0">
              <vmap:AdBreak timeOffset="start" breakType="linear,display" breakId="pre" repeatAfter="00:05:00">
                <vmap:AdSource id="s1" allowMultipleAds="true" followRedirects="false">
                  <vmap:VASTAdData><VAST version="3.0"><Ad id="e"><InLine><AdSystem>x</AdSystem></InLine></Ad></VAST></vmap:VASTAdData>
                </vmap:AdSource>
                <vmap:TrackingEvents><vmap:Tracking event="breakStart"><![CDATA[https://t.example/bs]]></vmap:Tracking></vmap:TrackingEvents>
              </vmap:AdBreak>
              <vmap:AdBreak timeOffset="#2" breakType="linear"><vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example/v]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
              <vmap:AdBreak timeOffset="50%" breakType="nonlinear"/>
              <vmap:AdBreak timeOffset="soon" breakType="linear"/>
            </vmap:VMAP>
            """
        let input = VASTDecoder.decode(xml)
        let vmap = try #require(input.vmap)
        #expect(vmap.version == "1.0" && vmap.prefix == "vmap")
        #expect(vmap.adBreaks.count == 4)
        let first = vmap.adBreaks[0]
        #expect(first.timeOffset?.value == .start && first.breakTypes == ["linear", "display"] && first.breakId == "pre")
        #expect(first.repeatAfter?.value?.milliseconds == 300_000)
        let source = try #require(first.adSource)
        #expect(source.id == "s1" && source.allowMultipleAds?.value == true && source.followRedirects?.value == false)
        #expect(source.contentCount == 1)
        let embedded = try #require(source.vastAdData)
        #expect(embedded.version == .v3_0)
        #expect(embedded.ads.first?.position.line == 4)
        #expect(first.trackingEvents.first?.event == "breakStart")
        #expect(vmap.adBreaks[1].timeOffset?.value == .position(2))
        #expect(vmap.adBreaks[1].adSource?.adTagTemplateType == "vast3")
        #expect(vmap.adBreaks[2].timeOffset?.value == .percent(50))
        #expect(vmap.adBreaks[3].timeOffset == Attr(raw: "soon", value: nil))
        let ids = Set(input.findings.map(\.ruleID))
        #expect(ids.contains(DecodeRuleID.vmapTimeOffsetFormat))
        #expect(ids.contains(DecodeRuleID.namespaceError))
        #expect(ids.contains(DecodeRuleID.vmapNamespace))
    }

    @Test func timeAndOffsetParsing() {
        #expect(VASTTime(parsing: "00:00:15")?.milliseconds == 15_000)
        #expect(VASTTime(parsing: "01:02:03.456")?.milliseconds == 3_723_456)
        #expect(VASTTime(parsing: "100:00:00")?.milliseconds == 360_000_000)
        for bad in ["0:00:15", "00:60:00", "00:00:60", "00:00:15.5", "15", "", "00:00:15.", "aa:bb:cc", "00:00:1x"] {
            #expect(VASTTime(parsing: bad) == nil, "\(bad)")
        }
        #expect(VASTOffset(parsing: "25%") == .percent(25))
        #expect(VASTOffset(parsing: "12.5%") == .percent(12.5))
        #expect(VASTOffset(parsing: "101%") == nil)
        #expect(VASTOffset(parsing: "-1%") == nil)
        #expect(VMAPTimeOffset(parsing: "#0") == nil)
        #expect(VMAPTimeOffset(parsing: "end") == .end)
    }

    @Test func macroOccurrencesAndExpansion() {
        let url = "https://t.example/e?c=[ERRORCODE]&cb=%%CACHEBUSTING%%&x=[UNKNOWN_ONE]&a=[b"
        #expect(Macros.occurrences(in: url).map(\.name) == ["ERRORCODE", "CACHEBUSTING", "UNKNOWN_ONE"])
        #expect(Macros.expand(url, values: ["ERRORCODE": "303"]) == "https://t.example/e?c=303&cb=12345678&x=[UNKNOWN_ONE]&a=[b")
    }

    /// Every public IAB sample decodes without a crash; a few are pinned field by field.
    @Test func iabSamplesDecode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/iab-vast-samples")
        guard let files = FileManager.default.enumerator(atPath: root.path)?.compactMap({ $0 as? String }).filter({ $0.hasSuffix(".xml") }),
              !files.isEmpty else {
            print("skipping: the IAB samples folder \(root.path) is absent")
            return
        }
        var decoded = 0
        for file in files.sorted() {
            let data = try Data(contentsOf: root.appendingPathComponent(file))
            let input = VASTDecoder.decode(data)
            if input.isDecoded { decoded += 1 }
            #expect(input.vast != nil || input.vmap != nil || !input.findings.isEmpty, "\(file) produced neither a model nor a finding")
        }
        #expect(decoded >= files.count - 10)

        let companion = try Data(contentsOf: root.appendingPathComponent("VAST-4.2-Samples/Inline_Companion_Tag-test.xml"))
        let vast = try #require(VASTDecoder.decode(companion).vast)
        #expect(vast.version == .v4_2)
        let body = try #require(vast.ads.first?.inLine)
        #expect(body.adSystem?.name == "iabtechlab")
        #expect(body.creatives.compactMap(\.linear).first?.mediaFiles.count == 3)
        #expect(body.creatives.compactMap(\.companionAds).first?.companions.isEmpty == false)

        let wrapper = try Data(contentsOf: root.appendingPathComponent("VAST-4.2-Samples/Wrapper_Tag-test.xml"))
        let wrapped = try #require(VASTDecoder.decode(wrapper).vast?.ads.first?.wrapper)
        #expect(wrapped.vastAdTagURI?.value.hasPrefix("https://") == true)
    }
}

/// Verification before VAST 4.1 travels in `<Extension type="AdVerifications">`.
@Suite struct ExtensionVerificationDecoderTests {
    @Test func theExtensionsVerificationsAreDecodedAndMarked() throws {
        let tag = """
            <VAST version="3.0"><Ad><InLine><Extensions>
            <Extension type="AdVerifications"><AdVerifications><Verification vendor="a.example-omid">
            <JavaScriptResource apiFramework="omid" browserOptional="true">https://a.example/v.js</JavaScriptResource>
            <TrackingEvents><Tracking event="verificationNotExecuted">https://a.example/n?r=[REASON]</Tracking></TrackingEvents>
            </Verification></AdVerifications></Extension>
            <Extension type="AdVerifications"><Verification vendor="b.example-omid"><ExecutableResource apiFramework="x" type="y">https://b.example/v</ExecutableResource></Verification></Extension>
            <Extension type="other"><AdVerifications><Verification vendor="c.example-omid"/></AdVerifications></Extension>
            </Extensions></InLine></Ad></VAST>
            """
        let body = try #require(VASTDecoder.decode(tag).vast?.ads.first?.body)
        #expect(body.adVerifications.isEmpty)
        #expect(!body.hasAdVerificationsElement)
        #expect(body.extensionVerifications.map(\.vendor) == ["a.example-omid", "b.example-omid"])
        #expect(body.extensionVerifications.allSatisfy { $0.fromExtension })
        #expect(body.allVerifications.count == 2)
        let first = try #require(body.extensionVerifications.first)
        #expect(first.javaScriptResources.map(\.url.value) == ["https://a.example/v.js"])
        #expect(first.javaScriptResources.first?.browserOptional?.value == true)
        #expect(first.trackingEvents.map(\.event) == ["verificationNotExecuted"])
        #expect(first.path == "/VAST/Ad[1]/InLine/Extensions/Extension[1]/AdVerifications/Verification[1]")
        #expect(body.extensionVerifications.last?.executableResources.map(\.type) == ["y"])
    }

    @Test func nativeVerificationsAreNotMarked() throws {
        let tag = #"<VAST version="4.2"><Ad><InLine><AdVerifications><Verification vendor="a.example-omid"/></AdVerifications></InLine></Ad></VAST>"#
        let body = try #require(VASTDecoder.decode(tag).vast?.ads.first?.body)
        #expect(body.adVerifications.map(\.fromExtension) == [false])
        #expect(body.extensionVerifications.isEmpty)
    }

    @Test func repeatsOfSingleElementsAreKeptApartWithoutFindings() throws {
        let tag = #"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Duration>00:00:05</Duration></Linear><Linear><Duration>bad</Duration></Linear><CompanionAds/><CompanionAds/></Creative></Creatives></InLine></Ad></VAST>"#
        let input = VASTDecoder.decode(tag)
        let creative = try #require(input.vast?.ads.first?.body?.creatives.first)
        #expect(creative.linear?.duration?.raw == "00:00:05")
        #expect(creative.repeated?.linears.map(\.duration?.raw) == ["bad"])
        #expect(creative.repeated?.companionAds.count == 1)
        // The repeat is the structure rules' to report; a value inside it is not reported by the decoder.
        #expect(!input.findings.contains { $0.ruleID == DecodeRuleID.timeFormat })
    }
}
