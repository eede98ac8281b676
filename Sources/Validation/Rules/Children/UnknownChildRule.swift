import ConformCore
import VAST

/// Children of a parent element must be ones its schema defines: one rule per parent of the structure table
/// (``VASTStructure/children``), generated from it. The table gives each rule its id, versions, element, wording
/// and schema basis; the parent's row in ``UnknownChildRules/rows`` gives the spec text it quotes and its examples.
struct UnknownChildRule<Parent: UnknownChildParent>: Rule {
    static var description: RuleDescription { UnknownChildRules.description(of: Parent.element) }

    func check(_ context: RuleContext) {
        VASTStructure.reportMisplacedChildren(of: Parent.element, in: context)
    }
}

/// A parent element of the structure table, naming its rule: `UnknownChildRule<UnknownChildParents.Ad>`.
protocol UnknownChildParent {
    /// The parent's local name, a key of ``VASTStructure/children``.
    static var element: String { get }
}

/// The parents the Children family registers, one type each (a test holds them to the structure table).
enum UnknownChildParents {
    enum VAST: UnknownChildParent { static let element = "VAST" }
    enum Ad: UnknownChildParent { static let element = "Ad" }
    enum InLine: UnknownChildParent { static let element = "InLine" }
    enum Wrapper: UnknownChildParent { static let element = "Wrapper" }
    enum Creatives: UnknownChildParent { static let element = "Creatives" }
    enum Creative: UnknownChildParent { static let element = "Creative" }
    enum Linear: UnknownChildParent { static let element = "Linear" }
    enum MediaFiles: UnknownChildParent { static let element = "MediaFiles" }
    enum ClosedCaptionFiles: UnknownChildParent { static let element = "ClosedCaptionFiles" }
    enum TrackingEvents: UnknownChildParent { static let element = "TrackingEvents" }
    enum VideoClicks: UnknownChildParent { static let element = "VideoClicks" }
    enum NonLinearAds: UnknownChildParent { static let element = "NonLinearAds" }
    enum NonLinear: UnknownChildParent { static let element = "NonLinear" }
    enum CompanionAds: UnknownChildParent { static let element = "CompanionAds" }
    enum Companion: UnknownChildParent { static let element = "Companion" }
    enum Icons: UnknownChildParent { static let element = "Icons" }
    enum Icon: UnknownChildParent { static let element = "Icon" }
    enum IconClicks: UnknownChildParent { static let element = "IconClicks" }
    enum IconClickFallbackImages: UnknownChildParent { static let element = "IconClickFallbackImages" }
    enum IconClickFallbackImage: UnknownChildParent { static let element = "IconClickFallbackImage" }
    enum Extensions: UnknownChildParent { static let element = "Extensions" }
    enum CreativeExtensions: UnknownChildParent { static let element = "CreativeExtensions" }
    enum AdVerifications: UnknownChildParent { static let element = "AdVerifications" }
    enum Verification: UnknownChildParent { static let element = "Verification" }
    enum ViewableImpression: UnknownChildParent { static let element = "ViewableImpression" }
}

/// What the unknown-child rules share, and how each one's description is made from the structure table and its row.
enum UnknownChildRules {
    /// What a parent's rule says beyond what the structure table gives: the spec text that lists the parent's
    /// children, examples, and where an XSD stands otherwise than the rule (see ``schemaBasis(of:versions:)``).
    struct Row: Sendable {
        var element: String
        var reference: SpecReference
        var valid: [RuleExample]
        var invalid: [RuleExample]
        /// The versions whose XSD stands otherwise than declaring the parent's children without `xs:any`: it leaves
        /// the parent out, or puts it elsewhere (`undeclared`), or admits other content where the rule does not look
        /// (`partial`).
        var exceptions: [SchemaBasis.Declaration]

