/// Which destination URLs the app is willing to open or load: the app's URL security policy.
///
/// - `allowedSchemes` applies to destinations (`ctaUrl`, `carousel_cta_url`, carousel tap destinations,
///   `redirection_url`). An `http`/`https` destination whose scheme is not listed is a
///   `PARAM-url-policy` error; any other scheme that is listed is trusted to have an app action handler,
///   one that is not listed gets a `PARAM-url-app-scheme` warning.
/// - `allowedHosts`, when set, restricts the hosts of `http`/`https` destinations and takeover pages.
///   A host matches an entry when it equals it or is a subdomain of it (`shop.example.com` matches
///   `example.com`). Comparison ignores case. `nil` allows every host.
/// - `takeoverSchemes` applies to takeover page URLs (`Image_url`, `Takeover_ads_url`, `takeoverAdsUrl`),
///   which the app loads in a WebView; the default is HTTPS only.
///
/// Image and tracking URLs (`icon`, `carousel_banner`, `carousel_images`, `sidelogo`, ...) are not
/// destinations: the reference requires them to be HTTP or HTTPS whatever the policy says.
public struct URLPolicy: Sendable, Codable, Hashable {
    /// Schemes (lower case) accepted for destination URLs. Default: `http`, `https`.
    public var allowedSchemes: Set<String>
    /// Hosts accepted for destinations and takeover pages, or `nil` for any host. Default: `nil`.
    public var allowedHosts: Set<String>?
    /// Schemes (lower case) accepted for takeover page URLs. Default: `https`.
    public var takeoverSchemes: Set<String>

    /// Creates a policy. Schemes and hosts are compared without regard to case.
    public init(
        allowedSchemes: Set<String> = ["http", "https"],
        allowedHosts: Set<String>? = nil,
        takeoverSchemes: Set<String> = ["https"]
    ) {
        self.allowedSchemes = Set(allowedSchemes.map { $0.lowercased() })
        self.allowedHosts = allowedHosts.map { Set($0.map { $0.lowercased() }) }
        self.takeoverSchemes = Set(takeoverSchemes.map { $0.lowercased() })
    }

    /// HTTP and HTTPS destinations on any host; HTTPS-only takeover pages.
    public static let `default` = URLPolicy()

    /// True when `scheme` is an allowed destination scheme.
    public func allowsDestinationScheme(_ scheme: String) -> Bool {
        allowedSchemes.contains { $0.lowercased() == scheme.lowercased() }
    }

    /// True when `scheme` is an allowed takeover page scheme.
    public func allowsTakeoverScheme(_ scheme: String) -> Bool {
        takeoverSchemes.contains { $0.lowercased() == scheme.lowercased() }
    }

    /// True when `host` is allowed: always when ``allowedHosts`` is `nil`, otherwise when the host equals
    /// an entry or is a subdomain of one. A fully qualified name's final dot (`example.com.`) names the
    /// same host as the name without it, in the URL and in the entry alike.
    public func allowsHost(_ host: String) -> Bool {
        guard let allowedHosts else { return true }
        let host = Self.canonical(host)
        return allowedHosts.contains { entry in
            var entry = Self.canonical(entry)
            if entry.hasPrefix(".") { entry.removeFirst() }
            return !entry.isEmpty && (host == entry || host.hasSuffix("." + entry))
        }
    }

    private static func canonical(_ host: String) -> String {
        var host = host.lowercased()
        while host.hasSuffix(".") { host.removeLast() }
        return host
    }
}
