import ConformCore

/// The rules of the player profiles. Each is a `RuleDescription` like every validation rule; the
/// profiles report their findings with these ids. A rule's examples are evaluated through its profile
/// with the options of ``entries`` (most use the defaults; configuration-dependent rules say which
/// setting their examples assume).
public enum ProfileRules {
    /// One profile rule with the profile that reports it and the options its examples run with.
    public struct Entry: Sendable {
        public var rule: RuleDescription
        public var profile: ProfileName
        public var exampleOptions: ProfileOptions
    }

    /// Every profile rule with its profile and example options, in catalogue order.
    public static let entries: [Entry] = pauseEntries + companionEntries + ssaiEntries + scheduleEntries + ctvEntries + [
        Entry(rule: inputNotApplicable, profile: .pause, exampleOptions: ProfileOptions()),
    ]

    /// Every profile rule, sorted by id.
    public static let all: [RuleDescription] = entries.map(\.rule).sorted { $0.id < $1.id }

    /// The rule with this id, if it is a profile rule.
    public static func description(_ id: String) -> RuleDescription? { all.first { $0.id == id } }

    static let minimalVMAP = "xmlns:vmap=\"http://www.iab.net/videosuite/vmap\" version=\"1.0\""

    public static let inputNotApplicable = RuleDescription(
        id: "PROFILE-input-not-applicable",
        name: "Profile not applicable",
        summary: "the selected profile does not apply to this kind of input",
        rationale: "Pause ads and the companion presentation read a VAST response, the schedule reads a VMAP document; asking a profile about any other input has no answer, and the verdict says so instead of pretending the tag is fine.",
        fix: "Select the profiles that match the input: pause and companion for VAST responses, schedule for VMAP, SSAI for either.",
        severity: .warning,
        specReferences: [
            SpecReference(document: .pauseAds, section: "Scheduling a pause ad", quote: "The VAST response must contain a NonLinear creative with a PNG or JPEG StaticResource."),
        ],
        validExamples: [
            RuleExample("<VAST version=\"4.2\"/>"),
        ],
        invalidExamples: [
            RuleExample("↓<vmap:VMAP \(minimalVMAP)/>"),
        ],
        schemaBasis: .outsideVASTSchemas("the rule checks which player profiles were asked of which kind of input (a VAST response, a VMAP document), not the input itself; it rests on the profiles' references."))
}

extension SchemaBasis {
    /// The basis of a profile rule: a requirement one player integration makes of the tags it is given,
    /// beyond what VAST or VMAP require of a document, so no VAST XSD can express it; `reference` is the
    /// document the rule cites.
    static func profile(_ reference: SpecDocument) -> SchemaBasis {
        .outsideVASTSchemas("the rule checks a requirement of a player profile, which goes beyond what VAST and VMAP require of a document; it rests on the text the rule cites (\(reference.rawValue)).")
    }
}
