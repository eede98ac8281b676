extension RuleFamilies {
    /// Attribute and element values: times, offsets, media file and resource attributes, enumerations, identifiers, pricing, categories.
    static let values: [any Rule.Type] = [
        BooleanValueRule.self,
        IntegerValueRule.self,
        OffsetFormatRule.self,
        TimeFormatRule.self,
    ]
}
