import Foundation
import Testing
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
