import ConformCore

/// The formats the findings of checked inputs (`conform check`'s tags, `conform params`' strings) are written
/// in, for CI tools (see ``FindingsOutput``). The raw value is the `--format` spelling.
public enum FindingsFormat: String, Sendable, Hashable, CaseIterable {
    case sarif, github, junit, markdown, codequality, html

    /// The format spelt `name`.
    /// - Throws: ``ReportError/unknownFormat(_:)`` when `name` names none.
    public init(name: String) throws(ReportError) {
        guard let format = FindingsFormat(rawValue: name) else { throw .unknownFormat(name) }
        self = format
    }

    /// The findings of `inputs` in this format.
    /// - Parameters:
    ///   - threshold: the lowest severity that fails an input (JUnit, Markdown, HTML).
    ///   - rules: the catalogue SARIF describes the rules from.
    ///   - version: conform's version, for SARIF.
    ///   - command: the command that checked the inputs (`check`), and `noun`, what it checks (`input`).
    /// - Throws: ``ReportError`` when the output could not be encoded.
    public func render(_ inputs: [FindingsOutput.Input], threshold: Severity, rules: [RuleDescription], version: String,
                       command: String, noun: String) throws(ReportError) -> String {
        switch self {
        case .sarif: try FindingsOutput.sarif(inputs, rules: rules, version: version)
        case .codequality: try FindingsOutput.codeQuality(inputs)
        case .github: FindingsOutput.githubAnnotations(inputs, command: command, noun: noun)
        case .html: FindingsOutput.html(inputs, threshold: threshold, command: command, noun: noun)
        case .markdown: FindingsOutput.markdown(inputs, threshold: threshold, command: command, noun: noun)
        case .junit: FindingsOutput.junit(inputs, threshold: threshold, command: command, noun: noun)
        }
    }
}
