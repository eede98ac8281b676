import Chain
import ConformCore
import Conformance
import Dispatch
import Foundation
import LanguageServer
import Validation

/// `conform lsp`: the Language Server Protocol server over standard input and output. The protocol and the
/// checks are the LanguageServer library's; this command reads and writes the streams, finds each
/// document's `.conform.json` and logs to standard error.
enum LSPCommand: Subcommand {
    static let name = "lsp"
    static let summary = "Run the Language Server Protocol server (for editors) on stdin and stdout."
    static let valueOptions: Set<String> = ["--debounce", "--max-document-size"]
    static let flagOptions: Set<String> = ["--stdio", "--log-timing"]
    static let usage = "conform lsp [--stdio] [--debounce <ms>] [--max-document-size <bytes>] [--log-timing]"
    static let help = """
        OVERVIEW: Serve conform's checks to an editor through the Language Server Protocol 3.17.

        The server speaks JSON-RPC over standard input and output and logs to standard error. It checks
        VAST and VMAP documents (.xml, .vast, .vmap, or any file whose root is VAST or VMAP), parameter
        tables (*.tsv under a params folder) and parameter lists (*.params), expectation sidecars
        (*.expect.json) and .conform.json, with the configuration found upward from each document.
        It offers diagnostics (pushed, or pulled by clients that ask), hover, completion, and code actions:
        the repairs `conform fix` makes, a suppression directive, and the rule's explanation.
        README's "Editors" section shows the set-up for Neovim, Helix, Zed and VS Code.

        USAGE: \(usage)

        OPTIONS:
          --stdio                 Use standard input and output (the default and only transport; accepted
                                  because editors pass it).
          --debounce <ms>         Check a changed document after edits pause this long. (default: 150)
          --max-document-size <bytes>
                                  Documents larger than this are not checked in the editor. (default: 8388608)
          --log-timing            Log how long each check of a document took (to standard error).
          -h, --help              Show this help.

        EXIT CODES:
          0  the client asked the server to shut down, then to exit
          1  the input ended, or the client asked it to exit without shutting it down
          64 bad usage

        EXAMPLES:
          conform lsp
          conform lsp --debounce 300
        """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: valueOptions, flagOptions: flagOptions, command: name, usage: usage)
        } catch { return error.report() }
        guard scanner.positionals.isEmpty else {
            return UsageError(message: "lsp takes no arguments", command: name, usage: usage).report()
        }
        guard let debounce = Int(scanner.value("--debounce") ?? "150"), debounce >= 0 else {
            return UsageError(message: "--debounce takes a whole number of milliseconds", command: name, usage: usage).report()
        }
        guard let maxSize = Int(scanner.value("--max-document-size") ?? "8388608"), maxSize > 0 else {
            return UsageError(message: "--max-document-size takes a positive number of bytes", command: name, usage: usage).report()
        }

        let output = FileHandle.standardOutput
        let outputLock = NSLock()
        let configurations = ConfigurationFinder()
        let environment = LanguageServer.Environment(
            send: { message in
                let framed = MessageFramer.frame(message.serialized())
                outputLock.withLock { output.write(framed) }
            },
            log: { Terminal.printError($0) },
            configuration: { configurations.configuration(forDocument: $0) },
            rules: RuleCatalog.all,
            rulesDocumentation: rulesDocumentation,
            debounce: .milliseconds(debounce),
            maxDocumentBytes: maxSize,
            exit: { code in
                outputLock.withLock {}
                exit(code)
            })
        var configured = environment
        configured.logTiming = scanner.flag("--log-timing")
        // `conform.follow` fetches as `conform check --follow` does, within the spec player's limits.
        configured.follow = { TagCheck.Follow(settings: .spec, fetcher: HTTPFetcher(settings: .spec), documentName: { $0 ?? "(standard input)" }) }
        let server = LanguageServer(environment: configured)
        var framer = MessageFramer(maxBodyBytes: maxSize * 2 + 1024 * 1024)
        while true {
            let data = FileHandle.standardInput.availableData
            if data.isEmpty { break }
            for frame in framer.append(data) {
                switch frame {
                case .message(let body): server.receive(body)
                case .malformed(let reason): Terminal.printError("conform lsp: skipped \(reason)")
                }
            }
        }
        // The client went away without `exit`.
        server.drain()
        return ExitCode.findings
    }

    /// The rule reference beside the sources this binary was built from, when it is there.
    static let rulesDocumentation: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let rules = root.appendingPathComponent("Docs/Rules.md")
        return FileManager.default.fileExists(atPath: rules.path) ? rules.absoluteString : nil
    }()
}

/// Finds each document's `.conform.json` (the nearest one upward from its folder) and reads it again when
/// it changes on disk.
final class ConfigurationFinder: @unchecked Sendable {
    private let lock = NSLock()
    private var cache: [String: (modified: Date, result: (Configuration, String?, String?))] = [:]

    func configuration(forDocument path: String) -> (configuration: Configuration, file: String?, problem: String?) {
        guard path.hasPrefix("/") else { return (.default, nil, nil) }
        var directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        while true {
            let candidate = directory.appendingPathComponent(Configuration.fileName)
            if let attributes = try? FileManager.default.attributesOfItem(atPath: candidate.path),
               let modified = attributes[.modificationDate] as? Date {
                return read(candidate.path, modified: modified)
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return (.default, nil, nil) }
            directory = parent
        }
    }

    private func read(_ file: String, modified: Date) -> (Configuration, String?, String?) {
        if let cached = lock.withLock({ cache[file] }), cached.modified == modified { return cached.result }
        let result: (Configuration, String?, String?)
        if let data = FileManager.default.contents(atPath: file) {
            do {
                var (configuration, _) = try Configuration.parse(data, knownRuleIDs: Set(RuleCatalog.all.map(\.id)), aliases: RuleCatalog.aliases)
                configuration.baseDirectory = (file as NSString).deletingLastPathComponent
                result = (configuration, file, nil)
            } catch {
                result = (.default, file, error.description)
            }
        } else {
            result = (.default, file, "it cannot be read")
        }
        lock.withLock { cache[file] = (modified, result) }
        return result
    }
}
