import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A local HTTP server from `scripts/` (a Python script that prints its port on its first line), run for a
/// test and killed with it: the test HTTP server, the chain server.
public final class ScriptServer: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The package's `scripts/` folder.
    public static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts")

    public let process = Process()
    public let port: Int

    /// Starts `python3 scripts/<script> <arguments>` and waits for the port it prints.
    public init(_ script: String, _ arguments: [String]) throws {
        guard let python = SystemProgram.find("python3") else { throw Failure(description: "python3 is not installed") }
        process.executableURL = python
        process.arguments = [Self.scripts.appendingPathComponent(script).path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw Failure(description: "scripts/\(script) printed no port")
        }
        self.port = port
    }

    /// Kills the server with SIGKILL (which no signal mask the test process hands down can block).
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}
