import ConformCore
import Foundation
import Testing
@testable import Conformance

/// Chain manifests with simulated responses and fetch limits, and profile requests with options and
/// pinned findings, through the evaluators conform uses.
@Suite struct SimulatedChainCaseTests {
    static let wrapper = """
        <VAST version="4.2"><Ad><Wrapper><AdSystem>w</AdSystem>
        <VASTAdTagURI><![CDATA[https://ads.example.com/next]]></VASTAdTagURI>
        <Impression><![CDATA[https://t.example.com/w]]></Impression></Wrapper></Ad></VAST>
        """
    static let inline = """
        <VAST version="4.2"><Ad><InLine><AdSystem>x</AdSystem>
        <Impression><![CDATA[https://t.example.com/i]]></Impression></InLine></Ad></VAST>
        """

    func runChain(_ map: String, policy: String? = nil, expect: String) throws -> CaseResult {
        let corpus = try TemporaryCorpus()
        try corpus.write("chains/a/root.xml", Self.wrapper)
        try corpus.write("chains/a/inline.xml", Self.inline)
        let policyKey = policy.map { #", "policy": \#($0)"# } ?? ""
        try corpus.write("chains/a/chain.json", #"{"version": 1, "root": "root.xml", "map": \#(map)\#(policyKey), "expect": \#(expect)}"#)
        var options = RunOptions(corpus: corpus.root)
        options.evaluators = .standard
        return try #require(try run(options).1.result("chains/a"))
    }

    @Test func simulatedResponsesGiveTheHTTPFindings() throws {
        let cases: [(map: String, policy: String?, reason: String, rule: String)] = [
            (#"{"https://ads.example.com/next": {"status": 503}}"#, nil, "fetch-failed", "CHAIN-fetch-failed"),
            (#"{"https://ads.example.com/next": {"timeout": true}}"#, nil, "timeout", "CHAIN-timeout"),
            (#"{"https://ads.example.com/next": {"redirect": "https://ads.example.com/next"}}"#, nil, "redirect-limit", "CHAIN-redirect-limit"),
            (#"{"https://ads.example.com/next": {"redirect": "file:///etc/passwd"}}"#, nil, "scheme-refused", "CHAIN-scheme-refused"),
            (#"{"https://ads.example.com/next": {"size": 5000000}}"#, nil, "oversize", "CHAIN-oversize"),
            (#"{"https://ads.example.com/next": "inline.xml"}"#, #"{"maxBytes": 10}"#, "oversize", "CHAIN-oversize"),
            (#"{"https://ads.example.com/next": {"body": "<html/>"}}"#, nil, "not-vast", "CHAIN-hop-not-vast"),
            (#"{"https://ads.example.com/next": {"body": "<VAST"}}"#, nil, "not-xml", "CHAIN-hop-not-xml"),
            (#"{"https://ads.example.com/next": {"redirect": "http://192.168.0.9/v"}, "http://192.168.0.9/v": "inline.xml"}"#,
             #"{"refusePrivateAddresses": true}"#, "private-address-refused", "CHAIN-private-address-refused"),
            (#"{"https://ads.example.com/next": {"redirect": "/v", "redirects": 2}, "https://ads.example.com/v": "inline.xml"}"#,
             #"{"redirects": 1}"#, "redirect-limit", "CHAIN-redirect-limit"),
        ]
        for item in cases {
            let expect = #"{"version": 1, "verdict": "unresolved", "chain": {"stopReason": "\#(item.reason)", "errorCode": 301, "hops": 2}, "diagnostics": {"present": ["\#(item.rule)"]}}"#
                .replacingOccurrences(of: #""errorCode": 301, "#, with: item.reason.hasPrefix("not-") ? "" : #""errorCode": 301, "#)
            let result = try runChain(item.map, policy: item.policy, expect: expect)
            #expect(result.status == .passed, "\(item.map): \(result.errorMessage ?? "") \(result.unmet.map { "\($0.expected) / \($0.actual)" })")
        }
        // The same redirects within the limits resolve.
        let fine = try runChain(#"{"https://ads.example.com/next": {"redirect": "/v", "redirects": 2}, "https://ads.example.com/v": "inline.xml"}"#,
                                expect: #"{"version": 1, "verdict": "resolved", "chain": {"stopReason": "inline", "hops": 2}, "tracking": {"impression": ["https://t.example.com/w", "https://t.example.com/i"]}}"#)
        #expect(fine.status == .passed, "\(fine.unmet)")
    }

    @Test func manifestEntriesAndPolicyAreStrict() throws {
        let bad: [(map: String, policy: String?, message: String)] = [
            (#"{"https://ads.example.com/next": {"statuss": 404}}"#, nil, "unknown key 'statuss'"),
            (#"{"https://ads.example.com/next": {"status": 404, "timeout": true}}"#, nil, "exactly one of"),
            (#"{"https://ads.example.com/next": 3}"#, nil, "map"),
            (#"{}"#, #"{"maxbytes": 3}"#, "unknown key 'maxbytes' in policy"),
            (#"{}"#, #"{"perHopTimeout": 0}"#, "perHopTimeout must be more than 0"),
            // Once accepted, and a timed-out hop's message then crashed the case on an integer conversion.
            (#"{"https://ads.example.com/next": {"timeout": true}}"#, #"{"perHopTimeout": 1e300}"#,
             "perHopTimeout must be more than 0 and at most 86400 seconds"),
        ]
        for item in bad {
            let result = try runChain(item.map, policy: item.policy, expect: #"{"version": 1}"#)
            #expect(result.status == .error)
            #expect(result.errorMessage?.contains(item.message) == true, "\(result.errorMessage ?? "no message")")
        }
    }
}

@Suite struct ProfileCaseTests {
    static let pauseTag = """
        <VAST version="4.2"><Ad id="a"><InLine><AdSystem>x</AdSystem><AdTitle>t</AdTitle>
        <Impression><![CDATA[https://t.example.com/i]]></Impression>
        <Creatives><Creative><Linear><Duration>00:00:10</Duration><MediaFiles>
        <MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.example.com/a.mp4]]></MediaFile>
        </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
        """
    static let vmap = """
        <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
        <vmap:AdBreak timeOffset="00:05:00" breakType="linear" breakId="mid"><vmap:AdSource id="s"><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example.com/mid]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
        <vmap:AdBreak timeOffset="00:12:00" breakType="linear" breakId="late"><vmap:AdSource id="s2"><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example.com/late]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
        </vmap:VMAP>
        """

    func runDocument(_ document: String, _ expectation: String) throws -> CaseResult {
        let corpus = try TemporaryCorpus()
        try corpus.write("p/a.xml", document)
        try corpus.write("p/a.expect.json", expectation)
        var options = RunOptions(corpus: corpus.root)
        options.evaluators = .standard
        return try #require(try run(options).1.result("p/a.xml"))
    }

    @Test func profileFindingsCanBePinned() throws {
        let fires = try runDocument(Self.pauseTag, #"{"version": 1, "profiles": {"pause": {}}, "diagnostics": {"present": [{"rule": "PROFILE-pause-nonlinear-required", "line": 1, "column": 32}], "absent": ["PROFILE-pause-no-ad"]}}"#)
        #expect(fires.status == .passed, "\(fires.unmet)")
        #expect(fires.diagnostics.contains { $0.ruleID == "PROFILE-pause-nonlinear-required" && $0.file == "p/a.xml" })
        #expect(fires.profiles?["pause"]?.hasPrefix("not eligible") == true)
        // Without the profile request, no profile finding is made.
        let notAsked = try runDocument(Self.pauseTag, #"{"version": 1, "diagnostics": {"present": ["PROFILE-pause-nonlinear-required"]}}"#)
        #expect(notAsked.status == .failed)
        let wrong = try runDocument(Self.pauseTag, #"{"version": 1, "profiles": {"pause": {}}, "diagnostics": {"absent": ["PROFILE-pause-nonlinear-required"]}}"#)
        #expect(wrong.unmet.map(\.expected) == ["no PROFILE-pause-nonlinear-required diagnostic"])
    }

    @Test func optionsReachTheProfile() throws {
        let pinned = #"{"version": 1, "verdict": "valid", "profiles": {"schedule": {"options": ["duration=600"]}}, "diagnostics": {"present": ["PROFILE-schedule-break-past-end"]}}"#
        let withDuration = try runDocument(Self.vmap, pinned)
        #expect(withDuration.status == .passed, "\(withDuration.unmet) \(withDuration.errorMessage ?? "")")
        let withoutDuration = try runDocument(Self.vmap, #"{"version": 1, "profiles": {"schedule": {}}, "diagnostics": {"absent": ["PROFILE-schedule-break-past-end"]}}"#)
        #expect(withoutDuration.status == .passed, "\(withoutDuration.unmet)")
        // A verdict and options together; a string still pins only the verdict.
        let both = try runDocument(Self.pauseTag, #"{"version": 1, "profiles": {"pause": {"verdict": "eligible"}, "ssai": "1 ad break(s), 1 linear ad(s)"}}"#)
        #expect(both.unmet.map(\.expected) == ["pause: eligible"])
    }

    @Test func badProfileRequestsAreErrors() throws {
        let unknown = try runDocument(Self.pauseTag, #"{"version": 1, "profiles": {"pauseAd": {}}}"#)
        #expect(unknown.status == .error)
        #expect(unknown.errorMessage?.contains("unknown profile 'pauseAd'") == true, "\(unknown.errorMessage ?? "")")
        let option = try runDocument(Self.pauseTag, #"{"version": 1, "profiles": {"companion": {"options": ["slot=big"]}}}"#)
        #expect(option.status == .error)
        #expect(option.errorMessage?.contains("slot") == true)
        let key = try runDocument(Self.pauseTag, #"{"version": 1, "profiles": {"pause": {"option": []}}}"#)
        #expect(key.errorMessage?.contains("unknown key 'option' in profiles entry") == true, "\(key.errorMessage ?? "")")
    }

    @Test func profileRequestsRoundTrip() throws {
        let requests: [String: ProfileRequest] = ["pause": "eligible", "schedule": ProfileRequest(options: ["duration=600"]),
                                                  "ssai": ProfileRequest(verdict: "x", options: ["break-offset=5"])]
        let data = try JSONEncoder().encode(requests)
        #expect(try JSONDecoder().decode([String: ProfileRequest].self, from: data) == requests)
        #expect(String(decoding: try JSONEncoder().encode(ProfileRequest("eligible")), as: UTF8.self) == "\"eligible\"")
    }
}
