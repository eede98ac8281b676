import Conformance
import Foundation

// libFuzzer target: the corpus formats people write by hand: expectation JSON and parameter
// tables. Malformed input must become a readable error, never a crash.
// Built only by `scripts/fuzz`; a crash, hang or sanitizer report is a bug.

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { bytes, count in
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    _ = try? CaseExpectation.decode(data, file: "fuzz.expect.json")
    _ = ParameterTable.parse(String(decoding: data, as: UTF8.self))
    return 0
}

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv, testOneInput))
