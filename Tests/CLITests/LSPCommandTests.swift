import ConformTestSupport
import Foundation
import Testing

/// A scripted editor: starts `conform lsp` as a process and speaks the protocol to it, as Neovim or VS Code
/// would, reading every message the server sends.
final class LSPClient: @unchecked Sendable {
    let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private let condition = NSCondition()
    private var buffer = Data()
    private var messages: [[String: Any]] = []
    private var nextID = 1

    init(arguments: [String] = []) throws {
        process.executableURL = try #require(ConformBinary.url)
        process.arguments = ["lsp"] + arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.condition.lock()
            self.buffer.append(data)
            self.parse()
            self.condition.broadcast()
            self.condition.unlock()
        }
        errors.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
        try process.run()
    }

    deinit {
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
        if process.isRunning { process.terminate() }
    }

    private func parse() {
        while let end = buffer.range(of: Data("\r\n\r\n".utf8)) {
            let header = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
            guard let line = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                  let length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)),
                  buffer.count - (end.upperBound - buffer.startIndex) >= length else { return }
            let body = buffer[end.upperBound..<(end.upperBound + length)]
            if let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any] { messages.append(message) }
            buffer.removeSubrange(buffer.startIndex..<(end.upperBound + length))
        }
    }

    func sendRaw(_ data: Data) {
        input.fileHandleForWriting.write(data)
    }

    func send(_ message: [String: Any]) {
        var message = message
        message["jsonrpc"] = "2.0"
        let body = try! JSONSerialization.data(withJSONObject: message)
        sendRaw(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func notify(_ method: String, _ params: [String: Any] = [:]) {
        send(["method": method, "params": params])
    }

    /// Sends a request and waits for its response.
    @discardableResult
    func request(_ method: String, _ params: [String: Any] = [:], id: Int? = nil) throws -> [String: Any] {
        let id = id ?? { defer { nextID += 1 }; return nextID }()
        send(["id": id, "method": method, "params": params])
        return try wait { ($0["id"] as? Int) == id && $0["method"] == nil }
    }

    /// Waits (up to 10 s) for the first message not yet taken that `matches`, and takes it.
    func wait(timeout: TimeInterval = 10, _ matches: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = messages.firstIndex(where: matches) { return messages.remove(at: index) }
            guard condition.wait(until: deadline) else {
                throw Failure(description: "no matching message within \(timeout) s; received: \(messages.map { $0["method"] ?? $0["id"] ?? "?" })")
            }
        }
    }

    /// The next diagnostics published for `uri`.
    func diagnostics(for uri: String) throws -> [[String: Any]] {
        let message = try wait { $0["method"] as? String == "textDocument/publishDiagnostics" && (($0["params"] as? [String: Any])?["uri"] as? String) == uri }
        return ((message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
    }

    /// Messages received and not taken.
    var pending: [[String: Any]] {
        condition.lock()
        defer { condition.unlock() }
        return messages
    }

    func initialize(_ capabilities: [String: Any] = [:]) throws -> [String: Any] {
        let response = try request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": capabilities])
        notify("initialized")
        return response
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "xml", "version": version, "text": text]])
    }

    func finish() throws -> Int32 {
        _ = try request("shutdown")
        notify("exit")
        process.waitUntilExit()
        return process.terminationStatus
    }

    struct Failure: Error, CustomStringConvertible { var description: String }
}

/// `conform lsp`: whole editing sessions driven by a scripted client, and the protocol's abuse.
@Suite(.serialized, .enabled(if: ConformBinary.url != nil, "the conform binary was not found; run 'swift build' first"))
struct LSPCommandTests {
    static let tag = """
        <VAST version="4.2">
          <Ad id="1">
            <InLine>
              <AdSystem>ads</AdSystem>
              <AdTitle>Spring 😀 sale</AdTitle><Error>https://ads.example.com/e?c=[ERRORCODE]</Error>
              <Impression><![CDATA[https://ads.example.com/i]]></Impression>
              <Creatives>
                <Creative>
                  <Linear>
                    <Duration>00:00:10</Duration>
                    <MediaFiles>
                      <MediaFile delivery="Progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.example.com/a.mp4]]></MediaFile>
                    </MediaFiles>
                  </Linear>
                </Creative>
              </Creatives>
            </InLine>
          </Ad>
        </VAST>
        """

