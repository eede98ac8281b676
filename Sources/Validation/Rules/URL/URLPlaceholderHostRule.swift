import ConformCore
import Foundation
import VAST

/// A reserved example or test host left in a tag.
struct URLPlaceholderHostRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-url-placeholder-host",
        name: "Placeholder host",
        summary: "a URL points at a reserved example or test domain (example.com, *.example, *.test, *.invalid)",
        rationale: "These names are reserved for documentation and testing (RFC 2606, RFC 6761) and never reach a real server; in a served tag they are template placeholders that were never replaced, so every request is lost.",
        fix: "Replace the placeholder with the real tracking or asset host.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .conform, section: "URLs", quote: "RFC 2606 reserves example.com, example.net, example.org and the .example, .test and .invalid top-level names for documentation and testing"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://ads.adserver.com/imp?p=example.com]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://www.example.com/imp]]></Impression>\n↓<Impression><![CDATA[https://pixel.test/imp]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    static func isPlaceholder(_ host: String) -> Bool {
        // Byte comparisons: the host is lower-cased already, and every reserved name is ASCII.
        host.utf8.withContiguousStorageIfAvailable(isPlaceholder(bytes:))
            ?? Array(host.utf8).withUnsafeBufferPointer(isPlaceholder(bytes:))
    }

    /// What the byte-level checks decide about a URL's host.
    enum Verdict {
        case placeholder(String)
        case notPlaceholder
        /// Not decided from the bytes (non-ASCII host): the full inspection decides.
        case unknown
    }

    /// For a URL that ``URLFacts/isPlain`` says needs no masking or trimming: whether its host is a
    /// placeholder, decided on the bytes (ASCII letters folded to lower case), and the host text only
    /// when it is one.
    static func plainVerdict(_ url: String) -> Verdict {
        url.utf8.withContiguousStorageIfAvailable { b -> Verdict in
            guard let range = URLInspection.layout(b).host else { return .notPlaceholder }
            var lower: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            // Hosts longer than the buffer, or not ASCII, go to the full inspection.
            guard range.count <= 32, !b[range].contains(where: { $0 >= 0x80 }) else { return .unknown }
            return withUnsafeMutableBytes(of: &lower) { raw -> Verdict in
                for (k, i) in range.enumerated() {
                    let c = b[i]
                    raw[k] = c >= 0x41 && c <= 0x5A ? c | 0x20 : c
                }
                let folded = UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: range.count)
                return isPlaceholder(bytes: folded) ? .placeholder(URLInspection.hostString(b, range)) : .notPlaceholder
            }
        } ?? .unknown
    }

    /// For a URL that ``URLFacts`` finds `looksSound` (`http://` or `https://` in lower case, then a
    /// host of lower-case letters, digits, dots and hyphens): the host is the bytes after the scheme's
    /// `//` up to `facts.soundHostEnd`, with no userinfo or port, already lower-case.
    static func soundVerdict(_ url: String, facts: URLFacts) -> Verdict {
        switch soundHost(url, facts: facts, last: "") {
        case .placeholder(let host): .placeholder(host)
        case .notPlaceholder: .notPlaceholder
        case .sameAsLast, .unknown: .unknown
        }
    }

    /// What the bytes of a sound URL's host say, against `last`, the host of the previous finding.
    enum SoundHost {
        case notPlaceholder
        /// A placeholder whose bytes equal `last`: no string is made for it.
        case sameAsLast
        case placeholder(String)
        case unknown
    }

    /// ``soundVerdict(_:facts:)``, telling apart a placeholder host equal to `last` (tags repeat one
    /// placeholder host in many URLs).
    static func soundHost(_ url: String, facts: URLFacts, last: String) -> SoundHost {
        url.utf8.withContiguousStorageIfAvailable { b -> SoundHost in
            let start = facts.scheme == .https ? 8 : 7, end = Int(facts.soundHostEnd)
            guard start < end, end <= b.count, let base = b.baseAddress else { return .unknown }
            let host = UnsafeBufferPointer(start: base + start, count: end - start)
            guard isPlaceholder(bytes: host) else { return .notPlaceholder }
            if last.utf8.withContiguousStorageIfAvailable({
                $0.count == host.count && memcmp($0.baseAddress!, base + start, host.count) == 0
            }) == true {
                return .sameAsLast
            }
            return .placeholder(String(decoding: host, as: UTF8.self))
        } ?? .unknown
    }

    /// ``isPlaceholder(_:)`` on the bytes of a lower-cased host: whether it is, or ends in a label
    /// sequence equal to, one of the reserved example domains and top-level names (RFC 2606 / RFC 6761):
    /// example.com, example.net, example.org, example, test and invalid.
    static func isPlaceholder(bytes whole: UnsafeBufferPointer<UInt8>) -> Bool {
        // Without a trailing dot; a suffix match must start the host or follow a dot.
        let n = whole.count > 0 && whole[whole.count - 1] == UInt8(ascii: ".") ? whole.count - 1 : whole.count
        guard n > 0, let base = whole.baseAddress else { return false }
        // The reserved names as static bytes: compared in place, with no array to load or count.
        @inline(__always) func isSuffix(_ name: StaticString) -> Bool {
            let length = name.utf8CodeUnitCount
            guard length <= n else { return false }
            let start = n - length
            return (start == 0 || base[start - 1] == UInt8(ascii: ".")) && memcmp(base + start, name.utf8Start, length) == 0
        }
        // Dispatched on the last byte, so most hosts are settled by one comparison.
        switch base[n - 1] {
        case UInt8(ascii: "m"): return isSuffix("example.com")
        case UInt8(ascii: "t"): return isSuffix("example.net") || isSuffix("test")
        case UInt8(ascii: "g"): return isSuffix("example.org")
        case UInt8(ascii: "e"): return isSuffix("example")
        case UInt8(ascii: "d"): return isSuffix("invalid")
        default: return false
        }
    }

    /// The host of `url` by a full inspection, when it is a placeholder.
    static func inspectedPlaceholder(_ url: String) -> String? {
        guard let host = URLInspection(url).host, isPlaceholder(host) else { return nil }
        return host
    }

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        // Tags repeat one placeholder host across many URLs of a few element types, which alternate
        // (Impression, Tracking, ClickTracking, ...): the message of each element type is kept for the
        // current host and reused. (Plain strings, empty until the first finding: reading a field of an
        // optional tuple copied the whole tuple.)
        var lastHost = ""
        var messages = RecentMessages()
        for index in urls.indices where facts[index].flags.contains(.mayBePlaceholder) {
            let node = urls[index].node
            // The placeholder host; `nil` when the bytes show it is the last finding's.
            let host: String?
            if facts[index].flags.contains(.looksSound) {
                switch Self.soundHost(node.value, facts: facts[index], last: lastHost) {
                case .notPlaceholder: continue
                case .sameAsLast: host = nil
                case .placeholder(let found): host = found
                case .unknown:
                    guard let found = Self.inspectedPlaceholder(node.value) else { continue }
                    host = found
                }
            } else {
                switch facts[index].isPlain ? Self.plainVerdict(node.value) : .unknown {
                case .placeholder(let found): host = found
                case .notPlaceholder: continue
                case .unknown:
                    guard let found = Self.inspectedPlaceholder(node.value) else { continue }
                    host = found
                }
            }
            if let host, host != lastHost {
                lastHost = host
                messages.removeAll()
            }
            let element = node.elementName
            let message = messages.message(for: element) {
                String(concatenating: "the URL in <", element, "> points at ", lastHost, ", a reserved placeholder domain")
            }
            context.report(message, at: node)
        }
    }

    /// The messages made for the current host, by element name: a handful, looked up from the newest.
    private struct RecentMessages {
        private var entries: [(element: String, message: String)] = []
        /// More element types than this under one host are rare; past it the oldest is replaced.
        private static let capacity = 8

        mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

        mutating func message(for element: String, make: () -> String) -> String {
            if let entry = entries.last(where: { $0.element.isSameName(element) }) { return entry.message }
            let made = make()
            if entries.count == Self.capacity { entries.removeFirst() }
            entries.append((element: element, message: made))
            return made
        }
    }
}
