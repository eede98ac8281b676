import ConformCore
import VAST
import XMLCore

/// The QR code of a `tl_qrcode` CreativeExtension must lie fully inside the ad view.
struct QRCodeInsideViewRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-qrcode-inside-view",
        name: "QR code inside the ad view",
        summary: "the QR code of a tl_qrcode <CreativeExtension> must lie fully inside the ad view: xPosition + size ≤ 100%, and its height (size × view width) must fit below yPosition",
        rationale: "QrCodePosition gives the top-left corner of the code as percentages of the ad view, and QrCodeSize its side as a percentage of the view's width (the code is square). A code that reaches past the right or bottom edge is cut off, and a cut QR code does not scan. The width check needs only the percentages; the height check needs the view's aspect ratio, taken from the creative's NonLinear width and height (a 1920 × 324 lower third holds a much smaller code than a full-screen pause ad), and is skipped when the creative has no NonLinear with both. Percentages that are not well-formed are left to VAST-3.0-qrcode-values.",
        fix: "Move the code up or left, or make QrCodeSize smaller, so that xPosition + size ≤ 100% and yPosition + size × width ÷ height ≤ 100%.",
        severity: .warning,
        versions: VASTVersion.v3_0.andLater,
        elements: ["CreativeExtension"],
        specReferences: [
            SpecReference(document: .ctvQRCode, section: "QrCodeSize", quote: "QrCodeSize communicates the QR code size as a percentage of the ad view width. The QR code is assumed to be square."),
            SpecReference(document: .ctvQRCode, section: "Coordinate system", quote: "The QR code coordinate system is relative to the ad view, not necessarily the full device screen or the full video content area."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080"/></NonLinearAds><CreativeExtensions><CreativeExtension type="tl_qrcode"><QrCodeScanUrl>https://brand.example/qr</QrCodeScanUrl><QrCodePosition xPosition="80%" yPosition="60%"/><QrCodeSize size="15%"/></CreativeExtension></CreativeExtensions></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><CreativeExtensions><CreativeExtension type="tl_qrcode"><QrCodeScanUrl>https://brand.example/qr</QrCodeScanUrl>↓<QrCodePosition xPosition="90%" yPosition="10%"/><QrCodeSize size="15%"/></CreativeExtension></CreativeExtensions></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="324"/></NonLinearAds><CreativeExtensions><CreativeExtension type="tl_qrcode"><QrCodeScanUrl>https://brand.example/qr</QrCodeScanUrl>↓<QrCodePosition xPosition="10%" yPosition="20%"/><QrCodeSize size="15%"/></CreativeExtension></CreativeExtensions></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for (ext, creative) in QRCodeExtensionRule.qrCodes(context) {
            guard let position = ext.child("QrCodePosition"),
                  let x = QRCodeExtensionRule.percentage(position.attribute("xPosition")),
                  let y = QRCodeExtensionRule.percentage(position.attribute("yPosition")),
                  let size = QRCodeExtensionRule.percentage(ext.child("QrCodeSize")?.attribute("size")) else { continue }
            if x + size > 100 {
                context.report("the QR code spans \(Self.format(x))% to \(Self.format(x + size))% of the ad view's width; it is cut off at the right edge", at: position.position, path: position.path)
                continue
            }
            guard let view = creative?.nonLinearAds?.nonLinears.first(where: { ($0.width?.value ?? 0) > 0 && ($0.height?.value ?? 0) > 0 }),
                  let width = view.width?.value, let height = view.height?.value else { continue }
            let heightPercent = size * Double(width) / Double(height)
            if y + heightPercent > 100 {
                context.report("the QR code spans \(Self.format(y))% to \(Self.format(y + heightPercent))% of the \(width)×\(height) ad view's height; it is cut off at the bottom edge", at: position.position, path: position.path)
            }
        }
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
