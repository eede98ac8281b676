import Conformance
import Foundation
import FuzzDriver

// libFuzzer target: the corpus formats people write by hand: expectation JSON and parameter
// tables. Malformed input must become a readable error, never a crash.
// Built only by `scripts/fuzz`; a crash, hang or sanitizer report is a bug.

fuzz(data: { data in
    _ = try? CaseExpectation.decode(data, file: "fuzz.expect.json")
    _ = ParameterTable.parse(String(decoding: data, as: UTF8.self))
})