    static func rules(_ diagnostics: [[String: Any]]) -> [String] { diagnostics.compactMap { $0["code"] as? String } }

    static func range(_ diagnostic: [String: Any]) -> (Int, Int, Int, Int) {
        let range = diagnostic["range"] as! [String: Any]
        let start = range["start"] as! [String: Int], end = range["end"] as! [String: Int]
        return (start["line"]!, start["character"]!, end["line"]!, end["character"]!)
    }

    static func position(of needle: String, in text: String) -> [String: Int] {
        let lines = text.components(separatedBy: "\n")
        for (index, line) in lines.enumerated() {
            if let found = line.range(of: needle) {
                return ["line": index, "character": line[..<found.lowerBound].utf16.count]
            }
        }
        Issue.record("\(needle) is not in the text")
        return ["line": 0, "character": 0]
    }

    @Test func aWholeEditingSession() throws {
        let client = try LSPClient(arguments: ["--debounce", "20"])
        let initialized = try client.initialize(["general": ["positionEncodings": ["utf-16"]]])
        let capabilities = (initialized["result"] as? [String: Any])?["capabilities"] as? [String: Any] ?? [:]
        #expect(capabilities["positionEncoding"] as? String == "utf-16")
        #expect((capabilities["textDocumentSync"] as? [String: Any])?["change"] as? Int == 2)
        #expect(capabilities["hoverProvider"] as? Bool == true)

        let uri = "file:///nonexistent-folder/tag.xml"
        var text = Self.tag
        client.open(uri, text)
        var diagnostics = try client.diagnostics(for: uri)
        let delivery = try #require(diagnostics.first { $0["code"] as? String == "VAST-2.0-mediafile-delivery-value" })
        // The range is the attribute the message names, delivery="Progressive", in UTF-16 units.
        let attribute = Self.position(of: "delivery=", in: text)
        #expect(Self.range(delivery) == (attribute["line"]!, attribute["character"]!, attribute["line"]!, attribute["character"]! + 22))
        #expect(delivery["severity"] as? Int == 1)
        #expect(((delivery["codeDescription"] as? [String: Any])?["href"] as? String)?.hasSuffix("Rules.md#vast-20-mediafile-delivery-value") == true)
        // A finding after an emoji on its line: the column counts the emoji as two UTF-16 units.
        let error = try #require(diagnostics.first { ($0["message"] as? String)?.contains("<Error>") == true }
            ?? diagnostics.first { Self.range($0).0 == 4 && Self.range($0).1 > 20 })
        #expect(Self.range(error).1 == Self.position(of: "<Error>", in: text)["character"]!)

