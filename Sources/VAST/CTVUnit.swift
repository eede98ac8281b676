import ConformCore
import XMLCore

/// The CTV Ad Portfolio ad units VAST delivers as `<NonLinearAds>` (VAST 4.4 §1.9, §3.12; the ctv_ad_portfolio
/// extension for VAST 2.0 to 4.3). Menu ads are not VAST and have no case.
///
/// Which unit an ad is for is signalled by the AdCOM `plcmt` it carries (`<Extension type="plcmt" ext="adcom">` in
/// VAST 4.4, `<plcmt>` of the ctv_ad_portfolio extension before). Neither document lists which plcmt value names
/// which unit; the AdCOM update they follow added plcmt 5 to 9 for the five units, and their examples pair them
/// one to one: the video pause ad and the QR-code pause ad write 5, the static screensaver 6, the overlay 7, the
/// SIMID squeezeback 8. In-scene, the fifth unit, takes the remaining 9. Decision: that pairing is the mapping,
/// held here once so that rules and profiles read the same one.
public enum CTVUnit: String, Sendable, Codable, Hashable, CaseIterable {
    case pause
    case screensaver
    case overlay
    case squeezeback
    case inScene = "in-scene"

    /// The AdCOM `plcmt` value that names the unit.
    public var plcmt: Int {
        switch self {
        case .pause: 5
        case .screensaver: 6
        case .overlay: 7
        case .squeezeback: 8
        case .inScene: 9
        }
    }

    /// The unit a `plcmt` value names, or `nil` (1 to 4 are instream, accompanying, interstitial and standalone video).
    public init?(plcmt: Int) {
        guard let unit = Self.allCases.first(where: { $0.plcmt == plcmt }) else { return nil }
        self = unit
    }

    /// The unit's name as the documents write it (`In-Scene`).
    public var title: String {
        switch self {
        case .pause: "Pause"
        case .screensaver: "Screensaver"
        case .overlay: "Overlay"
        case .squeezeback: "Squeezeback"
        case .inScene: "In-Scene"
        }
    }

    /// Whether a static image of the unit may go without a `<Duration>`. The extension document names the three
    /// units whose static image may leave its duration unknown ("static image Pause, Screensaver, or Overlay
    /// Ads"); a squeezeback or in-scene ad shares the screen with playing content, which the player must give
    /// back at a known time.
    public var staticImageMayOmitDuration: Bool {
        switch self {
        case .pause, .screensaver, .overlay: true
        case .squeezeback, .inScene: false
        }
    }
}

/// One AdCOM `plcmt` signal of an ad, with where it is written.
public struct PlacementSignal: Sendable, Codable, Hashable {
    /// The text of the `<plcmt>` element, trimmed.
    public var raw: String
    /// Its value when it is a whole number.
    public var value: Int?
    public var position: SourcePosition
    public var path: String
    /// `true` when it comes from an `<Extension type="ctv_ad_portfolio">` (VAST 2.0 to 4.3).
    public var fromPortfolioExtension: Bool

    /// The unit the value names, if any.
    public var unit: CTVUnit? { value.flatMap(CTVUnit.init(plcmt:)) }
}

extension AdBody {
    /// The AdCOM `plcmt` signals of the ad, in document order: the `<plcmt>` of every `<Extension type="plcmt">`
    /// (the VAST 4.4 form) and of every `<Extension type="ctv_ad_portfolio">` (the 2.0 to 4.3 form).
    public var placementSignals: [PlacementSignal] {
        var out: [PlacementSignal] = []
        for ext in extensions where ext.type == "plcmt" || ext.type == "ctv_ad_portfolio" {
            for element in ext.element.children where element.name == "plcmt" {
                let raw = element.trimmedText
                let digits = !raw.isEmpty && raw.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
                out.append(PlacementSignal(raw: raw, value: digits ? Int(raw) : nil, position: element.position,
                                           path: element.path, fromPortfolioExtension: ext.type == "ctv_ad_portfolio"))
            }
        }
        return out
    }
}
