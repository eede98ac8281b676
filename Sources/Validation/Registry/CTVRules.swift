extension RuleFamilies {
    /// The CTV Ad Portfolio of VAST 4.4: NonLinear media files, duration and icons, the QR code CreativeExtension, and the ctv_ad_portfolio Extension of VAST 2.0 to 4.3.
    static let ctv: [any Rule.Type] = [
        AdCOMExtensionValueRule.self,
        AdCOMValueKnownRule.self,
        CTVExtensionCreativeIdRule.self,
        CTVExtensionDurationRequiredRule.self,
        CTVExtensionFallbackRule.self,
        CTVExtensionMediaFileAttributesRule.self,
        CTVExtensionMediaFilesContentRule.self,
        CTVMediaTypeRule.self,
        CTVTrackingInExtensionRule.self,
        NonLinearDurationRequiredRule.self,
        NonLinearMediaFileAttributesRule.self,
        NonLinearMediaFilesContentRule.self,
        QRCodeExtensionRule.self,
        QRCodeInsideViewRule.self,
    ]
}
