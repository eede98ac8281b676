import Foundation

// What every libFuzzer target of the package shares: libFuzzer's driver, entered with the process's
// arguments, and one Swift closure it calls per input. Built only by `scripts/fuzz`.

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The target's body. Set once, before the driver starts; libFuzzer calls inputs one at a time on one thread.
nonisolated(unsafe) private var body: ((UnsafeBufferPointer<UInt8>) -> Void)?

/// Runs libFuzzer over `test` and exits with the driver's status. `test` gets each input's bytes (empty for an
/// empty input); a crash, a hang or a sanitizer report in it is a bug.
public func fuzz(bytes test: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
    body = test
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(runFuzzerDriver(&argc, &argv) { bytes, count in
        body?(UnsafeBufferPointer(start: count > 0 ? bytes : nil, count: bytes == nil ? 0 : count))
        return 0
    })
}

/// ``fuzz(bytes:)`` with each input as `Data`.
public func fuzz(data test: @escaping (Data) -> Void) -> Never {
    fuzz(bytes: { bytes in test(Data(buffer: bytes)) })
}
