import ConformCore
import VAST

/// AdServingId without a GUID.
struct AdServingIdFormatRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-adservingid-guid",
        name: "AdServingId GUID",
        summary: "an <AdServingId> contains no GUID, the recommended form",
        rationale: "AdServingId must be unique enough to match one impression across systems; VAST 4.1 recommends a GUID, optionally prefixed by the ad server's name (ServerName-47ed3bac-1768-4b9a-9d0e-0b92422ab066). A short or sequential value collides across servers and days. Recommendation, so info. The XSDs take any string; the GUID form is the text's recommendation.",
        fix: "Generate a UUID per InLine and use it, optionally prefixed: srv-47ed3bac-1768-4b9a-9d0e-0b92422ab066.",
        severity: .info,
        versions: VASTVersion.v4_1.andLater,
        elements: ["AdServingId"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.3", quote: "Using a GUID for the AdServingId value is recommended"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdServingId>ServerName-47ed3bac-1768-4b9a-9d0e-0b92422ab066</AdServingId>"),
            SketchTag.inLine("4.2", "<AdServingId>47ED3BAC17684B9A9D0E0B92422AB066</AdServingId>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<AdServingId>12345</AdServingId>"),
        ],
        schemaBasis: SchemaBasis(element: "AdServingId", [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "InLine/AdServingId type=\"xs:string\"", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "AdServingId type=\"vastString_type\"", .looser),
        ]))

    /// Whether `text` contains a UUID (8-4-4-4-12 hex digits, hyphens optional).
    static func containsGUID(_ text: String) -> Bool {
        let hex = Array(text.utf8).map { b -> UInt8 in
            let isHex = (b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102)
            return isHex ? 1 : (b == UInt8(ascii: "-") ? 2 : 0)
        }
        let groups = [8, 4, 4, 4, 12]
        for start in hex.indices where hex[start] == 1 {
            var i = start, ok = true, hyphenated: Bool?
            for (n, length) in groups.enumerated() {
                if n > 0 {
                    let hyphen = i < hex.count && hex[i] == 2
                    if hyphenated == nil { hyphenated = hyphen }
                    if hyphen != hyphenated { ok = false; break }
                    if hyphen { i += 1 }
                }
                guard i + length <= hex.count, hex[i..<(i + length)].allSatisfy({ $0 == 1 }) else { ok = false; break }
                i += length
            }
            if ok { return true }
        }
        return false
    }

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let id = ad.inLine?.adServingId, !id.value.isEmpty, !Self.containsGUID(id.value) else { continue }
            context.report("<AdServingId> \(id.value) is not a GUID; collisions across servers are likely", at: id)
        }
    }
}
