import ConformCore

/// How a URL value is used, which decides the rules that apply to it.
enum URLRole {
    /// An image or tracking URL the SDK or app fetches: must be HTTP or HTTPS (`icon`, `carousel_banner`,
    /// `brand_icon`, `sidelogo`, `thirdPartyImpression`, `thirdPartyClick`).
    case asset
    /// A destination opened on tap (`ctaUrl`, `redirection_url`): HTTP(S) within the policy, or another
    /// scheme that needs an app action handler.
    case destination
    /// The carousel CTA destination: HTTP or HTTPS only (the reference says so), within the policy.
    case httpDestination
    /// A page the app loads in a WebView: scheme and host within the policy's takeover rules.
    case takeoverPage
}

extension AnalysisContext {
    /// Checks the URL `text` found at `offset` and reports what is wrong with it.
    ///
    /// - Parameters:
    ///   - label: how messages name the value, such as `ctaUrl` or `carousel_images_urls entry 3`.
    ///   - segment: the segment index, or `nil` for the backend JSON form.
    ///   - path: the JSON path for the backend form.
    /// - Returns: true when the URL is usable (it produced no error).
    @discardableResult
    mutating func checkURL(
        _ text: Substring, at offset: Int, role: URLRole, label: String, segment: Int?, key: String,
        path: String? = nil
    ) -> Bool {
        let shown = text.truncatedForMessage
        switch URLSyntax.parse(text) {
        case .failure(.percentEncoded):
            report(
                TraffickingRules.percentEncodedURL,
                "\(label) is percent-encoded ('\(shown)'); values are not decoded, so it cannot be loaded or opened. Traffic the plain URL.",
                at: offset, segment: segment, key: key, path: path)
            return false
        case .failure(let problem):
            report(
                TraffickingRules.urlInvalid, "\(label) '\(shown)' is not a usable URL: \(problem.explanation).",
                at: offset, segment: segment, key: key, path: path)
            return false
        case .success(let url):
            return checkScheme(url, text: shown, at: offset, role: role, label: label, segment: segment, key: key, path: path)
        }
    }

    private mutating func checkScheme(
        _ url: URLSyntax.Parsed, text shown: String, at offset: Int, role: URLRole, label: String, segment: Int?,
        key: String, path: String?
    ) -> Bool {
        let unsafe = URLSyntax.unsafeSchemes.contains(url.scheme)
        switch role {
        case .asset, .httpDestination:
            guard url.isHTTP else {
                let what = role == .asset ? "an HTTP or HTTPS URL" : "an HTTP or HTTPS destination"
                report(
                    TraffickingRules.urlScheme,
                    "\(label) must be \(what), but it uses '\(url.scheme):'\(unsafe ? ", which must never be used in an ad" : "").",
                    at: offset, segment: segment, key: key, path: path)
                return false
            }
            if role == .asset { return true }
            return checkDestinationPolicy(url, text: shown, at: offset, label: label, segment: segment, key: key, path: path)

        case .destination:
            if unsafe {
                report(
                    TraffickingRules.urlScheme,
                    "\(label) uses '\(url.scheme):', which must never be opened from an ad.",
                    at: offset, segment: segment, key: key, path: path)
                return false
            }
            if url.isHTTP {
                return checkDestinationPolicy(url, text: shown, at: offset, label: label, segment: segment, key: key, path: path)
            }
            if !policy.allowsDestinationScheme(url.scheme) {
                report(
                    TraffickingRules.urlAppScheme,
                    """
                    \(label) uses '\(url.scheme):'. Without a CompanionActions handler the SDK opens only HTTP \
                    and HTTPS, so this works only if the app handles '\(url.scheme):' (then allow the scheme \
                    in the URL policy).
                    """,
                    at: offset, segment: segment, key: key, path: path)
            }
            return true

        case .takeoverPage:
            if unsafe {
                report(
                    TraffickingRules.urlScheme,
                    "\(label) uses '\(url.scheme):', which must never be loaded as a takeover page.",
                    at: offset, segment: segment, key: key, path: path)
                return false
            }
            if !policy.allowsTakeoverScheme(url.scheme) {
                let allowed = policy.takeoverSchemes.sorted().joined(separator: ", ")
                report(
                    TraffickingRules.takeoverURLPolicy,
                    "\(label) uses '\(url.scheme):', but takeover pages load in the app's WebView and the URL policy allows only \(allowed.isEmpty ? "no scheme" : allowed).",
                    at: offset, segment: segment, key: key, path: path)
                return false
            }
            if let host = url.host, !policy.allowsHost(host) {
                report(
                    TraffickingRules.takeoverURLPolicy,
                    "\(label) is on host '\(host)', which the URL policy does not allow (allowed: \(allowedHostList)).",
                    at: offset, segment: segment, key: key, path: path)
                return false
            }
            return true
        }
    }

    private mutating func checkDestinationPolicy(
        _ url: URLSyntax.Parsed, text shown: String, at offset: Int, label: String, segment: Int?, key: String,
        path: String?
    ) -> Bool {
        if !policy.allowsDestinationScheme(url.scheme) {
            let allowed = policy.allowedSchemes.sorted().joined(separator: ", ")
            report(
                TraffickingRules.urlPolicy,
                "\(label) uses '\(url.scheme):', which the URL policy does not allow (allowed: \(allowed.isEmpty ? "none" : allowed)).",
                at: offset, segment: segment, key: key, path: path)
            return false
        }
        if let host = url.host, !policy.allowsHost(host) {
            report(
                TraffickingRules.urlPolicy,
                "\(label) is on host '\(host)', which the URL policy does not allow (allowed: \(allowedHostList)).",
                at: offset, segment: segment, key: key, path: path)
            return false
        }
        return true
    }

    private var allowedHostList: String {
        (policy.allowedHosts ?? []).sorted().joined(separator: ", ")
    }

    /// Checks the value of a URL-valued segment (which must be non-empty).
    @discardableResult
    mutating func checkURL(_ segment: RawSegment, role: URLRole) -> Bool {
        checkURL(
            segment.value, at: segment.valueOffset, role: role, label: segment.keyString, segment: segment.index,
            key: segment.keyString)
    }
}