        init(_ element: String, _ reference: SpecReference, valid: [RuleExample], invalid: [RuleExample],
             exceptions: [SchemaBasis.Declaration] = []) {
            self.element = element
            self.reference = reference
            self.valid = valid
            self.invalid = invalid
            self.exceptions = exceptions
        }
    }

    /// Every parent's description, by element, made once.
    static let descriptions: [String: RuleDescription] = Dictionary(
        uniqueKeysWithValues: rows.map { ($0.element, describe($0)) })

    /// The description of the rule of `element`, a parent of the structure table that has a row.
    static func description(of element: String) -> RuleDescription {
        guard let description = descriptions[element] else {
            preconditionFailure("<\(element)> has no row in UnknownChildRules.rows")
        }
        return description
    }

    /// The error every unknown child is in the player's terms.
    static let schemaErrorReference = SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error.")

    /// The first version in which the structure table gives `element` a child: where its rule starts.
    static func since(_ element: String) -> VASTVersion {
        (VASTStructure.children[element] ?? [:]).values.map(\.since).min() ?? .v2_0
    }

    /// The rule of `row`'s parent, from the structure table and the row.
    static func describe(_ row: Row) -> RuleDescription {
        let parent = row.element, since = since(row.element)
        let versions = since.andLater
        return RuleDescription(
            id: "VAST-\(since.rawValue)-\(parent.lowercased())-unknown-child",
            name: "Children of <\(parent)>",
            summary: "<\(parent)> may contain only the children its schema defines for the declared version",
            rationale: "The schema lists what <\(parent)> may contain; anything else is a schema error (101) that players silently skip, so what it was meant to carry is lost. The usual causes are a misspelling, a mis-cased name, or an element placed under the wrong parent. Elements introduced in a later version than the declared one are reported by VAST-2.0-version-mismatch instead of here; elements dropped before the declared version (for example the VAST 4.0 FlashResource of Verification) are reported here. Extension content is never checked.",
            fix: "Fix the name (element names are case-sensitive) or move the element to the parent that defines it.",
            severity: .error,
            versions: versions,
            elements: [parent],
            specReferences: [row.reference, schemaErrorReference],
            validExamples: row.valid,
            invalidExamples: row.invalid,
            schemaBasis: schemaBasis(of: row, versions: versions))
    }

    /// The XSDs declare a parent's children one by one, in an `xs:sequence` or `xs:choice` without `xs:any`, so
    /// they reject a child they do not declare: the basis of the rule, in every version but the row's exceptions.
    /// The subject is the unknown child the invalid examples mark, which the schema's messages name (the parent
    /// with those children as items when the examples mark several).
    static func schemaBasis(of row: Row, versions: ClosedRange<VASTVersion>) -> SchemaBasis {
        let enforced = "\(row.element) declares its children without xs:any (an undeclared child is not expected)"
        var declarations: [SchemaBasis.Declaration] = []
        for version in VASTVersion.allCases where versions.contains(version) {
            let exception = row.exceptions.first { $0.versions.contains(version) }
            let (text, standing) = (exception?.declaration ?? enforced, exception?.standing ?? .enforced)
            if let last = declarations.last, last.declaration == text, last.standing == standing {
                declarations[declarations.count - 1].versions = last.versions.lowerBound...version
            } else {
                declarations.append(SchemaBasis.Declaration(version...version, text, standing))
            }
        }
        var items: [String] = []
        for example in row.invalid {
            guard let marker = example.text.firstIndex(of: RuleExample.marker) else { continue }
            let name = String(example.text[marker...].dropFirst().drop { $0 == "<" }.prefix { $0.isLetter || $0.isNumber })
            if !name.isEmpty, !items.contains(name) { items.append(name) }
        }
        // The validator names the unknown child itself ("Element 'Inline': This element is not expected"): that is
        // the basis element when the examples show one; several are the items of the parent.
        return items.count == 1 ? SchemaBasis(element: items[0], declarations) : SchemaBasis(element: row.element, items: items, declarations)
    }
}