        // Hover on the finding: the rule's summary, spec quote and fix.
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": Self.position(of: "Progressive", in: text)])
        let hoverText = (((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String) ?? ""
        #expect(hoverText.contains("VAST-2.0-mediafile-delivery-value") && hoverText.contains("**Fix:**") && hoverText.contains("> "))
        // Hover on an element name: its children and attributes in the declared version.
        var onName = Self.position(of: "<MediaFile ", in: text)
        onName["character"]! += 3
        let elementHover = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": onName])
        let elementText = (((elementHover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String) ?? ""
        #expect(elementText.contains("<MediaFile>") && elementText.contains("`delivery`") && elementText.contains("VAST 4.2"))

        // The quick fix of the delivery value, applied as the editor would, then checked again.
        let actions = try client.request("textDocument/codeAction", ["textDocument": ["uri": uri],
                                                                      "range": delivery["range"]!, "context": ["diagnostics": [delivery]]])
        let list = actions["result"] as? [[String: Any]] ?? []
        let fix = try #require(list.first { ($0["title"] as? String)?.hasPrefix("Fix:") == true })
        #expect(list.contains { ($0["title"] as? String)?.hasPrefix("Suppress VAST-2.0-mediafile-delivery-value") == true })
        #expect(list.contains { ($0["command"] as? [String: Any])?["command"] as? String == "conform.explain" })
        let edits = (((fix["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]]) ?? []
        #expect(edits.count == 1 && edits.first?["newText"] as? String == "progressive")
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2],
                                                 "contentChanges": edits.map { ["range": $0["range"]!, "text": $0["newText"]!] }])
        text = text.replacingOccurrences(of: "\"Progressive\"", with: "\"progressive\"")
        diagnostics = try client.diagnostics(for: uri)
        #expect(!Self.rules(diagnostics).contains("VAST-2.0-mediafile-delivery-value"))
        #expect(Self.rules(diagnostics).contains("VAST-4.1-adservingid-present"))

        // Incremental edits one character at a time: the last state is what is checked (debounced).
        let title = Self.position(of: "Spring", in: text)
        for (offset, character) in "Big ".enumerated() {
            let at = ["line": title["line"]!, "character": title["character"]! + offset]
            client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 3 + offset],
                                                     "contentChanges": [["range": ["start": at, "end": at], "text": String(character)]]])
        }
        // An <AdServingId> typed in: its finding goes.
        let afterTitle = Self.position(of: "<Error>", in: text)
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 10],
                                                 "contentChanges": [["range": ["start": afterTitle, "end": afterTitle], "text": "<AdServingId>a1</AdServingId>"]]])
        diagnostics = try client.diagnostics(for: uri)
        #expect(!Self.rules(diagnostics).contains("VAST-4.1-adservingid-present"))

        // Completion: children of <Linear> after `<`, tracking events in Tracking@event, macros after `[`.
        let inLinear = Self.position(of: "<Duration>", in: text)
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 11],
                                                 "contentChanges": [["range": ["start": inLinear, "end": inLinear], "text": "<"]]])
        var completion = try client.request("textDocument/completion", ["textDocument": ["uri": uri],
                                                                        "position": ["line": inLinear["line"]!, "character": inLinear["character"]! + 1]])
        var labels = (((completion["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }
        #expect(labels.contains("TrackingEvents") && labels.contains("MediaFiles") && !labels.contains("Impression"))
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 12],
                                                 "contentChanges": [["range": ["start": inLinear, "end": ["line": inLinear["line"]!, "character": inLinear["character"]! + 1]],
                                                                     "text": "<TrackingEvents><Tracking event=\"first"]]])
        completion = try client.request("textDocument/completion", ["textDocument": ["uri": uri],
                                                                    "position": ["line": inLinear["line"]!, "character": inLinear["character"]! + 38]])
        labels = (((completion["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }
        #expect(labels == ["firstQuartile"])

        // The editor's settings switch a rule off; every open document is checked again.
        _ = try client.diagnostics(for: uri)
        client.notify("workspace/didChangeConfiguration", ["settings": ["conform": ["rules": ["VAST-2.0-adsystem-version": "off"]]]])
        let before = try client.diagnostics(for: uri)
        #expect(!Self.rules(before).contains("VAST-2.0-adsystem-version"))

        #expect(try client.finish() == 0)
    }

    @Test func hoversSayWhatTheSpecSaysAndRepeatsPointAtTheFirst() throws {
        let client = try LSPClient(arguments: ["--debounce", "20"])
        _ = try client.initialize()
        let uri = "file:///nonexistent-folder/repeated.xml"
        let text = Self.tag.replacingOccurrences(of: "<AdTitle>", with: "<AdSystem>again</AdSystem><AdTitle>")
        client.open(uri, text)
        let diagnostics = try client.diagnostics(for: uri)
        let repeated = try #require(diagnostics.first { $0["code"] as? String == "VAST-2.0-element-repeated" })
        // The finding is on the second <AdSystem>; its related information is the first one, where it stands.
        let second = text.range(of: "<AdSystem>again")!
        let line = text[..<second.lowerBound].components(separatedBy: "\n").count - 1
        #expect(Self.range(repeated).0 == line)
        let related = try #require((repeated["relatedInformation"] as? [[String: Any]])?.first)
        let location = try #require(related["location"] as? [String: Any])
        #expect(location["uri"] as? String == uri)
        let first = Self.position(of: "<AdSystem>ads", in: text)
        let range = try #require(location["range"] as? [String: Any])
        #expect(range["start"] as? [String: Int] == first)
        #expect(range["end"] as? [String: Int] == ["line": first["line"]!, "character": first["character"]! + 9])
        #expect((related["message"] as? String)?.contains("first given here") == true)

        // Hover on an element: the spec's description and section, the parent deciding which <Error> it is.
        func hover(_ needle: String, _ shift: Int) throws -> String {
            var at = Self.position(of: needle, in: text)
            at["character"]! += shift
            let answer = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": at])
            return (((answer["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String) ?? ""
        }
        let mediaFile = try hover("<MediaFile ", 3)
        #expect(mediaFile.contains("One encoding of the creative") && mediaFile.contains("VAST 4.3 §3.9.1 MediaFile"), "\(mediaFile)")
        let error = try hover("<Error>", 2)
        #expect(error.contains("§3.4.11 Error (InLine and Wrapper)"), "\(error)")
        let closing = try hover("</Duration>", 4)
        #expect(closing.contains("§3.8.1 Duration"), "\(closing)")
        // On an attribute: what it is, and the values the declared version allows.
        let delivery = try hover("delivery=", 2)
        #expect(delivery.contains("How the file is delivered") && delivery.contains("`progressive`, `streaming`")
                && delivery.contains("§3.9.1 MediaFile"), "\(delivery)")

        // Completion of a macro in a URL inside CDATA, and of an enumerated attribute value.
        func labels(after needle: String) throws -> [String] {
            var at = Self.position(of: needle, in: text)
            at["character"]! += needle.utf16.count
            let answer = try client.request("textDocument/completion", ["textDocument": ["uri": uri], "position": at])
            return (((answer["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }
        }
        #expect(try labels(after: "<![CDATA[https://ads.example.com/i") == [])
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": text.replacingOccurrences(
            of: "https://ads.example.com/i]]", with: "https://ads.example.com/i?c=[CACHEB]]")]]])
        let typed = text.replacingOccurrences(of: "https://ads.example.com/i]]", with: "https://ads.example.com/i?c=[CACHEB]]")
        var at = Self.position(of: "[CACHEB", in: typed)
        at["character"]! += "[CACHEB".utf16.count
        let macros = try client.request("textDocument/completion", ["textDocument": ["uri": uri], "position": at])
        let macroLabels = (((macros["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }
        #expect(macroLabels == ["CACHEBUSTING"], "\(macroLabels)")
        var inValue = Self.position(of: "delivery=\"", in: typed)
        inValue["character"]! += "delivery=\"".utf16.count
        let values = try client.request("textDocument/completion", ["textDocument": ["uri": uri], "position": inValue])
        let valueLabels = (((values["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }
        #expect(valueLabels == ["progressive", "streaming"], "\(valueLabels)")
        // Saving publishes the document's diagnostics again.
        _ = try client.diagnostics(for: uri)
        client.notify("textDocument/didSave", ["textDocument": ["uri": uri]])
        #expect(Self.rules(try client.diagnostics(for: uri)).contains("VAST-2.0-element-repeated"))
        #expect(try client.finish() == 0)
    }

    @Test func configurationIsFoundUpwardAndReadAgainWhenItChanges() throws {
        let folder = try ConformBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let nested = folder.appendingPathComponent("tags/spring")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        let configuration = folder.appendingPathComponent(".conform.json")
        try Data(#"{"version": 1, "rules": {"VAST-2.0-adsystem-version": "off"}}"#.utf8).write(to: configuration)
        let client = try LSPClient()
        _ = try client.initialize()
        let uri = nested.appendingPathComponent("tag.xml").absoluteString
        client.open(uri, Self.tag)
        #expect(!Self.rules(try client.diagnostics(for: uri)).contains("VAST-2.0-adsystem-version"))

        // The file changes on disk (a later modification time) and the editor says so.
        try Data(#"{"version": 1, "rules": {"VAST-2.0-adsystem-version": "error"}}"#.utf8).write(to: configuration)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: configuration.path)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": configuration.absoluteString, "type": 2]]])
        let again = try client.diagnostics(for: uri)
        #expect(again.first { $0["code"] as? String == "VAST-2.0-adsystem-version" }?["severity"] as? Int == 1)

        // A broken .conform.json: the defaults apply, and the document says why.
        try Data("{not json".utf8).write(to: configuration)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: configuration.path)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": configuration.absoluteString, "type": 2]]])
        #expect(Self.rules(try client.diagnostics(for: uri)).contains("CONFIG-unusable"))
        #expect(try client.finish() == 0)
    }

    @Test func pullDiagnosticsForClientsThatAskForThem() throws {
        let client = try LSPClient()
        let initialized = try client.initialize(["textDocument": ["diagnostic": ["dynamicRegistration": false]]])
        let capabilities = (initialized["result"] as? [String: Any])?["capabilities"] as? [String: Any] ?? [:]
        #expect(capabilities["diagnosticProvider"] != nil)
        let uri = "file:///nonexistent-folder/pulled.vast"
        client.open(uri, Self.tag)
        let report = try client.request("textDocument/diagnostic", ["textDocument": ["uri": uri]])
        let result = report["result"] as? [String: Any] ?? [:]
        #expect(result["kind"] as? String == "full")
        #expect(Self.rules(result["items"] as? [[String: Any]] ?? []).contains("VAST-2.0-mediafile-delivery-value"))
        #expect(!client.pending.contains { $0["method"] as? String == "textDocument/publishDiagnostics" })
        #expect(try client.finish() == 0)
    }

    @Test func parameterStringsSidecarsAndConfigurationFiles() throws {
        let client = try LSPClient()
        _ = try client.initialize()
        // A parameter list: a finding's range is its segment.
        let strings = "# campaign strings\nicon=https://cdn.example.com/i.png,bannerTitle=Shop,ctaUrl=javascript:alert(1)\n"
        let paramsURI = "file:///nonexistent-folder/campaign.params"
        client.open(paramsURI, strings)
        let findings = try client.diagnostics(for: paramsURI)
        let url = try #require(findings.first { $0["code"] as? String == "PARAM-url-scheme" })
        #expect(Self.range(url) == (1, 59, 1, 78))
        // Completion of keys at the start of a segment.
        client.notify("textDocument/didChange", ["textDocument": ["uri": paramsURI, "version": 2], "contentChanges": [["text": "icon=https://cdn.example.com/i.png,bannerTitle=Shop,cta"]]])
        _ = try client.diagnostics(for: paramsURI)
        let completion = try client.request("textDocument/completion", ["textDocument": ["uri": paramsURI], "position": ["line": 0, "character": 55]])
        let labels = (((completion["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }
        #expect(Set(labels) == ["ctaUrl", "ctaText"])

        // A key given twice: the finding's related information is the segment that gave it first.
        client.notify("textDocument/didChange", ["textDocument": ["uri": paramsURI, "version": 3],
                                                 "contentChanges": [["text": "bannerTitle=Shop,icon=https://cdn.example.com/i.png,bannerTitle=Buy,ctaUrl=https://shop.example.com/"]]])
        let duplicate = try #require(try client.diagnostics(for: paramsURI).first { $0["code"] as? String == "PARAM-duplicate-key" })
        let related = try #require((duplicate["relatedInformation"] as? [[String: Any]])?.first)
        #expect(Self.range(["range": (related["location"] as? [String: Any])?["range"] ?? [:]]) == (0, 0, 0, 16))

        // An expectation sidecar naming a rule that does not exist.
        let sidecar = #"{"version": 1, "verdict": "invalid", "diagnostics": {"present": [{"rule": "VAST-2.0-no-such-rule"}]}}"#
        let sidecarURI = "file:///nonexistent-folder/case.expect.json"
        client.open(sidecarURI, sidecar)
        let unknown = try #require(try client.diagnostics(for: sidecarURI).first)
        #expect(unknown["code"] as? String == "CORPUS-expectation-rule")
        #expect(Self.range(unknown).1 == (sidecar.range(of: "VAST-2.0-no-such-rule").map { sidecar[..<$0.lowerBound].utf16.count } ?? -1))
        // A malformed sidecar, and a malformed .conform.json.
        client.open("file:///nonexistent-folder/bad.expect.json", #"{"version": 1, "verdict": 3}"#)
        #expect(Self.rules(try client.diagnostics(for: "file:///nonexistent-folder/bad.expect.json")) == ["CORPUS-expectation-malformed"])
        client.open("file:///nonexistent-folder/.conform.json", #"{"version": 1, "rules": {"VAST-2.0-url-http": "loud"}}"#)
        #expect(Self.rules(try client.diagnostics(for: "file:///nonexistent-folder/.conform.json")) == ["CONFIG-malformed"])
        // Other XML is left alone.
        client.open("file:///nonexistent-folder/pom.xml", "<project><modelVersion>4.0.0</modelVersion></project>")
        #expect(try client.diagnostics(for: "file:///nonexistent-folder/pom.xml").isEmpty)
        #expect(try client.finish() == 0)
    }

    @Test func theServerSurvivesAbuse() throws {
        let client = try LSPClient(arguments: ["--max-document-size", "4096"])
        // A request before initialize.
        let early = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///x.xml"], "position": ["line": 0, "character": 0]])
        #expect((early["error"] as? [String: Any])?["code"] as? Int == -32002)
        _ = try client.initialize()
        // A header without a length, then garbage, then a good message: the good one is answered.
        client.sendRaw(Data("X-Nonsense: 1\r\n\r\nnot a message at all".utf8))
        let answered = try client.request("textDocument/completion", ["textDocument": ["uri": "file:///x.xml"], "position": ["line": 0, "character": 0]])
        #expect(answered["result"] != nil)
        // A body that is not JSON.
        client.sendRaw(Data("Content-Length: 9\r\n\r\n{nonsense".utf8))
        let parseError = try client.wait { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 }
        #expect(parseError["id"] is NSNull)
        // An unknown method: an error for a request, nothing for a notification.
        client.notify("$/somethingNew", ["x": 1])
        let unknown = try client.request("conform/unknown")
        #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32601)
        // A cancelled request answers RequestCancelled.
        client.notify("$/cancelRequest", ["id": 777])
        let cancelled = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///x.xml"], "position": ["line": 0, "character": 0]], id: 777)
        #expect((cancelled["error"] as? [String: Any])?["code"] as? Int == -32800)
        // A document over the size limit, and binary content.
        client.open("file:///nonexistent-folder/huge.xml", "<VAST version=\"4.2\">" + String(repeating: "<!-- padding -->", count: 400) + "</VAST>")
        #expect(Self.rules(try client.diagnostics(for: "file:///nonexistent-folder/huge.xml")) == ["LSP-document-too-large"])
        client.open("file:///nonexistent-folder/binary.vast", "<VAST\u{0}\u{1}\u{FFFF}>\u{0}")
        #expect(!Self.rules(try client.diagnostics(for: "file:///nonexistent-folder/binary.vast")).isEmpty)
        // A change with a range outside the text is clamped, not fatal.
        client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///nonexistent-folder/binary.vast", "version": 2],
                                                 "contentChanges": [["range": ["start": ["line": 99, "character": 5], "end": ["line": 120, "character": 0]], "text": "x"]]])
        _ = try client.diagnostics(for: "file:///nonexistent-folder/binary.vast")
        // Still alive and answering.
        #expect(try client.request("textDocument/hover", ["textDocument": ["uri": "file:///nonexistent-folder/binary.vast"], "position": ["line": 0, "character": 1]])["result"] != nil)
        #expect(try client.finish() == 0)
    }

    /// `conform.follow` resolves the chain live (here from a local HTTP server), with progress, and shows what
    /// it found in the fetched documents at the tag's `<VASTAdTagURI>`.
    @Test(.enabled(if: SystemProgram.find("python3") != nil, "python3 is needed for the local HTTP server"))
    func followingTheChainReportsProgressAndFetchedFindings() throws {
        let folder = try ConformBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The InLine the wrapper points at: its Impression is plain http, which the rules report.
        try Data("""
            <VAST version="4.2"><Ad id="i"><InLine><AdSystem version="1">s</AdSystem><AdTitle>t</AdTitle><AdServingId>x</AdServingId>
            <Impression><![CDATA[http://pixels.adtrack-metrics.net/i]]></Impression><Creatives><Creative><UniversalAdId idRegistry="ad-id.org">A</UniversalAdId>
            <Linear><Duration>00:00:10</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.adtrack-metrics.net/a.mp4]]></MediaFile></MediaFiles></Linear>
            </Creative></Creatives></InLine></Ad></VAST>
            """.utf8).write(to: folder.appendingPathComponent("inline.xml"))
        let server = try ScriptServer("test-http-server.py", [folder.path])
        let port = server.port
        let inline = "http://127.0.0.1:\(port)/files/inline.xml"

        let client = try LSPClient()
        let initialized = try client.initialize(["window": ["workDoneProgress": true]])
        let commands = (((initialized["result"] as? [String: Any])?["capabilities"] as? [String: Any])?["executeCommandProvider"] as? [String: Any])?["commands"] as? [String]
        #expect(commands?.contains("conform.follow") == true)
        let uri = folder.appendingPathComponent("wrapper.xml").absoluteString
        client.open(uri, """
            <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem version="1">s</AdSystem>
            <VASTAdTagURI><![CDATA[\(inline)]]></VASTAdTagURI>
            <Impression><![CDATA[https://pixels.adtrack-metrics.net/w]]></Impression></Wrapper></Ad></VAST>
            """)
        let before = try client.diagnostics(for: uri)
        let summary = try client.request("workspace/executeCommand", ["command": "conform.follow", "arguments": [uri]])
        #expect(summary["result"] as? String == "resolved to an InLine in 2 hops")
        let create = try client.wait { $0["method"] as? String == "window/workDoneProgress/create" }
        let token = (create["params"] as? [String: Any])?["token"] as? String
        let begin = try client.wait { $0["method"] as? String == "$/progress" && (($0["params"] as? [String: Any])?["value"] as? [String: Any])?["kind"] as? String == "begin" }
        let end = try client.wait { $0["method"] as? String == "$/progress" && (($0["params"] as? [String: Any])?["value"] as? [String: Any])?["kind"] as? String == "end" }
        #expect((begin["params"] as? [String: Any])?["token"] as? String == token && (end["params"] as? [String: Any])?["token"] as? String == token)
        let after = try client.diagnostics(for: uri)
        #expect(after.count > before.count)
        let fetched = try #require(after.first { ($0["message"] as? String)?.hasPrefix("in \(inline):") == true && $0["code"] as? String == "VAST-2.0-url-http" })
        // Shown at the tag's <VASTAdTagURI> (line 1), with the fetched document as related information.
        #expect(Self.range(fetched).0 == 1)
        let related = (fetched["relatedInformation"] as? [[String: Any]])?.first?["location"] as? [String: Any]
        #expect(related?["uri"] as? String == inline)
        #expect(try client.finish() == 0)
    }

    @Test func exitWithoutShutdownAndEndOfInputAreFailures() throws {
        let client = try LSPClient()
        _ = try client.initialize()
        client.notify("exit")
        client.process.waitUntilExit()
        #expect(client.process.terminationStatus == 1)

        let closed = try LSPClient()
        _ = try closed.initialize()
        try closed.process.standardInput.map { try ($0 as! Pipe).fileHandleForWriting.close() }
        closed.process.waitUntilExit()
        #expect(closed.process.terminationStatus == 1)
    }
}
