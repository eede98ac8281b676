import ConformCore
import VAST

/// The declared VAST version should be one conform knows: 2.0, 3.0, 4.0, 4.1, 4.2, 4.3 or 4.4.
struct RootVersionValueRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-root-version-value",
        name: "Known VAST version",
        summary: "the declared VAST version should be one conform knows: 2.0, 3.0, 4.0, 4.1, 4.2, 4.3 or 4.4",
        rationale: "A player picks its parser from VAST@version and may answer an unknown one with error 102. conform accepts patch levels (4.0.1, 2.0.1); any other value is checked as VAST 4.3, so version-scoped findings may not match what the author meant. A warning, not an error: the schemas type version as a plain string. Each XSD describes one version and says nothing of which versions exist (every one types VAST@version as a plain string), so the list of known versions rests on the texts.",
        fix: "Declare the version the tag is written for, such as version=\"4.2\".",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.2", quote: "version: A float (number with decimal) to indicate the VAST version being used."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "102 VAST version of response not supported."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.0.1"/>"#),
            RuleExample(#"<VAST version="2.0"/>"#),
            RuleExample(#"<VAST version="4.4"/>"#),
        ],
        invalidExamples: [
            RuleExample(#"↓<VAST version="4.5"/>"#),
            RuleExample(#"↓<VAST version="v3"/>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        guard let vast = context.input.vast, let declared = vast.declaredVersion, vast.version == nil else { return }
        context.report("<VAST> declares version \"\(declared)\", which is not a VAST version conform knows (2.0, 3.0, 4.0, 4.1, 4.2, 4.3, 4.4); it is checked as VAST 4.3",
                       at: vast.position, path: vast.path)
    }
}
