import Chain
import ConformCore
import Conformance
import Dispatch
import Foundation
import Trafficking
import VAST
import Validation

/// conform as a Language Server Protocol 3.17 server: diagnostics, hover, completion and code actions for
/// VAST and VMAP tags, parameter strings and tables, expectation sidecars and `.conform.json`.
///
/// The server owns no I/O: messages come in through ``receive(_:)`` (one body each, as ``MessageFramer``
/// frames them) and go out through the environment's `send`; the configuration of a document comes from the
/// environment too. Requests are handled one at a time in arrival order on one queue; a `$/cancelRequest`
/// takes effect at once, so a request still waiting behind a long one answers `RequestCancelled`.
public final class LanguageServer: @unchecked Sendable {
    /// What the server needs from its host.
    public struct Environment: Sendable {
        /// Writes one message (a response or a notification) to the client.
        public var send: @Sendable (JSON) -> Void
        /// A line for the log (standard error).
        public var log: @Sendable (String) -> Void
        /// The configuration of the document at a path, and the `.conform.json` it came from (found upward
        /// from the document; re-read when it changes).
        public var configuration: @Sendable (String) -> (configuration: Configuration, file: String?, problem: String?)
        /// Every rule the server can explain (validation and profile rules).
        public var rules: [RuleDescription]
        /// The `Docs/Rules.md` a diagnostic's code links to (its rule's section as the fragment), when known.
        public var rulesDocumentation: String?
        /// How long edits must pause before a changed document is checked again.
        public var debounce: DispatchTimeInterval
        /// Documents larger than this (in UTF-8 bytes) are not checked; one diagnostic says so.
        public var maxDocumentBytes: Int
        /// Called by `exit` with the process's exit code.
        public var exit: @Sendable (Int32) -> Void
        /// Log how long each document's check took.
        public var logTiming = false
        /// How `conform.follow` resolves a tag's Wrapper chain (the fetcher and the player's limits); `nil`
        /// when the host offers no fetching.
        public var follow: (@Sendable () -> TagCheck.Follow)?

        public init(send: @escaping @Sendable (JSON) -> Void, log: @escaping @Sendable (String) -> Void,
                    configuration: @escaping @Sendable (String) -> (configuration: Configuration, file: String?, problem: String?),
                    rules: [RuleDescription], rulesDocumentation: String?, debounce: DispatchTimeInterval = .milliseconds(150),
                    maxDocumentBytes: Int = 8 * 1024 * 1024, exit: @escaping @Sendable (Int32) -> Void) {
            self.send = send
            self.log = log
            self.configuration = configuration
            self.rules = rules
            self.rulesDocumentation = rulesDocumentation
            self.debounce = debounce
            self.maxDocumentBytes = maxDocumentBytes
            self.exit = exit
        }
    }

    /// JSON-RPC and LSP error codes.
    enum ErrorCode: Int {
        case parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
        case internalError = -32603, serverNotInitialized = -32002, requestCancelled = -32800
    }

    private let environment: Environment
    private let queue = DispatchQueue(label: "conform.lsp")
    private let rulesByID: [String: RuleDescription]
    private let knownRuleIDs: Set<String>
    private let ruleAliases: [String: String]

    // State, touched only on `queue`.
    private var initialized = false
    private var shuttingDown = false
    private var encoding = PositionEncoding.utf16
    /// The client pulls diagnostics (`textDocument/diagnostic`) instead of being sent them.
    private var pullDiagnostics = false
    private var documents: [String: TextDocument] = [:]
    private var findings: [String: [PlacedFinding]] = [:]
    private var generation: [String: Int] = [:]
    /// Rule settings from `workspace/didChangeConfiguration`, applied over each document's `.conform.json`.
    private var settingsRules: [String: RuleSetting] = [:]
    /// The client shows progress the server starts (`window.workDoneProgress`).
    private var clientProgress = false
    private var progressTokens = 0
    /// The findings of a followed Wrapper chain, by document, until the document changes.
    private var chainFindings: [String: [PlacedFinding]] = [:]

    // Cancelled request ids, touched under `lock` (the reader records them while the queue is busy).
    private let lock = NSLock()
    private var cancelled: Set<JSON> = []

