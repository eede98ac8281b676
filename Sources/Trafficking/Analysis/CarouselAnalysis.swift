import ConformCore

/// Checks of the carousel format and construction of ``Carousel``.
enum CarouselAnalysis {
    /// The most entries `carousel_images` may have.
    static let maximumImageEntries = 20

    static func run(_ context: inout AnalysisContext) -> TraffickingCreative? {
        let banner = requireAsset(
            &context, ParameterKeys.carouselBanner, TraffickingRules.carouselBannerRequired,
            what: "The carousel banner (carousel_banner)")
        let brandIcon = requireAsset(
            &context, ParameterKeys.brandIcon, TraffickingRules.carouselBrandIconRequired,
            what: "The carousel brand icon (brand_icon)")
        let title = context.requireValue(
            ParameterKeys.carouselTitle, rule: TraffickingRules.carouselTitleRequired,
            what: "The carousel title (carousel_title)")
        context.checkText(ParameterKeys.carouselTitle)

        let description = context.field(ParameterKeys.carouselDescription)
        if description == nil {
            context.report(
                TraffickingRules.carouselDescriptionRequired,
                """
                The carousel_description key is missing; it is required even when empty \
                (add carousel_description=).\(context.caseHint(for: ParameterKeys.carouselDescription))
                """,
                at: 0, key: ParameterKeys.carouselDescription)
        } else {
            context.checkText(ParameterKeys.carouselDescription)
        }

        let images = checkImages(&context)
        let cta = checkCTA(&context)
        let campaign = context.checkCampaign()
        let schemaVersion = context.checkSchemaVersion()

        guard let banner, let brandIcon, let title, let description, let images, !images.isEmpty else { return nil }
        return .carousel(Carousel(
            banner: banner, brandIcon: brandIcon, title: title.valueString, description: description.valueString,
            images: images, cta: cta, campaign: campaign, schemaVersion: schemaVersion))
    }

    private static func requireAsset(
        _ context: inout AnalysisContext, _ key: String, _ rule: RuleDescription, what: String
    ) -> String? {
        guard let segment = context.requireValue(key, rule: rule, what: what) else { return nil }
        return context.checkURL(segment, role: .asset) ? segment.valueString : nil
    }

    /// `carousel_images` and `carousel_images_urls`. Returns the usable images with their tap destinations.
    private static func checkImages(_ context: inout AnalysisContext) -> [CarouselImage]? {
        guard let imagesSegment = context.field(ParameterKeys.carouselImages) else {
            context.report(
                TraffickingRules.carouselImagesRequired,
                """
                The carousel images (carousel_images) are missing: add carousel_images=<URL>$<URL>.\
                \(context.caseHint(for: ParameterKeys.carouselImages))
                """,
                at: 0, key: ParameterKeys.carouselImages)
            return nil
        }
        let key = ParameterKeys.carouselImages
        let entries = Tokenizer.dollarList(imagesSegment.value, baseOffset: imagesSegment.valueOffset)
        if entries.count > maximumImageEntries {
            let extra = entries[maximumImageEntries]
            context.report(
                TraffickingRules.carouselTooManyImages,
                "carousel_images has \(entries.count) entries; at most \(maximumImageEntries) are allowed (blank and invalid entries count). Entry \(extra.position) is the first one too many.",
                at: extra.reportOffset, segment: imagesSegment.index, key: key,
                details: ["entry": String(extra.position), "entries": String(entries.count)])
        }

        var usable: [Int: Substring] = [:]
        for entry in entries {
            let label = "carousel_images entry \(entry.position)"
            if entry.isBlank {
                context.report(
                    TraffickingRules.carouselImageInvalid, "\(label) is blank; the SDK skips it.",
                    at: entry.reportOffset, segment: imagesSegment.index, key: key,
                    details: ["entry": String(entry.position)])
                continue
            }
            let problem: String?
            switch URLSyntax.parse(entry.text) {
            case .failure(let failure): problem = failure.explanation
            case .success(let url) where !url.isHTTP: problem = "it uses '\(url.scheme):' instead of HTTP or HTTPS"
            case .success: problem = nil
            }
            if let problem {
                context.report(
                    TraffickingRules.carouselImageInvalid,
                    "\(label) '\(entry.text.truncatedForMessage)' is skipped: \(problem).",
                    at: entry.reportOffset, segment: imagesSegment.index, key: key,
                    details: ["entry": String(entry.position)])
            } else {
                usable[entry.position] = entry.text
            }
        }
        if usable.isEmpty {
            let message = entries.isEmpty
                ? "carousel_images is empty; a carousel needs at least one HTTP or HTTPS image."
                : "None of the \(entries.count) carousel_images entries is a usable HTTP or HTTPS image URL; a carousel needs at least one."
            context.report(TraffickingRules.carouselNoUsableImage, message, value: imagesSegment)
        }

        let destinations = checkTapDestinations(&context, imageEntries: entries.count)
        return entries.compactMap { entry in
            usable[entry.position].map {
                CarouselImage(position: entry.position, url: String($0), tapDestination: destinations[entry.position])
            }
        }
    }

