import ConformCore
import VAST

/// A URL pointing at a local or private address.
struct URLLocalHostRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-url-local-host",
        name: "Local or private host",
        summary: "a URL points at localhost, a loopback or a private network address",
        rationale: "Viewers' players cannot reach localhost, 127.0.0.1, 10.x, 172.16–31.x or 192.168.x addresses; such URLs are left over from testing and lose every request in production.",
        fix: "Replace the host with the public production host.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .rfc3986, section: "3.2.2", quote: "The host subcomponent of authority is identified by an IP literal ... or a registered name"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[http://localhost:8080/imp]]></Impression>\n↓<Impression><![CDATA[https://192.168.1.20/imp]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    /// A cheap pre-check: the text after `//` starts like an IP address, an IPv6 literal or userinfo, or the
    /// URL mentions localhost.
    static func mayBeLocal(_ url: String) -> Bool {
        let bytes = Array(url.utf8)
        guard let slash = bytes.indices.first(where: { bytes[$0] == 0x2F && $0 + 1 < bytes.count && bytes[$0 + 1] == 0x2F }),
              slash + 2 < bytes.count else { return false }
        let first = bytes[slash + 2]
        if (first >= 48 && first <= 57) || first == UInt8(ascii: "[") || bytes.contains(UInt8(ascii: "@")) { return true }
        // "localhost" in any case, without lower-casing the whole URL.
        let target = Array("localhost".utf8)
        guard bytes.count >= target.count else { return false }
        for start in 0...(bytes.count - target.count) where bytes[start] | 0x20 == target[0] {
            if (0..<target.count).allSatisfy({ bytes[start + $0] | 0x20 == target[$0] }) { return true }
        }
        return false
    }

    static func isLocal(_ host: String) -> Bool {
        if host == "localhost" || host.hasSuffix(".localhost") || host == "[::1]" || host == "0.0.0.0" { return true }
        let parts = host.split(separator: ".").compactMap { Int($0) }
        guard parts.count == 4, host.split(separator: ".").count == 4 else { return false }
        switch (parts[0], parts[1]) {
        case (127, _), (10, _), (192, 168), (169, 254): return true
        case (172, let b) where (16...31).contains(b): return true
        default: return false
        }
    }

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where facts[index].flags.contains(.mayBeLocal) {
            let node = urls[index].node
            guard let host = URLInspection(node.value).host, Self.isLocal(host) else { continue }
            context.report("the URL in <\(node.elementName)> points at \(host), which viewers cannot reach", at: node)
        }
    }
}
