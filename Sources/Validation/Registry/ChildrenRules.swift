extension RuleFamilies {
    /// Children: for each parent of the structure table, the children its schema defines for the declared version
    /// (rules generated from the table; see ``UnknownChildRule``).
    static let children: [any Rule.Type] = [
        UnknownChildRule<UnknownChildParents.Ad>.self,
        UnknownChildRule<UnknownChildParents.AdVerifications>.self,
        UnknownChildRule<UnknownChildParents.ClosedCaptionFiles>.self,
        UnknownChildRule<UnknownChildParents.CompanionAds>.self,
        UnknownChildRule<UnknownChildParents.Companion>.self,
        UnknownChildRule<UnknownChildParents.CreativeExtensions>.self,
        UnknownChildRule<UnknownChildParents.Creative>.self,
        UnknownChildRule<UnknownChildParents.Creatives>.self,
        UnknownChildRule<UnknownChildParents.Extensions>.self,
        UnknownChildRule<UnknownChildParents.IconClickFallbackImage>.self,
        UnknownChildRule<UnknownChildParents.IconClickFallbackImages>.self,
        UnknownChildRule<UnknownChildParents.IconClicks>.self,
        UnknownChildRule<UnknownChildParents.Icon>.self,
        UnknownChildRule<UnknownChildParents.Icons>.self,
        UnknownChildRule<UnknownChildParents.InLine>.self,
        UnknownChildRule<UnknownChildParents.Linear>.self,
        UnknownChildRule<UnknownChildParents.MediaFiles>.self,
        UnknownChildRule<UnknownChildParents.NonLinearAds>.self,
        UnknownChildRule<UnknownChildParents.NonLinear>.self,
        UnknownChildRule<UnknownChildParents.VAST>.self,
        UnknownChildRule<UnknownChildParents.TrackingEvents>.self,
        UnknownChildRule<UnknownChildParents.Verification>.self,
        UnknownChildRule<UnknownChildParents.VideoClicks>.self,
        UnknownChildRule<UnknownChildParents.ViewableImpression>.self,
        UnknownChildRule<UnknownChildParents.Wrapper>.self,
    ]
}
