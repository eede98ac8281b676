import ConformCore
import VAST

extension UnknownChildRules {
    /// One row per parent of the structure table: the spec text listing its children and the examples of its rule.
    static let rows: [Row] = [
        Row(
            "Ad", SpecReference(document: .vast43, section: "3.3.2", quote: "Sub-elements: InLine* Wrapper* ... The Ad element requires exactly one child, which can either be an <InLine> or <Wrapper> element."),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad>↓<Inline/></Ad></VAST>"#),
            ]),
        Row(
            "AdVerifications", SpecReference(document: .vast43, section: "3.16", quote: "Sub-elements: Verification"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><AdVerifications><Verification vendor="v.example-omid"/></AdVerifications></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><AdVerifications>↓<JavaScriptResource>https://v.example/v.js</JavaScriptResource></AdVerifications></InLine></Ad></VAST>"#),
            ]),
        Row(
            "ClosedCaptionFiles", SpecReference(document: .vast43, section: "3.9.4", quote: "Sub elements: ClosedCaptionFile"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><ClosedCaptionFiles><ClosedCaptionFile type="text/vtt" language="en">https://c.example/en.vtt</ClosedCaptionFile></ClosedCaptionFiles></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><ClosedCaptionFiles>↓<ClosedCaption>https://c.example/en.vtt</ClosedCaption></ClosedCaptionFiles></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ]),
        Row(
            "CompanionAds", SpecReference(document: .vast43, section: "3.13", quote: "Sub-elements: Companion"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds><Companion/></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds>↓<NonLinear/></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
            ]),
        Row(
            "Companion", SpecReference(document: .vast43, section: "3.13.1", quote: "Sub-elements: StaticResource IFrameResource HTMLResource AdParameters AltText CompanionClickThrough CompanionClickTracking TrackingEvents"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds><Companion><CompanionClickThrough>https://c.example</CompanionClickThrough></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds><Companion>↓<ClickThrough>https://c.example</ClickThrough></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
            ]),
        Row(
            "CreativeExtensions", SpecReference(document: .vast43, section: "3.7.2", quote: "Sub-elements: CreativeExtension"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CreativeExtensions><CreativeExtension type="x"><Anything/></CreativeExtension></CreativeExtensions><Linear/></Creative></Creatives></InLine></Ad></VAST>"#),
                RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><CreativeExtensions><CreativeExtension type="x"/></CreativeExtensions><Linear/></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CreativeExtensions>↓<Extension/></CreativeExtensions><Linear/></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            exceptions: [
                .init(VASTVersion.v3_0...VASTVersion.v3_0, "CreativeExtensions is declared under Linear, NonLinear and Companion, not under Creative", .undeclared),
            ]),
        Row(
            "Creative", SpecReference(document: .vast43, section: "3.7", quote: "Sub-elements: UniversalAdId* CreativeExtensions Linear CompanionAds"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><UniversalAdId idRegistry="ad-id.org">X</UniversalAdId><Linear/></Creative></Creatives></InLine></Ad></VAST>"#),
                RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative><Linear></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative>↓<MediaFiles/></Creative></Creatives></InLine></Ad></VAST>"#),
            ]),
        Row(
            "Creatives", SpecReference(document: .vast43, section: "3.6", quote: "Sub-elements: Creative"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear/></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives>↓<Linear/></Creatives></InLine></Ad></VAST>"#),
            ]),
        Row(
            "Extensions", SpecReference(document: .vast43, section: "3.18", quote: "When used, custom XML should fall under the nested <Extension> (singular) element so that custom XML can be separated from VAST elements."),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Extensions><Extension type="x"><Anything/></Extension></Extensions></InLine></Ad></VAST>"#),
                RuleExample(#"<VAST version="4.4"><Ad><InLine><Extensions><Extension type="x"/></Extensions></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Extensions>↓<Anything/></Extensions></InLine></Ad></VAST>"#),
            ],
            exceptions: [
                .init(VASTVersion.v4_4...VASTVersion.v4_4, "Extensions declares its children without xs:any; its Extension admits elements of other namespaces only (xs:any namespace=\"##other\"), content the rule never checks", .partial),
            ]),
        Row(
            "IconClickFallbackImage", SpecReference(document: .vast43, section: "3.11.6.1", quote: "Sub-elements: AltText StaticResource"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon program="AdChoices"><IconClicks><IconClickFallbackImages><IconClickFallbackImage width="10" height="10"><AltText>a</AltText></IconClickFallbackImage></IconClickFallbackImages></IconClicks></Icon></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon program="AdChoices"><IconClicks><IconClickFallbackImages><IconClickFallbackImage width="10" height="10">↓<IFrameResource>https://f.example</IFrameResource></IconClickFallbackImage></IconClickFallbackImages></IconClicks></Icon></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            exceptions: [
                .init(VASTVersion.v4_4...VASTVersion.v4_4, "IconClicks has no IconClickFallbackImages", .undeclared),
            ]),
        Row(
            "IconClickFallbackImages", SpecReference(document: .vast43, section: "3.11.6", quote: "Sub-elements: IconClickFallbackImage"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon program="AdChoices"><IconClicks><IconClickFallbackImages><IconClickFallbackImage/></IconClickFallbackImages></IconClicks></Icon></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon program="AdChoices"><IconClicks><IconClickFallbackImages>↓<StaticResource creativeType="image/png">https://i.example/f.png</StaticResource></IconClickFallbackImages></IconClicks></Icon></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            exceptions: [
                .init(VASTVersion.v4_4...VASTVersion.v4_4, "IconClicks has no IconClickFallbackImages", .undeclared),
            ]),
        Row(
            "IconClicks", SpecReference(document: .vast43, section: "3.11.3", quote: "Sub-elements: IconClickThrough IconClickTracking IconClickFallbackImages"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon program="AdChoices"><IconClicks><IconClickThrough>https://c.example</IconClickThrough></IconClicks></Icon></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon program="AdChoices"><IconClicks>↓<ClickThrough>https://c.example</ClickThrough></IconClicks></Icon></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ]),
        Row(
            "Icon", SpecReference(document: .vast43, section: "3.11.1", quote: "Sub-Elements StaticResource IFrameResource HTMLResource IconClicks IconViewTracking"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon program="AdChoices"><IconViewTracking>https://t.example/v</IconViewTracking></Icon></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon program="AdChoices">↓<ClickThrough>https://c.example</ClickThrough></Icon></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ]),
        Row(
            "Icons", SpecReference(document: .vast43, section: "3.11", quote: "Sub-elements: Icon"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon/></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons>↓<StaticResource creativeType="image/png">https://i.example/a.png</StaticResource></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ]),
        Row(
            "InLine", SpecReference(document: .vast43, section: "3.4", quote: "Sub-elements: AdSystem*, AdTitle*, Impression*, AdServingId*, Category, Description, Advertiser, Pricing, Survey, Error, Extensions, ViewableImpression, AdVerifications, Creatives*, Expires"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><AdSystem>x</AdSystem><AdTitle>t</AdTitle><Impression>https://i.example</Impression></InLine></Ad></VAST>"#),
                RuleExample(#"<VAST version="4.2"><Ad><InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine>↓<Impresion>https://i.example</Impresion></InLine></Ad></VAST>"#),
            ]),
        Row(
            "Linear", SpecReference(document: .vast43, section: "3.8", quote: "Sub-elements: Duration* MediaFiles* AdParameters TrackingEvents VideoClicks Icons"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Duration>00:00:10</Duration><MediaFiles/></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear>↓<MediaFile>https://m.example/a.mp4</MediaFile></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ]),
        Row(
            "MediaFiles", SpecReference(document: .vast43, section: "3.9", quote: "Sub-elements: MediaFile*, Mezzanine**, InteractiveCreativeFile, ClosedCaptionFiles"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile>https://m.example/a.mp4</MediaFile><Mezzanine>https://m.example/m.mov</Mezzanine></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
                RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile>https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<Media>https://m.example/a.mp4</Media></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ]),
        Row(
            "NonLinearAds", SpecReference(document: .vast43, section: "3.12", quote: "Sub-elements: NonLinear TrackingEvents"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear/><TrackingEvents/></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
                RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear/></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><NonLinearAds>↓<Companion/></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
            ]),
        Row(
            "NonLinear", SpecReference(document: .vast43, section: "3.12.1", quote: "Sub-elements: StaticResource (InLine only) IFrameResource (InLine only) HTMLResource (InLine only) AdParameters (InLine only) NonLinearClickThrough (InLine only) NonLinearclickTracking (InLine and Wrapper)"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear><NonLinearClickThrough>https://c.example</NonLinearClickThrough></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear>↓<ClickThrough>https://c.example</ClickThrough></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
            ]),
        Row(
            "VAST", SpecReference(document: .vast43, section: "3.3.2", quote: "Required in Response: Yes (unless there is no ad to return; in which case <Error> should be used to provide the error URI)"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Error>https://e.example/e</Error></VAST>"#),
                RuleExample(#"<VAST version="2.0"><Ad id="a"><InLine></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2">↓<Ads/></VAST>"#),
            ]),
        Row(
            "TrackingEvents", SpecReference(document: .vast43, section: "3.14.2", quote: "Parent: Linear NonLinear Companion ... Sub-elements: Tracking"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><TrackingEvents><Tracking event="start">https://t.example/s</Tracking></TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><TrackingEvents>↓<Impression>https://t.example/i</Impression></TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ]),
        Row(
            "Verification", SpecReference(document: .vast43, section: "3.17", quote: "Sub-elements: JavaScriptResource ExecutableResource TrackingEvents VerificationParameters"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><AdVerifications><Verification vendor="v"><JavaScriptResource>https://v.example/v.js</JavaScriptResource></Verification></AdVerifications></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><AdVerifications><Verification vendor="v">↓<Tracking>https://v.example/t</Tracking></Verification></AdVerifications></InLine></Ad></VAST>"#),
                RuleExample(#"<VAST version="4.1"><Ad><InLine><AdVerifications><Verification vendor="v">↓<FlashResource>https://v.example/v.swf</FlashResource></Verification></AdVerifications></InLine></Ad></VAST>"#),
            ]),
        Row(
            "VideoClicks", SpecReference(document: .vast43, section: "3.10", quote: "Sub-elements: ClickThrough ClickTracking CustomClick"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><VideoClicks><ClickThrough>https://c.example</ClickThrough></VideoClicks></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><VideoClicks>↓<ClickThru>https://c.example</ClickThru></VideoClicks></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            ]),
        Row(
            "ViewableImpression", SpecReference(document: .vast43, section: "3.5", quote: "Sub-elements: Viewable, NotViewable, ViewUndetermined"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><ViewableImpression><Viewable>https://v.example/v</Viewable></ViewableImpression></InLine></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><InLine><ViewableImpression>↓<Impression>https://v.example/v</Impression></ViewableImpression></InLine></Ad></VAST>"#),
            ]),
        Row(
            "Wrapper", SpecReference(document: .vast43, section: "3.19", quote: "Sub-elements: Impression* VASTAdTagURI* AdSystem Pricing Error ViewableImpression AdVerifications Extensions Creatives BlockedAdCategories"),
            valid: [
                RuleExample(#"<VAST version="4.2"><Ad><Wrapper><AdSystem>x</AdSystem><VASTAdTagURI>https://n.example</VASTAdTagURI></Wrapper></Ad></VAST>"#),
            ],
            invalid: [
                RuleExample(#"<VAST version="4.2"><Ad><Wrapper><AdSystem>x</AdSystem>↓<AdTitle>t</AdTitle></Wrapper></Ad></VAST>"#),
                RuleExample(#"<VAST version="4.2"><Ad><Wrapper>↓<VASTAdTagURL><URL>https://n.example</URL></VASTAdTagURL></Wrapper></Ad></VAST>"#),
            ]),
    ]
}
