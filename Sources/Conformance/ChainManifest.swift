import Chain
import Foundation

/// The `chain.json` of a chain case.
///
/// ```json
/// {"version": 1, "root": "root.xml",
///  "map": {"https://ads.example/w1": "w1.xml", "https://ads.example/gone": null,
///          "https://ads.example/slow": {"timeout": true}, "https://ads.example/moved": {"redirect": "https://ads.example/w1"}},
///  "maxDepth": 5, "rootURI": "https://ads.example/root",
///  "policy": {"refusePrivateAddresses": true},
///  "probe": true,
///  "expect": {"version": 1, "verdict": "resolved", "chain": {"stopReason": "inline", "hops": 2}}}
/// ```
public struct ChainManifest: Sendable, Codable, Hashable {
    public var version: Int
    /// The first document, relative to the case folder.
    public var root: String
    /// The URI the root document stands for (a recorded chain's address), or `nil`: relative `VASTAdTagURI`s
    /// in the root resolve against it, and a hop back to it is a loop.
    public var rootURI: String?
    /// URI → a file relative to the case folder, a simulated response (``CorpusFetcher/Entry``: status,
    /// timeout, redirect, body, size), or `nil` (`null`) for a URI that must fail to fetch.
    public var map: [String: CorpusFetcher.Entry?]
    public var maxDepth: Int?
    /// Changes to the fetch limits of the spec settings (the default when absent).
    public var policy: ChainPolicyOverrides?
    /// Probe the assets of every document of the chain (media files, images, captions, scripts), served from
    /// the map like the documents (`PROBE-*` findings join the chain's).
    public var probe: Bool?
    public var expect: CaseExpectation?

    enum CodingKeys: String, CodingKey, CaseIterable { case version, root, rootURI, map, maxDepth, policy, probe, expect }

    public init(root: String, rootURI: String? = nil, map: [String: CorpusFetcher.Entry?], maxDepth: Int? = nil,
                policy: ChainPolicyOverrides? = nil, probe: Bool? = nil, expect: CaseExpectation? = nil) {
        self.version = 1
        self.root = root
        self.rootURI = rootURI
        self.map = map
        self.maxDepth = maxDepth
        self.policy = policy
        self.probe = probe
        self.expect = expect
    }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "chain.json")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        guard version == 1 else {
            throw DecodingError.dataCorruptedError(forKey: .version, in: container, debugDescription: "chain.json version \(version) is not supported (this conform reads version 1)")
        }
        root = try container.decode(String.self, forKey: .root)
        rootURI = try container.decodeIfPresent(String.self, forKey: .rootURI)
        map = try container.decodeIfPresent([String: CorpusFetcher.Entry?].self, forKey: .map) ?? [:]
        maxDepth = try container.decodeIfPresent(Int.self, forKey: .maxDepth)
        policy = try container.decodeIfPresent(ChainPolicyOverrides.self, forKey: .policy)
        probe = try container.decodeIfPresent(Bool.self, forKey: .probe)
        expect = try container.decodeIfPresent(CaseExpectation.self, forKey: .expect)
    }

    public static func decode(_ data: Data, file: String) throws(ConformanceError) -> ChainManifest {
        do {
            return try JSONDecoder().decode(ChainManifest.self, from: data)
        } catch {
            throw .malformedExpectation(file: file, reason: describe(error))
        }
    }
}

/// The `policy` object of a `chain.json`: fetch limits that differ from the spec settings' (see
/// ``FetchPolicy``). Every key is optional; a key left out keeps the spec settings' value.
public struct ChainPolicyOverrides: Sendable, Codable, Hashable {
    /// Refuse private, link-local and loopback IP address literals (`CHAIN-private-address-refused`).
    public var refusePrivateAddresses: Bool?
    /// Largest response body, in bytes (`CHAIN-oversize` past it).
    public var maxBytes: Int?
    /// Most HTTP redirects followed for one hop (`CHAIN-redirect-limit` past it).
    public var redirects: Int?
    /// Schemes that may be fetched (`CHAIN-scheme-refused` for others).
    public var schemes: [String]?
    /// Time limit for one hop, in seconds (named in `CHAIN-timeout` messages).
    public var perHopTimeout: Double?

    enum CodingKeys: String, CodingKey, CaseIterable { case refusePrivateAddresses, maxBytes, redirects, schemes, perHopTimeout }

    public init(refusePrivateAddresses: Bool? = nil, maxBytes: Int? = nil, redirects: Int? = nil,
                schemes: [String]? = nil, perHopTimeout: Double? = nil) {
        self.refusePrivateAddresses = refusePrivateAddresses
        self.maxBytes = maxBytes
        self.redirects = redirects
        self.schemes = schemes
        self.perHopTimeout = perHopTimeout
    }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "policy")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        refusePrivateAddresses = try container.decodeIfPresent(Bool.self, forKey: .refusePrivateAddresses)
        maxBytes = try container.decodeIfPresent(Int.self, forKey: .maxBytes)
        redirects = try container.decodeIfPresent(Int.self, forKey: .redirects)
        schemes = try container.decodeIfPresent([String].self, forKey: .schemes)
        perHopTimeout = try container.decodeIfPresent(Double.self, forKey: .perHopTimeout)
        for (key, value) in [(CodingKeys.maxBytes, maxBytes), (.redirects, redirects)] where (value ?? 0) < 0 {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(key.rawValue) must not be negative")
        }
        if let perHopTimeout, !(perHopTimeout > 0 && perHopTimeout <= FetchPolicy.maximumTimeout) {
            throw DecodingError.dataCorruptedError(forKey: .perHopTimeout, in: container,
                                                   debugDescription: "perHopTimeout must be more than 0 and at most \(Int(FetchPolicy.maximumTimeout)) seconds")
        }
    }

    /// `base` with these changes.
    public func applied(to base: FetchPolicy) -> FetchPolicy {
        var policy = base
        if let refusePrivateAddresses { policy.refusePrivateAddresses = refusePrivateAddresses }
        if let maxBytes { policy.maxBytes = maxBytes }
        if let redirects { policy.redirects = redirects }
        if let schemes { policy.schemes = Set(schemes.map { $0.lowercased() }) }
        if let perHopTimeout { policy.perHopTimeout = perHopTimeout }
        return policy
    }
}
