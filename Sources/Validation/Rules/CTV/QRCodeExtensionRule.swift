import ConformCore
import VAST
import XMLCore

/// The QR code `CreativeExtension` (`type="tl_qrcode"`): http(s) URLs, and percentages between 0 and 100.
struct QRCodeExtensionRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-qrcode-values",
        name: "QR code extension values",
        summary: "a tl_qrcode <CreativeExtension> needs an http(s) QrCodeScanUrl and QrCodeImageUrl, and positions and size written as percentages from 0% to 100%",
        rationale: "VAST 4.4 standardises the QR code CreativeExtension of the CTV Ad Portfolio, and the IAB's extension document defines the same element for earlier versions. The scan URL is what the viewer's phone opens and the image URL what a player or stitcher composes into the ad, so each must be an absolute http or https URL. QrCodePosition@xPosition, @yPosition and QrCodeSize@size are percentages of the ad view (\"Implementations should not assume pixel units\"): a bare number or a pixel value is read as nothing, and a percentage outside 0–100% puts the code off the view. The draft 4.4 schema types them with the pattern \\d+(\\.\\d+)?%, which accepts 150%; the text's ad-view geometry bounds them, and the text wins. A missing QrCodeScanUrl is not reported: the document lets a sender that cannot disclose it leave it out. A QR code in the CreativeExtensions of a ctv_ad_portfolio Extension (the form for VAST 2.0 to 4.3) is checked the same way.",
        fix: "Write the URLs as https://… and the position and size as percentages, such as xPosition=\"10.0%\" yPosition=\"10.0%\" and size=\"15.0%\".",
        severity: .warning,
        versions: VASTVersion.v3_0.andLater,
        elements: ["CreativeExtension"],
        specReferences: [
            SpecReference(document: .vast44, section: "3.7.3", quote: "QrCodePosition: The top-left position of the QR code relative to the ad view. Uses xPosition and yPosition expressed as percentages."),
            SpecReference(document: .ctvQRCode, section: "QrCodePosition", quote: "Position values are percentages. Implementations should not assume pixel units."),
            SpecReference(document: .ctvQRCode, section: "QrCodeScanUrl", quote: "QrCodeScanUrl is the destination represented by the QR code."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><CreativeExtensions><CreativeExtension type="tl_qrcode"><QrCodeScanUrl><![CDATA[https://brand.example/qr]]></QrCodeScanUrl><QrCodeImageUrl><![CDATA[https://cdn.example/qr.png]]></QrCodeImageUrl><QrCodePosition xPosition="10.0%" yPosition="0%"/><QrCodeSize size="15%"/></CreativeExtension></CreativeExtensions></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Creatives><Creative><CreativeExtensions><CreativeExtension type="other"><QrCodeSize size="300"/></CreativeExtension></CreativeExtensions></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><CreativeExtensions><CreativeExtension type="tl_qrcode">↓<QrCodeScanUrl><![CDATA[brand.example/qr]]></QrCodeScanUrl>↓<QrCodePosition xPosition="192" yPosition="10%"/>↓<QrCodeSize size="150%"/></CreativeExtension></CreativeExtensions></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Creatives><Creative><CreativeExtensions><CreativeExtension type="tl_qrcode">↓<QrCodeImageUrl><![CDATA[ftp://cdn.example/qr.png]]></QrCodeImageUrl></CreativeExtension></CreativeExtensions></Creative></Creatives></InLine></Ad></VAST>"#),
            // The extension form: the QR code in the ctv_ad_portfolio extension's CreativeExtensions.
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Creatives><Creative id="c"><NonLinearAds><NonLinear/></NonLinearAds></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio"><CreativeId>c</CreativeId><CreativeExtensions><CreativeExtension type="tl_qrcode"><QrCodeScanUrl><![CDATA[https://brand.example/qr]]></QrCodeScanUrl><QrCodePosition xPosition="10%" yPosition="10%"/>↓<QrCodeSize size="15"/></CreativeExtension></CreativeExtensions></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    /// `10`, `10.5` from `10%`, `10.5%`; `nil` for anything else.
    static func percentage(_ raw: String?) -> Double? {
        guard let raw, raw.hasSuffix("%") else { return nil }
        let number = raw.dropLast()
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              number.first != ".", number.last != ".", number.filter({ $0 == "." }).count <= 1 else { return nil }
        return Double(number)
    }

    /// The `tl_qrcode` CreativeExtensions of the input, with the creative each belongs to: the creatives' own,
    /// then those of each ctv_ad_portfolio extension (VAST 2.0 to 4.3), with the creative it describes (`nil`
    /// when it names none).
    static func qrCodes(_ context: RuleContext) -> [(extension: XMLElement, creative: Creative?)] {
        var out: [(XMLElement, Creative?)] = []
        for creative in context.creatives {
            for ext in creative.creativeExtensions where ext.type == "tl_qrcode" { out.append((ext.element, creative)) }
        }
        for ad in context.ads {
            guard let body = ad.body else { continue }
            for portfolio in body.ctvAdPortfolios {
                for ext in portfolio.creativeExtensions where ext.type == "tl_qrcode" { out.append((ext.element, portfolio.creative(in: body))) }
            }
        }
        return out
    }

    func check(_ context: RuleContext) {
        for (ext, _) in Self.qrCodes(context) {
            for name in ["QrCodeScanUrl", "QrCodeImageUrl"] {
                guard let url = ext.child(name) else { continue }
                let value = url.text.trimmingCharacters(in: .whitespacesAndNewlines)
                let lower = value.lowercased()
                if !(lower.hasPrefix("https://") || lower.hasPrefix("http://")) || value.count <= 8 {
                    context.report("<\(name)> is \"\(value)\"; it must be an absolute http or https URL", at: url.position, path: url.path)
                }
            }
            let values: [(element: String, attribute: String)] = [("QrCodePosition", "xPosition"), ("QrCodePosition", "yPosition"), ("QrCodeSize", "size")]
            var reported = Set<String>()
            for (elementName, attribute) in values {
                guard let element = ext.child(elementName), let raw = element.attribute(attribute) else { continue }
                let problem: String?
                if let value = Self.percentage(raw) {
                    problem = value > 100 ? "is beyond 100%" : nil
                } else {
                    problem = "is not a percentage (such as 10.0%)"
                }
                guard let problem, reported.insert(elementName).inserted else { continue }
                context.report("\(elementName)@\(attribute)=\"\(raw)\" \(problem); QR code positions and size are percentages of the ad view from 0% to 100%", at: element.position, path: element.path)
            }
        }
    }
}