    /// `carousel_images_urls`: entries matched to images by original position. Returns the usable
    /// destinations by position.
    private static func checkTapDestinations(_ context: inout AnalysisContext, imageEntries: Int) -> [Int: String] {
        guard let segment = context.field(ParameterKeys.carouselImagesURLs), !segment.value.isEmpty else { return [:] }
        let key = ParameterKeys.carouselImagesURLs
        let entries = Tokenizer.dollarList(segment.value, baseOffset: segment.valueOffset)
        if entries.count > imageEntries {
            let extra = entries[imageEntries]
            context.report(
                TraffickingRules.carouselTapCountMismatch,
                """
                carousel_images_urls has \(entries.count) entries but carousel_images has \(imageEntries); \
                entries \(imageEntries + 1)–\(entries.count) match no image and are ignored.
                """,
                at: extra.reportOffset, segment: segment.index, key: key, details: ["entry": String(extra.position)])
        } else if entries.count < imageEntries {
            context.report(
                TraffickingRules.carouselTapCountMismatch,
                """
                carousel_images_urls has \(entries.count) entries but carousel_images has \(imageEntries); \
                images \(entries.count + 1)–\(imageEntries) get no tap destination. Leave entries blank on \
                purpose ('$$') to make that explicit.
                """,
                key: segment)
        }

        var destinations: [Int: String] = [:]
        for entry in entries where !entry.isBlank {
            let label = "carousel_images_urls entry \(entry.position)"
            switch URLSyntax.parse(entry.text) {
            case .failure(let problem):
                context.report(
                    TraffickingRules.carouselTapURLInvalid,
                    "\(label) '\(entry.text.truncatedForMessage)' is not a usable URL (\(problem.explanation)); image \(entry.position) gets no tap destination.",
                    at: entry.reportOffset, segment: segment.index, key: key, details: ["entry": String(entry.position)])
            case .success:
                let usable = context.checkURL(
                    entry.text, at: entry.reportOffset, role: .destination, label: label, segment: segment.index,
                    key: key)
                if usable && entry.position <= imageEntries { destinations[entry.position] = String(entry.text) }
            }
        }
        return destinations
    }

    /// `carousel_cta_text` + `carousel_cta_url`: both or neither (an empty value counts as absent).
    private static func checkCTA(_ context: inout AnalysisContext) -> CarouselCTA? {
        let text = context.field(ParameterKeys.carouselCTAText).flatMap { $0.value.isEmpty ? nil : $0 }
        let url = context.field(ParameterKeys.carouselCTAURL).flatMap { $0.value.isEmpty ? nil : $0 }
        if let text { context.checkText(text) }
        switch (text, url) {
        case (nil, nil):
            return nil
        case (let text?, nil):
            context.report(
                TraffickingRules.carouselCTAPair,
                "carousel_cta_text is given without carousel_cta_url; provide both or neither.", key: text)
            return nil
        case (nil, let url?):
            context.report(
                TraffickingRules.carouselCTAPair,
                "carousel_cta_url is given without carousel_cta_text; provide both or neither.", key: url)
            _ = context.checkURL(url, role: .httpDestination)
            return nil
        case (let text?, let url?):
            guard context.checkURL(url, role: .httpDestination) else { return nil }
            return CarouselCTA(text: text.valueString, url: url.valueString)
        }
    }
}
