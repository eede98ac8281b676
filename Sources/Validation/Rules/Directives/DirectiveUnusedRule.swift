import ConformCore
import VAST

/// A directive comment that switches off a rule with no finding where it applies. The finding is made once
/// the rule pass is over (see ``Validator``): only then is it known what the directives suppressed.
struct DirectiveUnusedRule: Rule {
    static let description = RuleDescription(
        id: "DIRECTIVE-unused",
        name: "Directives that switch something off",
        summary: "a <!-- conform-disable… --> comment names a rule that has no finding where the directive applies",
        rationale: "A directive left behind after the tag was fixed hides the next real finding of its rule in the same place, and a directive on the wrong line hides nothing while its author thinks the finding is accepted. Only rules of the tag checks are counted: the findings of --xsd, --follow and the player profiles are made later, so directives naming those rules are never reported here.",
        fix: "Delete the directive, or the rule's name from it; or move it to the line of the finding it is meant for.",
        severity: .info,
        versions: nil,
        specReferences: [
            SpecReference(document: .conform, section: "Directives", quote: "a directive names the rules whose findings it switches off; a name that switches nothing off is reported"),
        ],
        validExamples: [
            RuleExample(#"<!DOCTYPE VAST><!-- conform-disable-line XML-dtd-present: kept for an old player -->\#n<VAST version="4.2"/>"#),
        ],
        invalidExamples: [
            RuleExample(#"↓<!-- conform-disable-next-line XML-dtd-present -->\#n<VAST version="4.2"/>"#),
            RuleExample(#"<!DOCTYPE VAST>\#n↓<!-- conform-disable XML-dtd-present: too late, the DOCTYPE came first -->\#n<VAST version="4.2"/>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {}
}
