import Foundation
import Testing
import ConformCore
@testable import Validation

/// The element descriptions an editor shows on hover: each names an element conform knows, and a section
/// of the VAST 4.3 specification that exists under that number and title.
@Suite struct VASTElementDescriptionsTests {
    @Test func everyDescribedElementIsAVASTElement() {
        #expect(VASTElementDescriptions.names.count >= 60)
        for name in VASTElementDescriptions.names where name != "VAST" {
            #expect(VASTSchemaFacts.versions(ofElement: name) != nil, "\(name) is not an element conform knows")
        }
        // Every element of the 4.3 structure that holds children is described.
        for parent in ["InLine", "Wrapper", "Creative", "Linear", "MediaFiles", "Icon", "Companion", "Verification"] {
            for child in VASTSchemaFacts.children(of: parent, in: .v4_3) ?? [] {
                #expect(VASTElementDescriptions.of(child, parent: parent) != nil, "<\(child)> under <\(parent)> has no description")
            }
        }
    }

    @Test func everyDescribedAttributeIsAnAttributeOfItsElement() throws {
        #expect(VASTElementDescriptions.attributeNames.count >= 50)
        for key in VASTElementDescriptions.attributeNames {
            let parts = key.split(separator: "@").map(String.init)
            try #require(parts.count == 2, "\(key)")
            // Known in some version, or the element takes any attribute (as <Extension> does: conform lists none).
            let known = VASTVersion.allCases.contains { VASTSchemaFacts.attributes(of: parts[0], in: $0)?.contains(parts[1]) == true }
            let open = VASTVersion.allCases.allSatisfy { (VASTSchemaFacts.attributes(of: parts[0], in: $0) ?? []).isEmpty }
            #expect(known || open, "\(key) is not an attribute conform knows in any version")
            #expect(VASTElementDescriptions.of(attribute: parts[1], element: parts[0]) != nil, "\(key)")
        }
        // A shared attribute is described on every element, in the element's own section.
        #expect(VASTElementDescriptions.of(attribute: "apiFramework", element: "Verification") == nil)
        #expect(VASTElementDescriptions.of(attribute: "apiFramework", element: "JavaScriptResource")?.section == "3.17.1")
        #expect(VASTElementDescriptions.of(attribute: "delivery", element: "MediaFile")?.section == "3.9.1")
        #expect(VASTElementDescriptions.of(attribute: "nonsense", element: "MediaFile") == nil)
    }

    @Test func theParentChoosesTheMeaning() {
        #expect(VASTElementDescriptions.of("Error", parent: "VAST")?.section == "3.2.1")
        #expect(VASTElementDescriptions.of("Error", parent: "InLine")?.section == "3.4.11")
        #expect(VASTElementDescriptions.of("Tracking", parent: "Verification")?.section == "3.17.4")
        #expect(VASTElementDescriptions.of("Tracking", parent: "TrackingEvents")?.section == "3.14.3")
        #expect(VASTElementDescriptions.of("NoSuchElement") == nil)
    }

    @Test(.enabled(if: IABReference.available, "the IAB reference texts are not beside the package"))
    func everySectionIsInTheSpecification() throws {
        let spec = String(decoding: try IABReference.data("vast_4.3_spec.md"), as: UTF8.self)
        var described = VASTElementDescriptions.names.compactMap { VASTElementDescriptions.of($0) }
        described += [("Error", "VAST"), ("Tracking", "Verification"), ("TrackingEvents", "Verification")]
            .compactMap { VASTElementDescriptions.of($0.0, parent: $0.1) }
        for description in described {
            // The table of contents lists each section as "[3.9.1 MediaFile](#mediafile)".
            #expect(spec.contains("[\(description.section) \(description.title)]"), "§\(description.section) \(description.title)")
        }
    }
}