    public init(environment: Environment) {
        self.environment = environment
        rulesByID = Dictionary(environment.rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        knownRuleIDs = Set(environment.rules.map(\.id))
        ruleAliases = Dictionary(environment.rules.flatMap { rule in rule.deprecatedAliases.map { ($0, rule.id) } },
                                 uniquingKeysWith: { first, _ in first })
    }

    // MARK: Messages in

    /// Takes one message body from the client.
    public func receive(_ body: Data) {
        guard let message = JSON.parse(body), message.object != nil else {
            environment.log("conform lsp: a message that is not a JSON object (\(body.count) bytes)")
            respondError(id: .null, .parseError, "the message is not a JSON object")
            return
        }
        if message["method"].string == "$/cancelRequest" {
            lock.withLock { _ = cancelled.insert(message["params"]["id"]) }
            return
        }
        queue.async { self.handle(message) }
    }

    /// Waits until every message received so far has been handled.
    public func drain() { queue.sync {} }

    private func handle(_ message: JSON) {
        let id = message["id"]
        let method = message["method"].string
        guard let method else {
            // A response to a request of the server's (none needs an answer read), or garbage.
            if id.isNull { respondError(id: .null, .invalidRequest, "a message without a method") }
            return
        }
        let isRequest = message.object?["id"] != nil
        if isRequest, lock.withLock({ cancelled.remove(id) != nil }) {
            respondError(id: id, .requestCancelled, "cancelled")
            return
        }
        if !initialized, method != "initialize", method != "exit" {
            if isRequest { respondError(id: id, .serverNotInitialized, "the server has not been initialized") }
            return
        }
        if shuttingDown, method != "exit" {
            if isRequest { respondError(id: id, .invalidRequest, "the server is shutting down") }
            return
        }
        let params = message["params"]
        switch method {
        case "initialize": respond(id: id, initialize(params))
        case "initialized": break
        case "shutdown":
            shuttingDown = true
            respond(id: id, .null)
        case "exit": environment.exit(shuttingDown ? 0 : 1)
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didSave": didSave(params)
        case "textDocument/didClose": didClose(params)
        case "textDocument/diagnostic": pull(id: id, params)
        case "textDocument/hover": respond(id: id, hover(params))
        case "textDocument/completion": respond(id: id, completion(params))
        case "textDocument/codeAction": respond(id: id, codeActions(params))
        case "workspace/didChangeConfiguration": didChangeConfiguration(params)
        case "workspace/didChangeWatchedFiles": recheckAll()
        case "workspace/executeCommand" where params["command"].string == "conform.follow": follow(id: id, params)
        case "workspace/executeCommand": respond(id: id, executeCommand(params))
        default:
            if isRequest { respondError(id: id, .methodNotFound, "conform does not handle \(method)") }
        }
    }

    // MARK: Messages out

    private func respond(id: JSON, _ result: JSON) {
        environment.send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    private func respondError(id: JSON, _ code: ErrorCode, _ message: String) {
        environment.send(["jsonrpc": "2.0", "id": id, "error": ["code": .int(code.rawValue), "message": .string(message)]])
    }

    private func notify(_ method: String, _ params: JSON) {
        environment.send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    // MARK: Lifecycle

    private func initialize(_ params: JSON) -> JSON {
        initialized = true
        let offered = params["capabilities"]["general"]["positionEncodings"].array?.compactMap(\.string) ?? []
        encoding = [PositionEncoding.utf16, .utf8, .utf32].first { offered.contains($0.rawValue) } ?? .utf16
        if offered.isEmpty { encoding = .utf16 }
        pullDiagnostics = !params["capabilities"]["textDocument"]["diagnostic"].isNull
        clientProgress = params["capabilities"]["window"]["workDoneProgress"].bool == true
        if let rules = params["initializationOptions"]["rules"].object { settingsRules = Self.ruleSettings(rules) }
        var capabilities: [String: JSON] = [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "hoverProvider": true,
            "completionProvider": ["triggerCharacters": ["<", " ", "\"", "[", ",", "="], "resolveProvider": false],
            "codeActionProvider": ["codeActionKinds": ["quickfix", "source.fixAll"]],
            "executeCommandProvider": ["commands": environment.follow == nil ? ["conform.explain"] : ["conform.explain", "conform.follow"]],
        ]
        if pullDiagnostics {
            capabilities["diagnosticProvider"] = ["identifier": "conform", "interFileDependencies": false, "workspaceDiagnostics": false]
        }
        return ["capabilities": .object(capabilities), "serverInfo": ["name": "conform"]]
    }

    // MARK: Documents

    private func path(of uri: String) -> String {
        guard let url = URL(string: uri), url.isFileURL else { return uri }
        return url.path
    }

    private func didOpen(_ params: JSON) {
        let item = params["textDocument"]
        guard let uri = item["uri"].string, let text = item["text"].string else { return }
        documents[uri] = TextDocument(uri: uri, version: item["version"].int ?? 0, text: text)
        if (uri as NSString).lastPathComponent == Configuration.fileName { recheckAll() }
        publish(uri)
    }

    private func didChange(_ params: JSON) {
        guard let uri = params["textDocument"]["uri"].string, var document = documents[uri] else { return }
        for change in params["contentChanges"].array ?? [] {
            guard let text = change["text"].string else { continue }
            let range = change["range"].isNull ? nil : LSPRange(change["range"])
            if !change["range"].isNull, range == nil { environment.log("conform lsp: a change with a bad range in \(uri) ignored"); continue }
            document.apply(range: range, text: text, encoding: encoding)
        }
        if let version = params["textDocument"]["version"].int { document.setVersion(version) }
        documents[uri] = document
        findings[uri] = nil
        chainFindings[uri] = nil
        let current = (generation[uri] ?? 0) + 1
        generation[uri] = current
        queue.asyncAfter(deadline: .now() + environment.debounce) { [weak self] in
            guard let self, self.generation[uri] == current, self.documents[uri] != nil else { return }
            self.publish(uri)
        }
    }

    private func didSave(_ params: JSON) {
        guard let uri = params["textDocument"]["uri"].string, documents[uri] != nil else { return }
        if (uri as NSString).lastPathComponent == Configuration.fileName { recheckAll() } else { publish(uri) }
    }

    private func didClose(_ params: JSON) {
        guard let uri = params["textDocument"]["uri"].string else { return }
        documents[uri] = nil
        findings[uri] = nil
        chainFindings[uri] = nil
        generation[uri] = nil
        if !pullDiagnostics { notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []]) }
    }

    private func didChangeConfiguration(_ params: JSON) {
        let settings = params["settings"]["conform"].isNull ? params["settings"] : params["settings"]["conform"]
        settingsRules = Self.ruleSettings(settings["rules"].object ?? [:])
        recheckAll()
    }

    private static func ruleSettings(_ object: [String: JSON]) -> [String: RuleSetting] {
        object.compactMapValues { $0.string.flatMap(RuleSetting.init(rawValue:)) }
    }

    /// Checks every open document again (the configuration changed).
    private func recheckAll() {
        findings = [:]
        for uri in documents.keys.sorted() { publish(uri) }
    }

    // MARK: Diagnostics

    /// The document's findings, checked now unless they are current.
    private func currentFindings(_ uri: String) -> [PlacedFinding] {
        if let cached = findings[uri] { return cached + (chainFindings[uri] ?? []) }
        guard let document = documents[uri] else { return [] }
        let path = path(of: uri)
        let kind = DocumentKind.of(path: path, text: document.text)
        var placed: [PlacedFinding]
        if kind != .ignored, document.text.utf8.count > environment.maxDocumentBytes {
            let diagnostic = Diagnostic(ruleID: "LSP-document-too-large", severity: .warning,
                                        message: "the document is larger than \(environment.maxDocumentBytes) bytes; conform does not check it in the editor (run conform check on it)")
            placed = [PlacedFinding(diagnostic: diagnostic, start: 0, end: 0, related: [])]
        } else {
            let started = DispatchTime.now().uptimeNanoseconds
            defer {
                if environment.logTiming {
                    let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
                    environment.log("conform lsp: checked \(uri) (version \(document.version)) in \(String(format: "%.3f", milliseconds)) ms")
                }
            }
            let (configuration, file, problem) = environment.configuration(path)
            var settings = configuration
            for (id, setting) in settingsRules { settings.rules[id] = setting }
            placed = DocumentAnalysis.findings(for: document, kind: kind, path: path, configuration: settings,
                                               knownRuleIDs: knownRuleIDs, ruleAliases: ruleAliases)
            if let problem, kind != .ignored {
                let diagnostic = Diagnostic(ruleID: "CONFIG-unusable", severity: .warning,
                                            message: "\(file ?? Configuration.fileName) could not be used, so the defaults apply: \(problem)")
                placed.insert(PlacedFinding(diagnostic: diagnostic, start: 0, end: 0, related: []), at: 0)
            }
        }
        findings[uri] = placed
        return placed + (chainFindings[uri] ?? [])
    }

    private func lspDiagnostics(_ uri: String) -> JSON {
        guard let document = documents[uri] else { return [] }
        return .array(currentFindings(uri).map { lspDiagnostic($0, in: document) })
    }

    private func lspDiagnostic(_ finding: PlacedFinding, in document: TextDocument) -> JSON {
        let diagnostic = finding.diagnostic
        let range = LSPRange(start: document.position(ofOffset: finding.start, encoding: encoding),
                             end: document.position(ofOffset: finding.end, encoding: encoding))
        var message = diagnostic.message
        if let spec = diagnostic.spec { message += "\n(\(spec.document.rawValue) §\(spec.section))" }
        var object: [String: JSON] = [
            "range": range.json,
            "severity": .int(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3),
            "code": .string(diagnostic.ruleID),
            "source": "conform",
            "message": .string(message),
            "data": ["rule": .string(diagnostic.ruleID)],
        ]
        if let documentation = environment.rulesDocumentation, rulesByID[diagnostic.ruleID] != nil {
            object["codeDescription"] = ["href": .string("\(documentation)#\(Self.anchor(diagnostic.ruleID))")]
        }
        var related: [JSON] = finding.related.map { place in
            let placeRange = LSPRange(start: document.position(ofOffset: place.start, encoding: encoding),
                                      end: document.position(ofOffset: place.end, encoding: encoding))
            return ["location": ["uri": .string(document.uri), "range": placeRange.json], "message": .string(place.message)]
        }
        if let (file, position) = finding.foreign {
            let line = max(0, (position?.line ?? 1) - 1), character = max(0, (position?.column ?? 1) - 1)
            let place = LSPRange(start: LSPPosition(line: line, character: character), end: LSPPosition(line: line, character: character))
            related.append(["location": ["uri": .string(file), "range": place.json], "message": .string("the fetched document this finding is about")])
        }
        if let hop = diagnostic.details["hop"] {
            related.append(["location": ["uri": .string(document.uri), "range": range.json], "message": .string("from hop \(hop) of the Wrapper chain")])
        }
        if !related.isEmpty { object["relatedInformation"] = .array(related) }
        return .object(object)
    }

    /// The fragment of a rule's section in Docs/Rules.md (its heading, as Markdown renderers make anchors).
    static func anchor(_ id: String) -> String {
        String(id.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }

    private func publish(_ uri: String) {
        guard !pullDiagnostics, let document = documents[uri] else { return }
        notify("textDocument/publishDiagnostics", ["uri": .string(uri), "version": .int(document.version), "diagnostics": lspDiagnostics(uri)])
    }

    private func pull(id: JSON, _ params: JSON) {
        guard let uri = params["textDocument"]["uri"].string, documents[uri] != nil else {
            respondError(id: id, .invalidParams, "the document is not open")
            return
        }
        respond(id: id, ["kind": "full", "items": lspDiagnostics(uri)])
    }

    // MARK: Hover

    private func hover(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]["uri"].string, let document = documents[uri],
              let position = LSPPosition(params["position"]) else { return .null }
        let offset = document.offset(of: position, encoding: encoding)
        let here = currentFindings(uri).filter { $0.start <= offset && offset <= max($0.end, $0.start + 1) }
        var sections = here.map { finding -> String in
            var text = "**\(finding.diagnostic.ruleID)** (\(finding.diagnostic.severity.rawValue)): \(finding.diagnostic.message)"
            if let rule = rulesByID[finding.diagnostic.ruleID] {
                text += "\n\n\(rule.summary)"
                if let spec = rule.primaryReference { text += "\n\n> \(spec.quote)\n>\n> — \(spec.document.rawValue) §\(spec.section)" }
                text += "\n\n**Fix:** \(rule.fix)"
            }
            return text
        }
        if DocumentKind.of(path: path(of: uri), text: document.text) == .tag, let element = elementHover(at: offset, in: document) {
            sections.append(element)
        }
        guard !sections.isEmpty else { return .null }
        return ["contents": ["kind": "markdown", "value": .string(sections.joined(separator: "\n\n---\n\n"))]]
    }

    /// On an element's or attribute's name: what conform knows of it for the declared version.
    private func elementHover(at offset: Int, in document: TextDocument) -> String? {
        let version = Self.declaredVersion(document.text)
        // The name under the cursor.
        var start = offset, end = offset
        func isName(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return false }
            return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" || scalar == ":" || scalar == "."
        }
        while isName(document.scalar(at: start - 1)) { start -= 1 }
        while isName(document.scalar(at: end)) { end += 1 }
        guard start < end else { return nil }
        let name = document.text(from: start, to: end).split(separator: ":").last.map(String.init) ?? ""
        let before = document.scalar(at: start - 1)
        if before == "<" || (before == "/" && document.scalar(at: start - 2) == "<") {
            var lines = ["**<\(name)>**" + (VASTSchemaFacts.versions(ofElement: name).map { " — part of \($0)" } ?? "")]
            // What the spec says the element is, and where (the parent tells `<Error>` in `<VAST>` from an ad's).
            let closing = before == "/"
            let open = XMLCursor.at(start - (closing ? 2 : 1), in: document).open
            let parent = closing ? open.dropLast().last : open.last
            if let description = VASTElementDescriptions.of(name, parent: parent) {
                lines.append("\(description.summary)\n\n*VAST 4.3 §\(description.section) \(description.title)*")
            }
            if let children = VASTSchemaFacts.children(of: name, in: version), !children.isEmpty {
                lines.append("Children in VAST \(version.rawValue): " + children.map { "`\($0)`" }.joined(separator: ", "))
            } else if VASTSchemaFacts.holdsTextOnly(name) {
                lines.append("Holds text only (a URL, a time or a value), best inside `<![CDATA[ ]]>` when it is a URL.")
            }
            if let attributes = VASTSchemaFacts.attributes(of: name, in: version), !attributes.isEmpty {
                lines.append("Attributes in VAST \(version.rawValue): " + attributes.map { "`\($0)`" }.joined(separator: ", "))
            }
            return lines.joined(separator: "\n\n")
        }
        let cursor = XMLCursor.at(start, in: document)
        if case .attributeName(let element, _) = cursor.place {
            var text = "**\(element)@\(name)**"
            if let description = VASTElementDescriptions.of(attribute: name, element: element) {
                text += "\n\n\(description.summary)\n\n*VAST 4.3 §\(description.section) \(description.title)*"
            }
            if let values = Self.attributeValues(element: element, attribute: name, version: version) {
                text += "\n\nValues in VAST \(version.rawValue): " + values.map { "`\($0)`" }.joined(separator: ", ")
            }
            if let allowed = VASTSchemaFacts.attributes(of: element, in: version), !allowed.contains(name) {
                text += "\n\nNot an attribute of <\(element)> in VAST \(version.rawValue)."
            }
            return text
        }
        return nil
    }

