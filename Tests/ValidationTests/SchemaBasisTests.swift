import ConformCore
import Foundation
import Testing
import VAST
import XMLCore
@testable import Validation

/// The official IAB VAST XSDs and spec texts. They live outside the project (`../shared/reference/iab`
/// beside the package, or `CONFORM_IAB_REFERENCE`); the tests that need them are skipped when they are absent.
enum IABReference {
    static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["CONFORM_IAB_REFERENCE"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/reference/iab")
    }()

    static var available: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(SchemaBasis.xsdFileName(for: .v2_0)).path)
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }
}

/// Every rule whose claim a schema can express is proven against the official XSD of each version it
/// covers (see ``SchemaBasis``): on every example of the rule, at every version the rule covers, the rule
/// and the XSD agree.
///
/// How an example is validated: its `VAST@version` is set to the version being proven, and it is
/// validated with libxml2 against that version's XSD (4.3 uses the 4.2 XSD, 4.4 the fixed draft
/// `vast_4.4.xsd`). Examples are un-namespaced,
/// while the 4.x XSDs have the target namespace `http://www.iab.com/VAST`; the validator moves an
/// un-namespaced document into the schema's target namespace first, as `conform check --xsd` does, which
/// is the same as writing `xmlns="http://www.iab.com/VAST"` on the root.
///
/// Examples are fragments (no AdSystem, no Impression), and libxml2 does not look inside an element that
/// comes where the schema expects a required sibling first. So the XSD is used as published except for
/// one relaxation: every element other than VAST and the basis items gets minOccurs="0". The declarations
/// the rule rests on (the basis element's attributes, types and enumerations, the items' own occurrences,
/// every maxOccurs and every order) are the official ones. Only the schema's messages about the rule's
/// subject count: those naming the basis element together with one of its items, and those saying an
/// item element is not expected.
///
/// - Where the basis records the XSD as enforcing the claim, the rule reports an example exactly when the
///   XSD rejects it: every invalid example written for that version fails the XSD, every valid one passes,
///   and examples written for other versions agree too once set to that version.
/// - Where the basis records the XSD as looser than the rule (a decision in the rule's rationale), the
///   XSD accepts every example, the invalid ones included: that is the looseness the decision is about.
/// - Where the basis records the XSD as partly enforcing the claim (the rationale names where the two
///   differ), the XSD must reject at least one example the rule reports and accept one the rule accepts.
/// - Where the basis records the element or attribute as undeclared in the XSD (the draft 4.4 schema leaves
///   out parts the 4.4 text keeps, 2.0 has no skipoffset), the XSD knows the structure of no example, or
///   does not allow the attribute: the rule rests on the text.
/// - A valid example written for a version the rule does not cover passes the XSD of its own version.
/// - An example set to a version whose XSD does not know its structure (an element that version does not
///   have there) proves nothing about that version and is skipped; each version must still be proven by
///   at least one example the rule reports and, where it enforces, one it accepts.
@Suite(.enabled(if: IABReference.available, "IAB reference files not found beside the package (set CONFORM_IAB_REFERENCE to run)"))
struct SchemaBasisTests {
    static let described: [RuleDescription] = AllRules.descriptions.filter { $0.schemaBasis?.hasDeclarations == true }
    static let ruleIDs: [String] = described.map(\.id)

    /// Compiled once per file: the XSD bytes and their target namespace.
    static let schemas: [String: (data: Data, namespace: String?)] = {
        var out: [String: (Data, String?)] = [:]
        for version in VASTVersion.allCases {
            let name = SchemaBasis.xsdFileName(for: version)
            guard out[name] == nil, let data = try? IABReference.data(name) else { continue }
            out[name] = (data, SchemaValidation.targetNamespace(ofSchema: data))
        }
        return out
    }()

