import Foundation

/// The built `conform` executable, for tests that run it as users and CI do: a process with
/// arguments, standard input, an environment and a working directory.
public enum ConformBinary {
    /// The executable next to the test bundle (SwiftPM puts products and tests in one folder), or in
    /// the package's `.build/debug` / `.build/release`; `nil` when it cannot be found.
    public static let url: URL? = {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("conform"))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("conform"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("conform"))
        if let argument = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: argument).deletingLastPathComponent().appendingPathComponent("conform"))
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/conform"))
        candidates.append(root.appendingPathComponent(".build/release/conform"))
        return candidates.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: url.path)
        }
    }()

    /// What a run printed and how it exited.
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    public struct NotFound: Error, CustomStringConvertible {
        public init() {}
        public var description: String { "the conform binary was not found next to the tests" }
    }

    /// Runs `conform` with `arguments`. `NO_COLOR` is set unless `environment` says otherwise.
    public static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
                           directory: URL? = nil) throws -> Output {
        guard let url else { throw NotFound() }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so a large stderr cannot block the child while stdout is read.
        nonisolated(unsafe) var stderrData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            stderrData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }

    /// A new empty folder under the temporary directory.
    public static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("conform-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A new temporary folder holding `files` (relative paths, folders made as needed).
    public static func temporaryDirectory(files: [String: String]) throws -> URL {
        let directory = try temporaryDirectory()
        for (path, content) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.write(to: url, atomically: false, encoding: .utf8)
        }
        return directory
    }

    /// Writes `contents` as `name` in a new temporary folder and returns the file's URL.
    public static func temporaryFile(_ contents: String, name: String = "tag.xml") throws -> URL {
        let url = try temporaryDirectory().appendingPathComponent(name)
        try contents.write(to: url, atomically: false, encoding: .utf8)
        return url
    }
}
