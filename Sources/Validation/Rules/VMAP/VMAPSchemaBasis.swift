import ConformCore

extension SchemaBasis {
    /// The basis of every VMAP rule. The VAST XSDs do not describe a VMAP playlist; the IAB publishes a
    /// VMAP 1.0 XSD of its own, but it is not among the schemas the rules are proven against, so these
    /// rules rest on the VMAP 1.0.1 text.
    static let vmap = SchemaBasis.outsideVASTSchemas(
        "the rule checks a VMAP playlist, which the VAST XSDs do not describe; it rests on the VMAP 1.0.1 text (the IAB's VMAP 1.0 XSD is not among the schemas the rules are proven against).")
}
