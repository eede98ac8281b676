extension RuleFamilies {
    /// Macros: unknown, case, deprecated, context, version, encoding.
    static let macro: [any Rule.Type] = [
        MacroCaseRule.self,
        MacroClickPosContextRule.self,
        MacroDeprecatedRule.self,
        MacroEncodedRule.self,
        MacroErrorCodeContextRule.self,
        MacroErrorURLCodeRule.self,
        MacroNewerThanVersionRule.self,
        MacroPercentUnexpandedRule.self,
        MacroPixelOnlyRule.self,
        MacroReasonContextRule.self,
        MacroReasonMissingRule.self,
        MacroRequestOnlyRule.self,
        MacroTemplateUnexpandedRule.self,
        MacroUnknownRule.self,
        MacroUnterminatedRule.self,
    ]
}
