import Foundation
import VAST
import Validation
import XMLCore

// libFuzzer target: any bytes through parse, decode and every rule, strict and recovering.
// Built only by `scripts/fuzz` (with -sanitize=fuzzer,address); a crash or sanitizer report is a bug.

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { bytes, count in
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    for recover in [false, true] {
        let input = VASTDecoder.decode(data, options: XMLParseOptions(recover: recover, maxBytes: 1 << 20))
        _ = Validator.validate(input)
    }
    return 0
}

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv, testOneInput))
