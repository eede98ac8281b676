import ConformCore
import Foundation

/// How far and how long a player follows a wrapper chain. Named presets mirror real players, so a CI
/// gate can say "this tag must resolve the way IMA resolves it"; explicit command-line flags override them.
public struct PlayerSettings: Sendable, Hashable, Codable {
    /// The preset's name as `--player` spells it.
    public var name: String
    /// Most wrapper hops (fetches of a `VASTAdTagURI`) followed. Following one more is a 302 stop.
    public var maxDepth: Int
    /// Fetch limits: schemes, sizes, redirects and timeouts (seconds).
    public var policy: FetchPolicy

    public init(name: String, maxDepth: Int, policy: FetchPolicy = FetchPolicy()) {
        self.name = name
        self.maxDepth = maxDepth
        self.policy = policy
    }

    /// The specification's recommendation: at most five wrappers (VAST 4.3 §2.3.5.1, "should be limited
    /// to five"). The spec sets no timeout; conform uses 10 s per hop and 60 s per chain.
    public static let spec = PlayerSettings(
        name: "spec", maxDepth: 5, policy: FetchPolicy(redirects: 5, perHopTimeout: 10, totalTimeout: 60))

    /// Google IMA SDK defaults: `numRedirects` 4 and `vastLoadTimeout` 5000 ms per load
    /// (20 s for the chain, four loads of 5 s).
    public static let ima = PlayerSettings(
        name: "ima", maxDepth: 4, policy: FetchPolicy(redirects: 5, perHopTimeout: 5, totalTimeout: 20))

    /// dailymotion vast-client-js defaults: `wrapperLimit` 10 and `timeout` 120 000 ms per request
    /// (no chain limit in the library; conform caps the chain at ten requests' worth).
    public static let vastClientJS = PlayerSettings(
        name: "vast-client-js", maxDepth: 10,
        policy: FetchPolicy(redirects: 5, perHopTimeout: 120, totalTimeout: 1200))

    /// Every preset, in the order `--help` lists them.
    public static let all: [PlayerSettings] = [.spec, .ima, .vastClientJS]

    /// The preset called `name` (`spec`, `ima`, `vast-client-js`), or `nil`.
    public static func named(_ name: String) -> PlayerSettings? {
        all.first { $0.name == name.lowercased() }
    }
}
