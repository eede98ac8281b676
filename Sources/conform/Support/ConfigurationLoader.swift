import Conformance
import Foundation
import Validation

/// Finds and reads `.conform.json` for the command line: `--config FILE`, `--no-config`, or the
/// nearest file from the working directory upward.
enum ConfigurationLoader {
    static func load(explicit: String?, disabled: Bool) throws(ConfigurationError) -> Configuration {
        if disabled { return .default }
        var url: URL?
        if let explicit {
            url = URL(fileURLWithPath: explicit)
        } else {
            var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            while true {
                let candidate = directory.appendingPathComponent(Configuration.fileName)
                if FileManager.default.fileExists(atPath: candidate.path) { url = candidate; break }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        guard let url else { return .default }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: fileErrorReason(error))
        }
        let (configuration, warnings) = try Configuration.parse(data, knownRuleIDs: Set(RuleCatalog.all.map(\.id)))
        for warning in warnings { Terminal.printError("warning: \(url.lastPathComponent): \(warning)") }
        return configuration
    }
}