    /// The example's text with its `VAST@version` set to `version`.
    static func text(_ example: RuleExample, as version: VASTVersion) -> String {
        let clean = example.cleanText
        guard let range = clean.range(of: #"<VAST version="[^"]*""#, options: .regularExpression) else { return clean }
        return clean.replacingCharacters(in: range, with: "<VAST version=\"\(version.rawValue)\"")
    }

    /// The version an example declares.
    static func declaredVersion(_ example: RuleExample) -> VASTVersion? {
        let clean = example.cleanText
        guard let range = clean.range(of: #"<VAST version="[^"]*""#, options: .regularExpression) else { return nil }
        return VASTVersion(declared: String(clean[range].dropFirst(15).dropLast()))
    }

    /// The XSD with the occurrences of everything but `VAST` and the basis items relaxed to minOccurs="0".
    static func relaxed(_ schema: Data, keeping items: [String]) -> Data {
        let text = String(decoding: schema, as: UTF8.self)
        var out = ""
        var rest = text[...]
        while let tag = rest.range(of: #"<xs:element\b[^>]*>"#, options: .regularExpression) {
            out += rest[..<tag.lowerBound]
            var start = String(rest[tag])
            let name = start.range(of: #"name="[^"]*""#, options: .regularExpression).map { String(start[$0].dropFirst(6).dropLast()) }
            if name != "VAST" && !(name.map(items.contains) ?? false) {
                if let occurs = start.range(of: #"minOccurs="[^"]*""#, options: .regularExpression) {
                    start.replaceSubrange(occurs, with: #"minOccurs="0""#)
                } else if let space = start.firstIndex(of: " ") ?? start.firstIndex(of: ">") {
                    start.insert(contentsOf: #" minOccurs="0""#, at: space)
                }
            }
            out += start
            rest = rest[tag.upperBound...]
        }
        out += rest
        return Data(out.utf8)
    }

    /// Every schema message for `text` against the (relaxed) XSD of `version`.
    static func schemaMessages(_ text: String, version: VASTVersion, basis: SchemaBasis) throws -> [String] {
        let schema = try #require(schemas[SchemaBasis.xsdFileName(for: version)])
        let messages = XMLParser.validate(Data(text.utf8), schema: relaxed(schema.data, keeping: basis.items), targetNamespace: schema.namespace)
        #expect(!messages.contains { $0.domain == SchemaValidation.schemaParserDomain && $0.level != .warning },
                "\(SchemaBasis.xsdFileName(for: version)) did not compile: \(messages.prefix(3))")
        return messages.filter { $0.level != .warning }.map(\.message)
    }

    /// The messages about the basis: those naming `element` as the element in error and, when the basis
    /// has items, one of them (a missing or invalid attribute, a missing child); those saying that an item
    /// element is not expected there (a second one, or one in the wrong place); and those whose list of
    /// expected elements names an item (a required item missing before another element).
    static func about(_ basis: SchemaBasis, in messages: [String]) -> [String] {
        func names(_ element: String, _ message: String) -> Bool {
            message.range(of: "^Element '(\\{[^}]*\\})?\(element)'", options: .regularExpression) != nil
        }
        func mentions(_ item: String, _ text: Substring) -> Bool {
            text.range(of: "\\b\(item)\\b", options: .regularExpression) != nil
        }
        return messages.filter { message in
            if ([basis.element] + basis.otherElements).contains(where: { names($0, message) }) {
                return basis.items.isEmpty || basis.items.contains { mentions($0, message[...]) }
            }
            if message.contains("This element is not expected") && basis.items.contains(where: { names($0, message) }) { return true }
            guard let expected = message.range(of: "Expected is") else { return false }
            return basis.items.contains { mentions($0, message[expected.upperBound...]) }
        }
    }

    /// Versions of a declaration the rule covers.
    static func versions(_ declaration: SchemaBasis.Declaration, of rule: RuleDescription) -> [VASTVersion] {
        VASTVersion.allCases.filter { declaration.versions.contains($0) && (rule.versions?.contains($0) ?? true) }
    }

    /// Messages saying that an element the basis is not about has no place where it is.
    static func unknownStructure(_ basis: SchemaBasis, in messages: [String]) -> [String] {
        messages.filter { $0.contains("This element is not expected") || $0.contains("No matching global declaration") }
            .filter { !about(basis, in: [$0]).contains($0) }
    }

    /// Whether the messages say the example lies outside what the XSD declares: an element the basis is
    /// not about has no place where it is, or the basis element or item itself is not declared there (an
    /// element that is not expected, an item attribute that is not allowed).
    static func outsideTheSchema(_ basis: SchemaBasis, in messages: [String]) -> Bool {
        if !unknownStructure(basis, in: messages).isEmpty { return true }
        let subjects = [basis.element] + basis.otherElements + basis.items
        return messages.contains { message in
            if message.contains("No matching global declaration") { return true }
            if message.contains("This element is not expected") {
                return subjects.contains { message.range(of: "^Element '(\\{[^}]*\\})?\($0)'", options: .regularExpression) != nil }
            }
            return basis.items.contains { message.contains("The attribute '\($0)' is not allowed") }
        }
    }

    @Test(arguments: ruleIDs)
    func examplesAgreeWithTheOfficialSchemas(ruleID: String) throws {
        let rule = try #require(Self.described.first { $0.id == ruleID })
        let type = try #require(AllRules.types.first { $0.description.id == ruleID })
        let basis = try #require(rule.schemaBasis)
        #expect(!basis.declarations.isEmpty)
        let examples = rule.validExamples.map { ($0, true) } + rule.invalidExamples.map { ($0, false) }
        for declaration in basis.declarations {
            let versions = Self.versions(declaration, of: rule)
            #expect(!versions.isEmpty, "\(ruleID): the declaration for \(declaration.versions) lies outside the rule's versions")
            for version in versions {
                let file = SchemaBasis.xsdFileName(for: version)
                var reportedAndRejected = 0, acceptedByBoth = 0
                for (example, valid) in examples {
                    let declared = Self.declaredVersion(example)
                    if valid, let declared, rule.versions?.contains(declared) == false { continue }
                    let text = Self.text(example, as: version)
                    let reported = !Validator.validate(VASTDecoder.decode(text), rules: [type]).filter { $0.ruleID == ruleID }.isEmpty
                    let messages = try Self.schemaMessages(text, version: version, basis: basis)
                    let rejected = !Self.about(basis, in: messages).isEmpty
                    let place = "\(valid ? "valid" : "invalid") example at \(example.sourceFile):\(example.sourceLine) as VAST \(version.rawValue) against \(file)"
                    if declared == version {
                        #expect(reported != valid, "\(ruleID): \(place): the rule \(reported ? "reports" : "accepts") it")
                    }
                    if declaration.standing == .undeclared {
                        // The XSD does not know the structure the rule is about: every example is outside it.
                        #expect(Self.outsideTheSchema(basis, in: messages), "\(ruleID): \(place): the basis records the element as undeclared in the XSD, yet it knows it: \(messages)")
                        continue
                    }
                    guard Self.unknownStructure(basis, in: messages).isEmpty || declared == version else { continue }
                    switch declaration.standing {
                    case .enforced:
                        #expect(rejected == reported, "\(ruleID): \(place): the rule \(reported ? "reports" : "accepts") it, the XSD \(rejected ? "rejects" : "accepts") it (\(declaration.declaration)); messages: \(messages)")
                        if reported && rejected { reportedAndRejected += 1 }
                        if !reported && !rejected { acceptedByBoth += 1 }
                    case .partial:
                        // Agreement is counted, not required: the rationale names where the two differ.
                        if reported && rejected { reportedAndRejected += 1 }
                        if !reported && !rejected { acceptedByBoth += 1 }
                    case .undeclared:
                        break
                    case .looser:
                        #expect(!rejected, "\(ruleID): \(place): the basis records the XSD as looser than the rule, yet it rejects the example: \(messages)")
                        if reported { reportedAndRejected += 1 }
                        acceptedByBoth += 1
                    }
                }
                if declaration.standing == .undeclared { continue }
                #expect(reportedAndRejected > 0, "\(ruleID): no example the rule reports proves \(file) as VAST \(version.rawValue)")
                #expect(acceptedByBoth > 0, "\(ruleID): no example the rule accepts proves \(file) as VAST \(version.rawValue)")
            }
        }
        // Valid examples written for a version the rule does not cover show the version boundary: the
        // XSD of that version accepts them too.
        for example in rule.validExamples {
            guard let declared = Self.declaredVersion(example), rule.versions?.contains(declared) == false else { continue }
            let found = Self.about(basis, in: try Self.schemaMessages(example.cleanText, version: declared, basis: basis))
            #expect(found.isEmpty, "\(ruleID): valid example at \(example.sourceFile):\(example.sourceLine) fails \(SchemaBasis.xsdFileName(for: declared)): \(found)")
        }
    }

    @Test func theRelaxationKeepsTheBasisAndCompiles() throws {
        let schema = try #require(Self.schemas[SchemaBasis.xsdFileName(for: .v4_2)])
        let text = String(decoding: Self.relaxed(schema.data, keeping: ["UniversalAdId"]), as: UTF8.self)
        #expect(text.contains(#"name="UniversalAdId" minOccurs="1""#))
        #expect(!text.contains(#"name="AdSystem" minOccurs="1""#))
        #expect(text.contains(#"name="delivery" use="required""#))
        // An InLine without AdSystem passes the relaxed schema; a Creative without UniversalAdId still fails.
        let basis = SchemaBasis(element: "Creative", items: ["UniversalAdId"], [])
        let messages = try Self.schemaMessages("<VAST version=\"4.2\"><Ad><InLine><Creatives><Creative/></Creatives></InLine></Ad></VAST>", version: .v4_2, basis: basis)
        #expect(Self.about(basis, in: messages).count == 1, "\(messages)")
    }
}

/// The schema bases as data, checked without the reference files.
@Suite struct SchemaBasisDataTests {
    @Test func declarationsCoverEveryVersionOfTheRuleOnce() {
        for rule in SchemaBasisTests.described {
            let basis = rule.schemaBasis!
            let covered = basis.declarations.flatMap { SchemaBasisTests.versions($0, of: rule) }
            let expected = VASTVersion.allCases.filter { rule.versions?.contains($0) ?? true }
            #expect(covered.sorted() == expected, "\(rule.id): declarations cover \(covered.map(\.rawValue)), the rule \(expected.map(\.rawValue))")
        }
    }

    /// Rules whose subject the VAST XSDs do not describe say what they rest on instead, and only they do:
    /// every VMAP, trafficking-parameter and XSD rule, the AdParameters string and VAST 1.0 (the profile
    /// rules are checked beside them, in ProfilesTests).
    @Test func rulesOutsideTheVASTSchemasSaySo() {
        let rules = AllRules.descriptions
        let prefixes = ["VMAP-", "PARAM-", "XSD-"]
        let others: Set = ["VAST-2.0-adparameters-trafficking", "VAST-1.0-unsupported"]
        for rule in rules {
            let outside = prefixes.contains { rule.id.hasPrefix($0) } || others.contains(rule.id)
            #expect((rule.schemaBasis?.outsideVASTSchemas != nil) == outside, "\(rule.id)")
            if let basis = rule.schemaBasis, basis.outsideVASTSchemas != nil {
                #expect(!basis.hasDeclarations && !basis.isSpecTextOnly, "\(rule.id)")
            }
        }
        #expect(rules.filter { $0.id.hasPrefix("PARAM-") }.count >= 39 && rules.filter { $0.id.hasPrefix("VMAP-") }.count >= 28)
    }

    @Test func specTextOnlyRulesDeclareNothing() {
        let textOnly = AllRules.descriptions.filter { $0.schemaBasis?.isSpecTextOnly == true }
        #expect(textOnly.count >= 60)
        #expect(textOnly.allSatisfy { $0.schemaBasis == .specTextOnly })
        #expect(!SchemaBasisTests.described.contains { $0.schemaBasis!.isSpecTextOnly })
    }
}