    /// The declared VAST version of a tag's text (4.3, the newest, when none is declared or known).
    static func declaredVersion(_ text: String) -> VASTVersion {
        guard let root = text.range(of: "<VAST"), let attribute = text[root.upperBound...].prefix(400).range(of: "version=") else { return .v4_3 }
        let rest = text[attribute.upperBound...].dropFirst()
        return VASTVersion(declared: String(rest.prefix { $0 != "\"" && $0 != "'" })) ?? .v4_3
    }

    /// The values an enumerated attribute takes, from the same tables the rules check with.
    static func attributeValues(element: String, attribute: String, version: VASTVersion) -> [String]? {
        switch (element, attribute) {
        case ("Tracking", "event"): TrackingEvents.names(for: version).sorted()
        case ("MediaFile", "delivery"), ("Mezzanine", "delivery"): ["progressive", "streaming"]
        case ("Pricing", "model"): ["cpm", "cpc", "cpe", "cpv"]
        case ("Pricing", "currency"): nil
        case ("Ad", "conditionalAd"), ("Wrapper", "followAdditionalWrappers"), ("Wrapper", "allowMultipleAds"),
             ("Wrapper", "fallbackOnNoAd"), ("MediaFile", "scalable"), ("MediaFile", "maintainAspectRatio"),
             ("NonLinear", "scalable"), ("NonLinear", "maintainAspectRatio"), ("Verification", "browserOptional"),
             ("JavaScriptResource", "browserOptional"):
            ["true", "false"]
        case ("Ad", "adType"): ["video", "audio", "hybrid"]
        case ("CompanionAds", "required"): ["all", "any", "none"]
        case ("Companion", "renderingMode"): ["default", "end-card", "concurrent"]
        case ("StaticResource", "creativeType"): ["image/gif", "image/jpeg", "image/png", "image/webp", "application/x-javascript"]
        default: nil
        }
    }

