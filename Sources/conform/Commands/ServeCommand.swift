import Conformance
import Foundation

/// `conform serve`: the trafficker's workbench, a local web page over the same engine as the other commands.
enum ServeCommand: Subcommand {
    static let name = "serve"
    static let summary = "Open the workbench: a local web page to check tags, chains, pixels and parameters."
    static let valueOptions: Set<String> = ["--host", "--port", "--corpus", "--request-timeout", "--max-body", "--workers"]
    static let flagOptions: Set<String> = ["--open"]
    static let usage = "conform serve [--host <address>] [--port <n>] [--corpus <dir>] [--open]"
    static let defaultMaxBody = 16 * 1024 * 1024
    static let help = """
        OVERVIEW: Start the workbench: a web page, served from this machine, to paste a tag or a tag URL and see its
        findings in the source, follow its wrapper chain, watch which pixels fire when as the creative plays,
        check parameter strings, repair tags, and save a checked tag as a corpus case. The page and its JSON
        API (Docs/Serve.md) run the same checks as the other commands; nothing is sent anywhere else, and
        the page works offline.

        Prints the address to open and serves until Ctrl-C.

        USAGE: \(usage)

        OPTIONS:
          --host <address>        The address to listen on. (default: 127.0.0.1, this machine only)
                                  Any other address makes the workbench reachable from other machines, and
                                  then every fetch refuses private, loopback and link-local addresses.
          --port <n>              The port to listen on. (default: 0, a free port)
          --corpus <dir>          A corpus folder: its tags join the examples menu, and "save as case" writes
                                  new cases into it (nothing else is ever written). (default: none)
          --open                  Open the page in the default browser.
          --request-timeout <seconds>
                                  Time limit of a request: an idle connection is closed after it, a request
                                  waits for a worker at most a quarter of it, and its fetches end within the
                                  rest. (default: 30)
          --max-body <bytes>      Largest request body; a larger one is refused (413). (default: \(defaultMaxBody))
          --workers <n>           Requests checked at once; more wait, up to a quarter of the time limit, then are
                                  refused (503). (default: the number of processors, at least 2)
          -h, --help              Show this help.

        SECURITY:
          Requests must name the server by address in their Host header (a DNS name is refused, against DNS
          rebinding); requests that change something must come from the page itself (a foreign Origin or a
          cross-site request is refused) and send JSON. Fetches are http and https only, within the spec
          player's time and size limits. Only the page and /api/… are served: no file is readable through
          the server but the tags of --corpus.

        EXIT CODES:
          0  stopped with Ctrl-C     2  the server could not start     64 bad usage

        EXAMPLES:
          conform serve
          conform serve --corpus Corpus --open
          conform serve --port 8080
        """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: valueOptions, flagOptions: flagOptions, command: name, usage: usage)
        } catch { return error.report() }
        func usageError(_ message: String) -> Int32 { UsageError(message: message, command: name, usage: usage).report() }
        guard scanner.positionals.isEmpty else { return usageError("serve takes no arguments, only options") }
        func number(_ option: String, _ fallback: Int, in range: ClosedRange<Int>) -> Int? {
            guard let raw = scanner.value(option) else { return fallback }
            guard let value = Int(raw), range.contains(value) else { return nil }
            return value
        }
        let host = scanner.value("--host") ?? "127.0.0.1"
        guard !host.isEmpty else { return usageError("--host takes an address") }
        guard let port = number("--port", 0, in: 0...65535) else { return usageError("--port takes a number from 0 to 65535") }
        guard let timeout = number("--request-timeout", 30, in: 1...3600) else {
            return usageError("--request-timeout takes a number of seconds from 1 to 3600")
        }
        guard let maxBody = number("--max-body", defaultMaxBody, in: 1...(1 << 30)) else {
            return usageError("--max-body takes a positive number of bytes, at most 1 GiB")
        }
        let processors = ProcessInfo.processInfo.activeProcessorCount
        guard let workers = number("--workers", max(2, processors), in: 1...256) else { return usageError("--workers takes a number from 1 to 256") }
        var corpus: URL?
        if let path = scanner.value("--corpus") {
            guard InputReader.isFolder(path) else {
                Terminal.printError("Error: --corpus \(path): not a folder")
                return ExitCode.cannotProceed
            }
            corpus = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL.resolvingSymlinksInPath()
        }
        let settings = WorkbenchServer.Settings(
            host: host, port: port, corpus: corpus, requestTimeout: timeout, maxBody: maxBody, workers: workers,
            maxConnections: max(16, workers * 4), refusePrivateAddresses: !WorkbenchServer.isLoopback(host))
        let stop = DispatchSemaphore(value: 0)
        var sources: [any DispatchSourceSignal] = []
        // Set up first, so a Ctrl-C as soon as the address is printed stops the server cleanly. A parent may have started the server with these signals blocked (the mask is inherited): Ctrl-C and
        // kill must reach it all the same.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            sources.append(source)
        }
        let workbench = WorkbenchServer(settings: settings)
        // A port given is known before the first request can arrive; a free one is learnt when the server starts,
        // before its address is printed.
        workbench.port = port
        let server = HTTPServer { workbench.handle($0) }
        do {
            workbench.port = try server.start(host: host, port: port, limits: .init(maxConnections: settings.maxConnections,
                                                                                   timeoutSeconds: timeout, maxBody: maxBody))
        } catch {
            Terminal.printError("Error: \(error)")
            return ExitCode.cannotProceed
        }
        // A wildcard address is opened through the loopback one.
        let shown = ["0.0.0.0", "::", "[::]"].contains(host) ? "127.0.0.1" : workbench.displayHost
        let address = "http://\(shown):\(workbench.port)/"
        var banner = "conform workbench: \(address)\n"
        if settings.refusePrivateAddresses {
            banner += "listening on \(host): reachable from other machines; fetches of private addresses are refused\n"
        }
        // Written at once, unbuffered: a script that started the server reads the address from the first line.
        FileHandle.standardOutput.write(Data((banner + "Press Ctrl-C to stop.\n").utf8))
        if scanner.flag("--open") { openInBrowser(address) }

        stop.wait()
        server.stop()
        FileHandle.standardOutput.write(Data("stopped\n".utf8))
        _ = sources
        return ExitCode.success
    }

    /// Opens `address` with the desktop's opener, if there is one; the address is printed either way.
    static func openInBrowser(_ address: String) {
        let process = Process()
        #if os(macOS)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
        #else
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdg-open")
        #endif
        process.arguments = [address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { Terminal.printError("note: could not open a browser (\(fileErrorReason(error))); open \(address)") }
    }
}
