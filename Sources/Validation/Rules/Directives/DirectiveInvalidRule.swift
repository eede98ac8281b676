import ConformCore
import VAST

/// A directive comment that conform cannot follow: an unknown keyword, no rule named, a name that names no rule.
struct DirectiveInvalidRule: Rule {
    static let description = RuleDescription(
        id: "DIRECTIVE-invalid",
        name: "Directive comments that can be followed",
        summary: "a <!-- conform-… --> comment is not a directive conform can follow, or names a rule that does not exist",
        rationale: "A directive comment switches findings off in the tag itself. A misspelt keyword or rule id switches nothing off, so the findings it was written for still fail the check, and the comment misleads whoever reads the tag next. A former rule id still works, and is reported so that it gets renamed.",
        fix: "Write one of conform-disable, conform-enable, conform-disable-line or conform-disable-next-line, followed by rule ids or * patterns from 'conform rules' and, optionally, ': the reason'.",
        severity: .warning,
        versions: nil,
        specReferences: [
            SpecReference(document: .conform, section: "Directives", quote: "<!-- conform-disable-next-line RULE-ID[, RULE-ID…][: reason] --> switches the named rules off on the next line"),
            SpecReference(document: .xml10, section: "2.5", quote: "an XML processor MAY, but need not, make it possible for an application to retrieve the text of comments"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2">\#n  <!-- conform-disable-next-line VAST-2.0-url-http: the partner's CDN has no TLS -->\#n  <Error>http://ads.example.org/e</Error>\#n</VAST>"#),
            RuleExample(#"<!-- conform-disable VAST-*-url-placeholder-host, PROFILE-pause-image-size -->\#n<VAST version="4.2"/>"#),
            RuleExample(#"<VAST version="4.2"><!-- a comment for people, not a directive --></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2">\#n  ↓<!-- conform-disabel VAST-2.0-url-http -->\#n</VAST>"#),
            RuleExample(#"<VAST version="4.2">\#n  ↓<!-- conform-disable-next-line VAST-2.0-url-htp -->\#n</VAST>"#),
            RuleExample(#"<VAST version="4.2">\#n  ↓<!-- conform-disable-line -->\#n</VAST>"#),
            RuleExample(#"<VAST version="4.2">\#n  ↓<!-- conform-disable VAST-4.1-verification-vendor-domain -->\#n</VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        guard context.configuration.inlineDirectives, !context.input.xml.directives.isEmpty else { return }
        for problem in SourceDirectives.problems(in: context.input.xml) {
            context.report(problem.message, at: problem.position, path: nil)
        }
    }
}
