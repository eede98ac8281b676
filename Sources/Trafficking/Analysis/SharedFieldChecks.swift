import ConformCore

/// Checks used by more than one format.
extension AnalysisContext {
    /// A required key: reports `rule` when it is missing (at offset 0, with a capitalisation hint) or
    /// empty (at the key). Returns the segment when it has a value.
    mutating func requireValue(_ key: String, rule: RuleDescription, what: String) -> RawSegment? {
        guard let segment = field(key) else {
            report(rule, "\(what) is missing: add \(key)=<value>.\(caseHint(for: key))", at: 0, key: key)
            return nil
        }
        guard !segment.value.isEmpty else {
            report(rule, "\(key) is empty; \(what.lowercasedFirst) needs a value.", key: segment)
            return nil
        }
        return segment
    }

    /// `campaign` / `campaign name`: equal when both are present. Returns the campaign, if any.
    mutating func checkCampaign() -> String? {
        let aliases = [ParameterKeys.campaign, ParameterKeys.campaignName].compactMap { field($0) }
            .sorted { $0.index < $1.index }
        for segment in aliases { checkText(segment) }
        if aliases.count == 2, aliases[0].value != aliases[1].value {
            report(
                TraffickingRules.campaignAliasMismatch,
                """
                '\(aliases[1].key)' ('\(aliases[1].value.truncatedForMessage)') differs from '\(aliases[0].key)' \
                ('\(aliases[0].value.truncatedForMessage)') in segment \(aliases[0].index); both name the \
                campaign and must match.
                """,
                key: aliases[1])
        }
        guard let first = aliases.first, !first.value.isEmpty else { return nil }
        return first.valueString
    }

    /// `companion_schema_version`: only exactly `1`. Returns 1 when present and valid.
    mutating func checkSchemaVersion() -> Int? {
        guard let segment = field(ParameterKeys.schemaVersion) else { return nil }
        if segment.value == "1" { return 1 }
        let message: String
        if segment.value.isEmpty {
            message = "companion_schema_version is empty; the only supported value is 1 (or leave the key out)."
        } else if Int(segment.value) == 1 || Double(segment.value) == 1 {
            message = "companion_schema_version is '\(segment.value)'; write exactly '1' (the value is compared as written)."
        } else {
            message = "companion_schema_version '\(segment.value.truncatedForMessage)' is not supported; the only supported value is 1."
        }
        report(TraffickingRules.schemaVersionUnsupported, message, value: segment)
        return nil
    }

    /// Warns about a percent-escape in a displayed text value.
    mutating func checkText(_ segment: RawSegment) {
        guard let escape = ParameterStringAnalysis.percentEscapeOffset(in: segment.value, allowingMacros: true) else {
            return
        }
        report(
            TraffickingRules.percentEncodedText,
            "\(segment.key) '\(segment.value.truncatedForMessage)' contains a percent-escape; values are not decoded, so viewers see it as written.",
            at: segment.valueOffset + escape, segment: segment.index, key: segment.keyString)
    }

    /// Checks the text of `key` when present.
    mutating func checkText(_ key: String) {
        if let segment = field(key) { checkText(segment) }
    }
}

extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
