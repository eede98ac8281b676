import ConformCore
import VAST
import XMLCore

/// The NonLinear media rules of VAST 4.4 (attributes, MediaFiles content, Duration) read on the ctv_ad_portfolio
/// extension, the form VAST 2.0 to 4.3 carry the same media in. Each reports the extension's own elements, so
/// a document with both forms gets a finding per element that has the problem, never two for one; the Duration
/// rule counts a Duration of either form for the creative and leaves to VAST-4.4-nonlinear-duration-required a
/// creative that rule already reports.
enum CTVExtensionMedia {
    /// Every ctv_ad_portfolio extension of an InLine, with its Extension element and the InLine.
    static func portfolios(_ context: RuleContext) -> [(body: AdBody, portfolio: CTVAdPortfolio, element: XMLElement)] {
        var out: [(AdBody, CTVAdPortfolio, XMLElement)] = []
        for ad in context.ads {
            guard let body = ad.inLine else { continue }
            let elements = body.extensions.filter { $0.type == "ctv_ad_portfolio" }.map(\.element)
            for (portfolio, element) in zip(body.ctvAdPortfolios, elements) { out.append((body, portfolio, element)) }
        }
        return out
    }

    static func isVideo(_ file: MediaFile) -> Bool { file.type?.lowercased().hasPrefix("video/") ?? false }
}
