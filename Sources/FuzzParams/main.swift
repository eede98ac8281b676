import Foundation
import Trafficking

// libFuzzer target: any bytes, read as UTF-8 (lossy), through the trafficking-parameter analyzer.
// Built only by `scripts/fuzz`; a crash, hang or sanitizer report is a bug.

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { bytes, count in
    guard let bytes else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let analysis = TraffickingAnalyzer.analyze(text)
    _ = TraffickingAnalyzer.looksLikeParameterString(text)
    // Every diagnostic must point inside the string.
    let length = text.count
    for diagnostic in analysis.diagnostics {
        if let offset = diagnostic.offset, offset < 0 || offset > length { fatalError("offset \(offset) outside 0...\(length)") }
    }
    return 0
}

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv, testOneInput))
