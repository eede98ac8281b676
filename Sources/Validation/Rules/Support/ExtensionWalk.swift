import VAST

extension RuleContext {
    /// Calls `body` with every extension of the input and the name of its element: each ad's
    /// `<Extension>` elements, then each creative's `<CreativeExtension>` elements.
    func forEachExtension(_ body: (Extension, _ elementName: String) -> Void) {
        for ad in ads {
            for ext in ad.body?.extensions ?? [] { body(ext, "Extension") }
        }
        for creative in creatives {
            for ext in creative.creativeExtensions { body(ext, "CreativeExtension") }
        }
    }
}
