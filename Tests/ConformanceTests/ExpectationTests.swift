import ConformCore
import Foundation
import Testing
@testable import Conformance

@Suite struct ExpectationTests {
    func decode(_ json: String) throws(ConformanceError) -> CaseExpectation {
        try CaseExpectation.decode(Data(json.utf8), file: "case.expect.json")
    }

    @Test func decodesEveryField() throws {
        let expectation = try decode("""
            {"version": 1, "verdict": "invalid", "tags": ["a"], "description": "d",
             "diagnostics": {"present": ["R1", {"rule": "R2", "line": 3, "column": 5, "severity": "error"}],
                             "absent": ["R3"], "exhaustive": true},
             "tracking": {"impression": ["https://t.example.com/i"]},
             "chain": {"stopReason": "inline", "errorCode": 302, "hops": 2, "uris": ["u"]},
             "parameters": {"format": "carousel", "fields": {"cta": "Shop"}},
             "profiles": {"pauseAd": "eligible"}, "limits": {"maxMilliseconds": 100}}
            """)
        #expect(expectation.verdict == "invalid")
        #expect(expectation.diagnostics?.present == [ExpectedDiagnostic(rule: "R1"),
                                                     ExpectedDiagnostic(rule: "R2", line: 3, column: 5, severity: .error)])
        #expect(expectation.diagnostics?.absent == ["R3"])
        #expect(expectation.diagnostics?.exhaustive == true)
        #expect(expectation.tracking?["impression"] == ["https://t.example.com/i"])
        #expect(expectation.chain == ChainExpectation(stopReason: "inline", errorCode: 302, hops: 2, uris: ["u"]))
        #expect(expectation.parameters?.format == "carousel")
        #expect(expectation.parameters?.fields == ["cta": "Shop"])
        #expect(expectation.profiles == ["pauseAd": "eligible"])
        #expect(expectation.limits?.maxMilliseconds == 100)
    }

    @Test(arguments: [
        (#"{"version": 1, "verdcit": "valid"}"#, "unknown key 'verdcit'"),
        (#"{"version": 1, "diagnostics": {"presnt": []}}"#, "unknown key 'presnt' in diagnostics"),
        (#"{"version": 1, "diagnostics": {"present": [{"rule": "R", "lien": 3}]}}"#, "unknown key 'lien'"),
        (#"{"version": 2}"#, "version 2 is not supported"),
        (#"{"verdict": "valid"}"#, "missing key 'version'"),
        (#"{"version": 1, "verdict": "fine"}"#, "unknown verdict 'fine'"),
        (#"{"version": 1, "diagnostics": {"present": [{"rule": "R", "column": 3}]}}"#, "column needs line"),
        (#"{"version": 1, "#, "not valid JSON"),
        (#"{"version": "1"}"#, "wrong type"),
        // Once accepted; the unmet limit's message then crashed the case on an integer conversion.
        (#"{"version": 1, "limits": {"maxMilliseconds": -1e300}}"#, "maxMilliseconds must not be negative"),
    ])
    func rejectsMalformedExpectations(json: String, message: String) {
        #expect {
            _ = try decode(json)
        } throws: { error in
            guard case ConformanceError.malformedExpectation(let file, let reason) = error else { return false }
            return file == "case.expect.json" && reason.contains(message)
        }
    }

    @Test func expectedDiagnosticMatchesOnPinnedFieldsOnly() {
        let diagnostic = Diagnostic(ruleID: "R", severity: .warning, message: "m", position: SourcePosition(line: 3, column: 5))
        #expect(ExpectedDiagnostic(rule: "R").matches(diagnostic))
        #expect(ExpectedDiagnostic(rule: "R", line: 3).matches(diagnostic))
        #expect(ExpectedDiagnostic(rule: "R", line: 3, column: 5, severity: .warning).matches(diagnostic))
        #expect(!ExpectedDiagnostic(rule: "R", line: 4).matches(diagnostic))
        #expect(!ExpectedDiagnostic(rule: "R", line: 3, column: 6).matches(diagnostic))
        #expect(!ExpectedDiagnostic(rule: "R", severity: .error).matches(diagnostic))
        #expect(!ExpectedDiagnostic(rule: "Q").matches(diagnostic))
    }
}