    // MARK: Completion

    private func completion(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]["uri"].string, let document = documents[uri],
              let position = LSPPosition(params["position"]) else { return .null }
        let offset = document.offset(of: position, encoding: encoding)
        let kind = DocumentKind.of(path: path(of: uri), text: document.text)
        let items: [JSON]
        switch kind {
        case .tag: items = tagCompletions(at: offset, in: document)
        case .parameterList, .parameterTable: items = parameterCompletions(at: offset, in: document)
        default: items = []
        }
        return ["isIncomplete": false, "items": .array(items)]
    }

    private static func item(_ label: String, kind: Int, detail: String? = nil) -> JSON {
        var object: [String: JSON] = ["label": .string(label), "kind": .int(kind)]
        if let detail { object["detail"] = .string(detail) }
        return .object(object)
    }

    private func tagCompletions(at offset: Int, in document: TextDocument) -> [JSON] {
        let version = Self.declaredVersion(document.text)
        let cursor = XMLCursor.at(offset, in: document)
        switch cursor.place {
        case .elementName(let prefix):
            let parent = cursor.open.last
            let names = parent.flatMap { VASTSchemaFacts.children(of: $0, in: version) } ?? (parent == nil ? ["VAST", "VMAP"] : [])
            return names.filter { $0.hasPrefix(prefix) }.map { Self.item($0, kind: 10, detail: "child of <\(parent ?? "document")> in VAST \(version.rawValue)") }
        case .attributeName(let element, let prefix):
            return (VASTSchemaFacts.attributes(of: element, in: version) ?? []).filter { $0.hasPrefix(prefix) }
                .map { Self.item($0, kind: 5, detail: "attribute of <\(element)>") }
        case .attributeValue(let element, let attribute, let prefix):
            return (Self.attributeValues(element: element, attribute: attribute, version: version) ?? [])
                .filter { $0.hasPrefix(prefix) }.map { Self.item($0, kind: 12, detail: "\(element)@\(attribute)") }
        case .content, .other:
            // A macro after `[` in a URL, in text or in a CDATA section (where URLs usually stand).
            var start = offset
            while let scalar = document.scalar(at: start - 1), scalar != "[", scalar != "]", !scalar.properties.isWhitespace, offset - start < 40 { start -= 1 }
            guard document.scalar(at: start - 1) == "[" else { return [] }
            let prefix = document.text(from: start, to: offset).uppercased()
            return MacroCatalog.all.filter { $0.name.hasPrefix(prefix) && $0.since <= version }
                .map { Self.item($0.name, kind: 21, detail: "VAST macro, since \($0.since.rawValue)") }
        }
    }

    private func parameterCompletions(at offset: Int, in document: TextDocument) -> [JSON] {
        let line = document.position(ofOffset: offset, encoding: .utf32)
        let text = String(String.UnicodeScalarView(document.line(line.line)))
        let before = String(text.unicodeScalars.prefix(line.character).map(Character.init))
        // Only where a key is being typed: at the start of a segment.
        let segment = before.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        guard !segment.contains("=") else { return [] }
        let prefix = segment.split(separator: "\t").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let analysis = TraffickingAnalyzer.analyze(text)
        let keys = analysis.format.map { TraffickingAnalyzer.knownKeys(for: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? TraffickingAnalyzer.knownKeys
        return keys.filter { $0.hasPrefix(prefix) }.map { Self.item($0, kind: 10, detail: "trafficking parameter") }
    }

    // MARK: Code actions

    private func codeActions(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]["uri"].string, let document = documents[uri],
              let range = LSPRange(params["range"]) else { return [] }
        let start = document.offset(of: range.start, encoding: encoding), end = document.offset(of: range.end, encoding: encoding)
        let here = currentFindings(uri).filter { $0.start <= end && start <= max($0.end, $0.start + 1) }
        var actions: [JSON] = []
        let isTag = DocumentKind.of(path: path(of: uri), text: document.text) == .tag
        if isTag, here.contains(where: { TagFixer.fixes[$0.diagnostic.ruleID] != nil }) {
            let configuration = environment.configuration(path(of: uri)).configuration
            if let outcome = try? TagFixer.repair(Data(document.text.utf8), configuration: configuration), !outcome.edits.isEmpty {
                for finding in here where TagFixer.fixes[finding.diagnostic.ruleID] != nil {
                    let edits = outcome.edits.filter { $0.ruleIDs.contains(finding.diagnostic.ruleID) && $0.position == finding.diagnostic.position }
                    guard !edits.isEmpty else { continue }
                    actions.append(action("Fix: \(TagFixer.fixes[finding.diagnostic.ruleID]!)", kind: "quickfix", uri: uri,
                                          edits: edits.map { textEdit($0, in: document) }, diagnostic: lspDiagnostic(finding, in: document), preferred: true))
                }
                actions.append(action("Fix every mechanical finding (conform fix)", kind: "source.fixAll", uri: uri,
                                      edits: outcome.edits.map { textEdit($0, in: document) }, diagnostic: nil, preferred: false))
            }
        }
        for finding in here where rulesByID[finding.diagnostic.ruleID] != nil {
            let id = finding.diagnostic.ruleID
            if isTag, let line = finding.diagnostic.position?.line {
                // The directive on a line of its own above the finding's line, indented as that line.
                let indent = String(String.UnicodeScalarView(document.line(line - 1).prefix { $0 == " " || $0 == "\t" }))
                let at = LSPPosition(line: line - 1, character: 0)
                let edit: JSON = ["range": LSPRange(start: at, end: at).json, "newText": .string("\(indent)<!-- conform-disable-next-line \(id) -->\n")]
                actions.append(action("Suppress \(id) on this line", kind: "quickfix", uri: uri, edits: [edit],
                                      diagnostic: lspDiagnostic(finding, in: document), preferred: false))
            }
            actions.append(["title": .string("Explain \(id)"), "kind": "quickfix",
                            "command": ["title": .string("Explain \(id)"), "command": "conform.explain", "arguments": [.string(id)]]])
        }
        return .array(actions)
    }

    private func action(_ title: String, kind: String, uri: String, edits: [JSON], diagnostic: JSON?, preferred: Bool) -> JSON {
        var object: [String: JSON] = ["title": .string(title), "kind": .string(kind),
                                      "edit": ["changes": .object([uri: .array(edits)])]]
        if let diagnostic { object["diagnostics"] = [diagnostic] }
        if preferred { object["isPreferred"] = true }
        return .object(object)
    }

    /// A repair (a range of the tag's UTF-8 bytes) as a text edit.
    private func textEdit(_ edit: TagFixer.Edit, in document: TextDocument) -> JSON {
        let bytes = Array(document.text.utf8)
        func scalars(upTo byte: Int) -> Int {
            String(decoding: bytes[0..<min(byte, bytes.count)], as: UTF8.self).unicodeScalars.count
        }
        let range = LSPRange(start: document.position(ofOffset: scalars(upTo: edit.range.lowerBound), encoding: encoding),
                             end: document.position(ofOffset: scalars(upTo: edit.range.upperBound), encoding: encoding))
        return ["range": range.json, "newText": .string(edit.after)]
    }

    // MARK: Following the Wrapper chain

    /// `conform.follow`: resolves the tag's Wrapper chain through the host's fetcher, off the queue so the
    /// editor stays served, with progress shown while it runs. The chain's findings join the document's
    /// until it changes: each at the tag's `<VASTAdTagURI>`, with the fetched document and place as related
    /// information. Answers with a one-line summary.
    private func follow(id: JSON, _ params: JSON) {
        guard let makeFollow = environment.follow, let uri = params["arguments"].array?.first?.string,
              let document = documents[uri], DocumentKind.of(path: path(of: uri), text: document.text) == .tag else {
            respondError(id: id, .invalidParams, "conform.follow takes the URI of an open VAST document")
            return
        }
        let token: JSON
        if !params["workDoneToken"].isNull {
            token = params["workDoneToken"]
        } else if clientProgress {
            progressTokens += 1
            token = .string("conform-follow-\(progressTokens)")
            environment.send(["jsonrpc": "2.0", "id": .string("conform-progress-\(progressTokens)"),
                              "method": "window/workDoneProgress/create", "params": ["token": token]])
        } else {
            token = .null
        }
        if !token.isNull {
            notify("$/progress", ["token": token, "value": ["kind": "begin", "title": "Resolving the Wrapper chain", "cancellable": false]])
        }
        let path = path(of: uri)
        var configuration = environment.configuration(path).configuration
        for (rule, setting) in settingsRules { configuration.rules[rule] = setting }
        let input = TagCheck.Input(name: path, data: Data(document.text.utf8), path: path,
                                   options: TagCheck.Options(configuration: configuration, follow: makeFollow()))
        let version = document.version
        DispatchQueue.global().async {
            let result = TagCheck.check(input)
            self.queue.async {
                let summary = Self.summary(of: result.chain)
                if !token.isNull { self.notify("$/progress", ["token": token, "value": ["kind": "end", "message": .string(summary)]]) }
                if let current = self.documents[uri], current.version == version {
                    self.chainFindings[uri] = self.placeChainFindings(result.chain?.diagnostics ?? [], of: path, in: current)
                    self.publish(uri)
                }
                self.respond(id: id, .string(summary))
            }
        }
    }

    private static func summary(of chain: TagCheck.FollowedChain?) -> String {
        guard let ad = chain?.resolved.ads.first else { return "no ad to follow" }
        let hops = ad.hops.count
        return ad.stop.reason == .inLine
            ? "resolved to an InLine in \(hops) hop\(hops == 1 ? "" : "s")"
            : "stopped after \(hops) hop\(hops == 1 ? "" : "s"): \(ad.stop.reason.rawValue)"
    }

    /// A chain finding about this document stays where it points; one about a fetched document is shown at
    /// the tag's first `<VASTAdTagURI>`, naming the document, with its place as related information.
    private func placeChainFindings(_ diagnostics: [Diagnostic], of path: String, in document: TextDocument) -> [PlacedFinding] {
        let scalars = Array(document.text.unicodeScalars)
        let needle = Array("<VASTAdTagURI".unicodeScalars)
        var anchor = 0
        if needle.count <= scalars.count, let start = (0...(scalars.count - needle.count)).first(where: { scalars[$0..<($0 + needle.count)].elementsEqual(needle) }) {
            anchor = start
        }
        return diagnostics.map { diagnostic in
            guard let file = diagnostic.file, file != path else { return DocumentAnalysis.place(diagnostic, in: document) }
            var shown = diagnostic
            shown.message = "in \(file): \(diagnostic.message)"
            var placed = PlacedFinding(diagnostic: shown, start: anchor, end: anchor + needle.count, related: [])
            placed.foreign = (file, diagnostic.position)
            return placed
        }
    }

    // MARK: Commands

    private func executeCommand(_ params: JSON) -> JSON {
        guard params["command"].string == "conform.explain", let id = params["arguments"].array?.first?.string,
              let rule = rulesByID[id] ?? ruleAliases[id].flatMap({ rulesByID[$0] }) else { return .null }
        if let documentation = environment.rulesDocumentation {
            environment.send(["jsonrpc": "2.0", "id": .string("conform-explain-\(id)"), "method": "window/showDocument",
                              "params": ["uri": .string("\(documentation)#\(Self.anchor(rule.id))"), "external": false]])
        }
        var text = "\(rule.id) (\(rule.severity.rawValue)): \(rule.summary)\n\n\(rule.rationale)\n\nFix: \(rule.fix)"
        if let spec = rule.primaryReference { text += "\n\n\"\(spec.quote)\" (\(spec.document.rawValue) §\(spec.section))" }
        return .string(text)
    }
}
