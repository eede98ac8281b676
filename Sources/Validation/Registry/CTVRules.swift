extension RuleFamilies {
    /// The CTV Ad Portfolio of VAST 4.4: NonLinear media files, duration and icons, and the QR code CreativeExtension.
    static let ctv: [any Rule.Type] = [
        NonLinearDurationRequiredRule.self,
        NonLinearMediaFileAttributesRule.self,
        NonLinearMediaFilesContentRule.self,
        QRCodeExtensionRule.self,
        QRCodeInsideViewRule.self,
    ]
}
