import ConformCore
import VAST

/// Ids of the findings wrapper resolution and tracking collection make.
public enum ChainRuleID {
    public static let depthExceeded = "CHAIN-depth-exceeded"
    public static let loop = "CHAIN-loop"
    public static let fetchFailed = "CHAIN-fetch-failed"
    public static let timeout = "CHAIN-timeout"
    public static let schemeRefused = "CHAIN-scheme-refused"
    public static let privateAddress = "CHAIN-private-address-refused"
    public static let oversize = "CHAIN-oversize"
    public static let redirectLimit = "CHAIN-redirect-limit"
    public static let httpsDowngrade = "CHAIN-https-downgrade"
    public static let hopNotXML = "CHAIN-hop-not-xml"
    public static let hopNotVAST = "CHAIN-hop-not-vast"
    public static let hopUnsupportedVersion = "CHAIN-hop-unsupported-version"
    public static let noAd = "CHAIN-no-ad"
    public static let wrapperWithoutURI = "CHAIN-wrapper-no-uri"
    public static let invalidURI = "CHAIN-uri-invalid"
    public static let additionalWrapperRefused = "CHAIN-additional-wrapper-refused"
    public static let multipleAdsIgnored = "CHAIN-multiple-ads-ignored"
    public static let mixedVersions = "CHAIN-mixed-versions"
    public static let legacyAdTagURL = "CHAIN-legacy-adtag-url"
    public static let protocolRelative = "CHAIN-protocol-relative"
    public static let trackingOrphaned = "CHAIN-tracking-orphaned"
    public static let trackingURLInvalid = "CHAIN-tracking-url-invalid"
}

/// The descriptions of every chain finding, for `conform explain`, `conform rules` and the rule docs.
/// The examples describe chains in words: chains are several documents, so the single-document example
/// runner does not execute them; the chain tests produce each id from a fixture instead.
public enum ChainRules {
    private static let wrapperLimitRef = SpecReference(
        document: .vast43, section: "2.3.5.1",
        quote: "In general, VAST Wrappers should be limited to five before resulting in an InLine response. If the player detects more than five Wrappers, the player may reject any subsequent responses in the chain")
    private static let errorCodesRef = SpecReference(
        document: .vast43, section: "2.3.6.3",
        quote: "301 Timeout of VAST URI provided in Wrapper element, or of VAST URI provided in a subsequent Wrapper element. (URI was either unavailable or reached a timeout as defined by the media player.)")
    private static let noAdRef = SpecReference(
        document: .vast43, section: "2.3.6.3",
        quote: "303 No VAST response after one or more Wrappers.")
    private static let parseRef = SpecReference(
        document: .vast43, section: "2.3.6.3",
        quote: "100 XML parsing error. 101 VAST schema validation error. 102 VAST version of response not supported.")
    private static let wrapperAttributesRef = SpecReference(
        document: .vast43, section: "3.19.1",
        quote: "followAdditionalWrappers ... allowMultipleAds ... fallbackOnNoAd")
    private static let tagURIRef = SpecReference(
        document: .vast43, section: "3.19.1",
        quote: "A URI to a VAST response that may be another VAST Wrapper or a VAST InLine ad.")
    private static let trackingRef = SpecReference(
        document: .vast43, section: "3.4.4",
        quote: "All <Impression> URIs in the InLine response and any Wrapper responses preceding it should be triggered at the same time when the impression for the ad occurs")
    private static let macrosRef = SpecReference(
        document: .vastMacros, section: "",
        quote: "Macros ... are replaced by the player before the URI is requested")
    private static let securityRef = SpecReference(
        document: .conform, section: "chain",
        quote: "only http and https are ever fetched from a tag")


    /// Every chain rule, sorted by id.
    public static let all: [RuleDescription] = unsorted.sorted { $0.id < $1.id }

