import ConformCore

/// Checks of the custom CTA format and construction of ``CustomCTA``.
enum CustomCTAAnalysis {
    static func run(_ context: inout AnalysisContext) -> TraffickingCreative? {
        let icon = checkIcon(&context)

        let title = context.requireValue(
            ParameterKeys.bannerTitle, rule: TraffickingRules.ctaTitleRequired, what: "The custom CTA title (bannerTitle)")
        context.checkText(ParameterKeys.bannerTitle)

        var destinationUsable = false
        let destination = context.requireValue(
            ParameterKeys.ctaUrl, rule: TraffickingRules.ctaURLRequired, what: "The custom CTA destination (ctaUrl)")
        if let destination {
            destinationUsable = context.checkURL(destination, role: .destination)
        }

        context.checkText(ParameterKeys.bannerDescription)
        var buttonText = CustomCTA.defaultButtonText
        var buttonTextIsDefault = true
        if let ctaText = context.field(ParameterKeys.ctaText) {
            if ctaText.value.isEmpty {
                context.report(
                    TraffickingRules.ctaTextEmpty,
                    "ctaText is empty; the SDK may show an empty button. Remove the key to get 'Learn more', or give a label.",
                    key: ctaText)
            } else {
                context.checkText(ctaText)
                buttonText = ctaText.valueString
                buttonTextIsDefault = false
            }
        }
        let campaign = context.checkCampaign()
        let schemaVersion = context.checkSchemaVersion()

        guard let icon, let title, let destination, destinationUsable else { return nil }
        return .customCTA(CustomCTA(
            icon: icon, title: title.valueString, destination: destination.valueString,
            description: context.field(ParameterKeys.bannerDescription)?.valueString,
            buttonText: buttonText, buttonTextIsDefault: buttonTextIsDefault,
            campaign: campaign, schemaVersion: schemaVersion))
    }

    /// `icon` / `Icon`: at least one, non-empty, HTTP(S), equal when both present. Returns the usable icon URL.
    private static func checkIcon(_ context: inout AnalysisContext) -> String? {
        let aliases = [ParameterKeys.iconLower, ParameterKeys.iconUpper].compactMap { context.field($0) }
            .sorted { $0.index < $1.index }
        guard let first = aliases.first else {
            var hint = ""
            if let variant = context.caseVariants(of: "icon").first(where: { $0.key != "Icon" }) {
                hint = " Found '\(variant.key)' in segment \(variant.index): keys are case-sensitive, use 'icon' or 'Icon'."
            }
            context.report(
                TraffickingRules.ctaIconRequired,
                "The custom CTA icon is missing: add icon=<HTTP or HTTPS URL> (or Icon=...).\(hint)", at: 0,
                key: ParameterKeys.iconLower)
            return nil
        }
        if aliases.count == 2, aliases[0].value != aliases[1].value {
            context.report(
                TraffickingRules.ctaIconAliasMismatch,
                """
                '\(aliases[1].key)' ('\(aliases[1].value.truncatedForMessage)') differs from '\(aliases[0].key)' \
                ('\(aliases[0].value.truncatedForMessage)') in segment \(aliases[0].index); when both aliases \
                are present their values must match.
                """,
                key: aliases[1])
        }
        if aliases.allSatisfy({ $0.value.isEmpty }) {
            // An empty alias next to a non-empty one is a mismatch; all of them empty means no icon.
            context.report(
                TraffickingRules.ctaIconRequired,
                "\(aliases.map(\.keyString).joined(separator: " and ")) \(aliases.count == 1 ? "is" : "are") empty; the custom CTA needs an HTTP or HTTPS icon URL.",
                key: first)
            return nil
        }
        var usable = true
        var checkedValues: [Substring] = []
        for alias in aliases {
            if alias.value.isEmpty {
                usable = false
                continue
            }
            guard !checkedValues.contains(alias.value) else { continue }
            checkedValues.append(alias.value)
            if !context.checkURL(alias, role: .asset) { usable = false }
        }
        return usable ? first.valueString : nil
    }
}
