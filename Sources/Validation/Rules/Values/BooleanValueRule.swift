import ConformCore
import VAST

/// Boolean attributes must be true or false (or 1 or 0).
struct BooleanValueRule: DecodeFindingRule {
    static let description = RuleDescription(
        id: "VAST-2.0-boolean-value",
        name: "Boolean values",
        summary: "boolean attributes must be true or false (or 1 or 0)",
        rationale: "xs:boolean accepts exactly true, false, 1 and 0. \"yes\" or \"TRUE\" is a schema error and players differ on what it means, so wrapper behaviour (followAdditionalWrappers, allowMultipleAds) becomes unpredictable. The decoder makes this finding wherever the value occurs, VMAP playlists and the VAST embedded in them included, so the rule carries no version range.",
        fix: "Write true or false in lower case.",
        severity: .error,
        versions: nil,
        specReferences: [
            SpecReference(document: .vast43, section: "3.19", quote: "followAdditionalWrappers: a Boolean value"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper followAdditionalWrappers="false"/></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad>↓<Wrapper followAdditionalWrappers="yes"/></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Wrapper", items: ["followAdditionalWrappers"], [
            .init(VASTVersion.v2_0...VASTVersion.v3_0, "Wrapper has no followAdditionalWrappers attribute", .undeclared),
            .init(VASTVersion.v4_0...VASTVersion.v4_4, "Wrapper@followAdditionalWrappers type=\"xs:boolean\"", .enforced),
        ]))
}