    private static let unsorted: [RuleDescription] = [
        .wordedRule(ChainRuleID.additionalWrapperRefused, "Wrapper after followAdditionalWrappers=false",
             "a Wrapper with followAdditionalWrappers=\"false\" received another Wrapper",
             rationale: "With followAdditionalWrappers false, any Wrapper received must be ignored; the chain ends with no ad (303).",
             fix: "point the VASTAdTagURI at an InLine response, or allow additional wrappers", .error,
             [wrapperAttributesRef, noAdRef],
             valid: "a Wrapper with followAdditionalWrappers=\"false\" whose VASTAdTagURI returns an InLine",
             invalid: "a Wrapper with followAdditionalWrappers=\"false\" whose VASTAdTagURI returns another Wrapper"),
        .wordedRule(ChainRuleID.depthExceeded, "Wrapper depth exceeded",
             "the chain has more wrappers than the player follows",
             rationale: "The spec recommends at most five wrappers; players stop earlier (IMA: 4) and fire error 302.",
             fix: "shorten the chain: remove intermediate redirects or serve the InLine directly", .error,
             [wrapperLimitRef],
             valid: "a chain of five Wrappers ending in an InLine (spec settings)",
             invalid: "a chain of six Wrappers (spec settings: the sixth VASTAdTagURI is not followed)"),
        .wordedRule(ChainRuleID.fetchFailed, "Wrapper URI unavailable",
             "the next document of the chain could not be fetched (HTTP error, missing file, connection failure)",
             rationale: "A VAST URI that is unavailable ends the chain with error 301.",
             fix: "make the VASTAdTagURI return a VAST document with status 200", .error, [errorCodesRef],
             valid: "a Wrapper whose VASTAdTagURI answers 200 with a VAST document",
             invalid: "a Wrapper whose VASTAdTagURI answers 404"),
        .wordedRule(ChainRuleID.hopNotVAST, "Hop is not VAST",
             "a document of the chain is XML but its root is not <VAST>",
             rationale: "A response that is not a VAST document fails schema validation (101).",
             fix: "return a <VAST> document from the VASTAdTagURI", .error, [parseRef],
             valid: "a Wrapper whose VASTAdTagURI returns <VAST version=\"4.2\">",
             invalid: "a Wrapper whose VASTAdTagURI returns <html>"),
        .wordedRule(ChainRuleID.hopNotXML, "Hop is not well-formed XML",
             "a document of the chain does not parse as XML",
             rationale: "An unparsable response is an XML parsing error (100).",
             fix: "return well-formed XML from the VASTAdTagURI", .error, [parseRef],
             valid: "a Wrapper whose VASTAdTagURI returns well-formed VAST",
             invalid: "a Wrapper whose VASTAdTagURI returns a truncated document"),
        .wordedRule(ChainRuleID.hopUnsupportedVersion, "Hop has an unsupported VAST version",
             "a document of the chain is VAST 1.0 or declares a version conform does not know",
             rationale: "A response in a version the player does not support is error 102.",
             fix: "serve VAST 2.0 to 4.4 from every hop", .error, [parseRef],
             valid: "a Wrapper whose VASTAdTagURI returns <VAST version=\"3.0\">",
             invalid: "a Wrapper whose VASTAdTagURI returns <VideoAdServingTemplate> (VAST 1.0)"),
        .wordedRule(ChainRuleID.httpsDowngrade, "HTTPS chain goes to HTTP",
             "a document fetched over https points at an http VASTAdTagURI",
             rationale: "Secure pages and apps refuse insecure requests; players such as vast-client-js reject the hop.",
             fix: "use https for every VASTAdTagURI", .warning,
             [SpecReference(document: .conform, section: "URLs", quote: "an http URL is blocked as mixed content on https pages and by app cleartext policies; VAST itself does not require https")],
             valid: "an https Wrapper pointing at https://ads.example.com/inline.xml",
             invalid: "an https Wrapper pointing at http://ads.example.com/inline.xml"),
        .wordedRule(ChainRuleID.invalidURI, "VASTAdTagURI is not a URI",
             "the VASTAdTagURI cannot be resolved to a URI",
             rationale: "A URI that cannot be requested is unavailable (301).",
             fix: "write an absolute http(s) URI, percent-encoding spaces and other reserved characters", .error,
             [tagURIRef, errorCodesRef],
             valid: "<VASTAdTagURI>https://ads.example.com/vast?id=1</VASTAdTagURI>",
             invalid: "<VASTAdTagURI>https://ads example com/vast</VASTAdTagURI>"),
        .wordedRule(ChainRuleID.legacyAdTagURL, "Legacy VASTAdTagURL form",
             "the Wrapper uses the VAST 1 form <VASTAdTagURL><URL>",
             rationale: "VAST 2.0 and later name the element VASTAdTagURI; the old form is followed but not every player does.",
             fix: "write <VASTAdTagURI> instead of <VASTAdTagURL><URL>", .info, [tagURIRef],
             valid: "<VASTAdTagURI>https://ads.example.com/vast</VASTAdTagURI>",
             invalid: "<VASTAdTagURL><URL>https://ads.example.com/vast</URL></VASTAdTagURL>"),
        .wordedRule(ChainRuleID.loop, "Wrapper loop",
             "the same URI appears twice in one chain",
             rationale: "A chain that returns to a URI it already fetched never reaches an InLine; a player runs into its wrapper limit (302).",
             fix: "point each VASTAdTagURI at the next document, never back at an earlier one", .error, [wrapperLimitRef],
             valid: "a.xml → b.xml → inline.xml",
             invalid: "a.xml → b.xml → a.xml"),
        .wordedRule(ChainRuleID.mixedVersions, "Mixed VAST versions in a chain",
             "the documents of one chain declare different VAST versions",
             rationale: "Allowed, but the merged ad mixes elements of several versions; players treat each hop by its own version.",
             fix: "serve one VAST version across the chain where you control it", .info,
             [SpecReference(document: .vast43, section: "2.3.5", quote: "Wrapper ... VAST response")],
             valid: "a 4.2 Wrapper pointing at a 4.2 InLine",
             invalid: "a 4.2 Wrapper pointing at a 2.0 InLine"),
        .wordedRule(ChainRuleID.multipleAdsIgnored, "Ads ignored (allowMultipleAds)",
             "a Wrapper without allowMultipleAds=\"true\" received several ads; only the first stand-alone ad is used",
             rationale: "allowMultipleAds defaults to false: only the first stand-alone Ad (without sequence) of the response is allowed.",
             fix: "set allowMultipleAds=\"true\" on the Wrapper to accept a pod, or return a single ad", .warning,
             [wrapperAttributesRef],
             valid: "a Wrapper with allowMultipleAds=\"true\" receiving a pod of three ads",
             invalid: "a Wrapper without allowMultipleAds receiving a pod of three ads"),
        .wordedRule(ChainRuleID.noAd, "No ad after wrappers",
             "a Wrapper's VASTAdTagURI returned a VAST document without any ad",
             rationale: "An empty response after one or more wrappers is error 303; a player fires every wrapper's Error URIs.",
             fix: "make the last hop return an InLine ad (or accept that the wrapper may no-fill)", .error, [noAdRef],
             valid: "a Wrapper whose VASTAdTagURI returns an InLine",
             invalid: "a Wrapper whose VASTAdTagURI returns <VAST version=\"4.2\"/>"),
        .wordedRule(ChainRuleID.oversize, "Hop response too large",
             "a document of the chain is larger than the size limit; the transfer was cut off",
             rationale: "A player gives up on an oversized response like on an unavailable one (301).",
             fix: "serve a smaller document (or raise the limit for a trusted source)", .error, [errorCodesRef],
             valid: "a 5 KB InLine",
             invalid: "a response of 64 MB"),
        .wordedRule(ChainRuleID.privateAddress, "Private address refused",
             "a VASTAdTagURI points at a private, link-local or loopback address while such addresses are refused",
             rationale: "A hosted checker must not be turned into a proxy for internal services (server-side request forgery).",
             fix: "use a public host for the VASTAdTagURI", .error, [securityRef, errorCodesRef],
             valid: "<VASTAdTagURI>https://ads.example.com/vast</VASTAdTagURI>",
             invalid: "<VASTAdTagURI>http://127.0.0.1:8080/admin</VASTAdTagURI> with private addresses refused"),
        .wordedRule(ChainRuleID.protocolRelative, "Protocol-relative VASTAdTagURI",
             "the VASTAdTagURI starts with // and takes its scheme from the referring document",
             rationale: "Players resolve // against the page or the previous hop; the scheme then depends on context.",
             fix: "write the scheme (https://) explicitly", .info, [tagURIRef],
             valid: "<VASTAdTagURI>https://ads.example.com/vast</VASTAdTagURI>",
             invalid: "<VASTAdTagURI>//ads.example.com/vast</VASTAdTagURI>"),
        .wordedRule(ChainRuleID.redirectLimit, "Too many HTTP redirects",
             "fetching a hop took more HTTP redirects than the limit, or redirected in a loop",
             rationale: "A player gives up on a URI that keeps redirecting (301).",
             fix: "point the VASTAdTagURI at the final location", .error, [errorCodesRef],
             valid: "a VASTAdTagURI that redirects once",
             invalid: "a VASTAdTagURI that redirects to itself"),
        .wordedRule(ChainRuleID.schemeRefused, "Scheme refused",
             "a VASTAdTagURI (or a redirect) uses a scheme other than http or https; it is never opened",
             rationale: "file:, data:, ftp: and javascript: URIs in tags read local files or run code; players only request http(s).",
             fix: "use an https URI", .error, [securityRef, errorCodesRef],
             valid: "<VASTAdTagURI>https://ads.example.com/vast</VASTAdTagURI>",
             invalid: "<VASTAdTagURI>file:///etc/passwd</VASTAdTagURI>"),
        .wordedRule(ChainRuleID.timeout, "Wrapper URI timeout",
             "the next document of the chain did not arrive within the per-hop or total time limit",
             rationale: "A VAST URI that times out ends the chain with error 301.",
             fix: "make the ad server answer faster than the player's timeout (IMA: 5 s)", .error, [errorCodesRef],
             valid: "a VASTAdTagURI that answers in 200 ms",
             invalid: "a VASTAdTagURI that answers after 10 s (IMA settings)"),
        .wordedRule(ChainRuleID.trackingOrphaned, "Wrapper tracking without a matching creative",
             "a Wrapper has tracking for a creative type (Linear, NonLinear, Companion) that the InLine does not have",
             rationale: "Wrapper tracking joins the InLine creatives of the same type; with none, those pixels never fire.",
             fix: "put the wrapper tracking under the creative type the InLine serves", .warning, [trackingRef],
             valid: "a Wrapper with Linear tracking wrapping an InLine with a Linear creative",
             invalid: "a Wrapper with NonLinear tracking wrapping an InLine with only a Linear creative"),
        .wordedRule(ChainRuleID.trackingURLInvalid, "Tracking URL invalid after macro expansion",
             "a tracking, impression, click or error URL is not a valid http(s) URL once macros are filled",
             rationale: "A player requests the expanded URL; one that does not parse is never sent.",
             fix: "percent-encode the URL and use only known macros in [NAME] or %%NAME%% form", .warning,
             [macrosRef, SpecReference(document: .rfc3986, section: "3", quote: "URI = scheme \":\" hier-part [ \"?\" query ] [ \"#\" fragment ]")],
             valid: "<Impression>https://t.example.com/imp?cb=[CACHEBUSTING]</Impression>",
             invalid: "<Impression>https://t.example.com/imp?x=[NOT_A_MACRO]</Impression>"),
        .wordedRule(ChainRuleID.wrapperWithoutURI, "Wrapper without VASTAdTagURI",
             "a Wrapper has no VASTAdTagURI to follow",
             rationale: "VASTAdTagURI is required in a Wrapper; without it the ad fails schema validation (101).",
             fix: "add <VASTAdTagURI> with the next document's URI", .error, [tagURIRef, parseRef],
             valid: "<Wrapper>…<VASTAdTagURI>https://ads.example.com/vast</VASTAdTagURI>…</Wrapper>",
             invalid: "<Wrapper><AdSystem>x</AdSystem><Impression>…</Impression></Wrapper>"),
    ]

    /// The description of `id`, or `nil`.
    public static func description(_ id: String) -> RuleDescription? { all.first { $0.id == id } }

    static func make(_ id: String, _ message: String, file: String?, at position: SourcePosition?, path: String?,
                     details: [String: String] = [:]) -> Diagnostic {
        guard let description = description(id) else {
            preconditionFailure("unknown chain rule id \(id)")
        }
        var diagnostic = description.diagnostic(message, at: position, path: path, details: details)
        diagnostic.file = file
        return diagnostic
    }
}
