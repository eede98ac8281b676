import ConformCore
import Foundation
import Testing
@testable import XMLCore

/// Comments that are conform directives are kept with their positions; other comments are not.
@Suite struct DirectiveCommentTests {
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- conform-disable VAST-2.0-url-http: legacy CDN -->
        <VAST version="4.2">
          <!-- a plain comment -->
          <Ad id="é"><!--   conform-disable-next-line
               VAST-2.0-url-cdata   -->
          </Ad>
          <!--conform-enable-->
        </VAST>
        """

    static let expected = [
        XMLDirectiveComment(text: "conform-disable VAST-2.0-url-http: legacy CDN", position: SourcePosition(line: 2, column: 1)),
        XMLDirectiveComment(text: "conform-disable-next-line\n       VAST-2.0-url-cdata", position: SourcePosition(line: 5, column: 14),
                            endLine: 6),
        XMLDirectiveComment(text: "conform-enable", position: SourcePosition(line: 8, column: 3)),
    ]

    @Test func directivesAreKeptWithPositions() {
        let doc = XMLParser.parse(Self.document)
        #expect(doc.isWellFormed)
        #expect(doc.directives == Self.expected)
    }

    @Test func bothParsersAgree() {
        let pull = XMLParser.parse(Data(Self.document.utf8), options: XMLParseOptions(pullParserOnly: true))
        #expect(pull.directives == Self.expected)
    }

    @Test(arguments: [String.Encoding.utf16, .utf16BigEndian, .utf16LittleEndian])
    func encodedInputsGiveTheSamePositions(encoding: String.Encoding) throws {
        let text = Self.document.replacingOccurrences(of: "UTF-8", with: "UTF-16")
        let doc = XMLParser.parse(try #require(text.data(using: encoding)))
        #expect(doc.isWellFormed)
        #expect(doc.directives == Self.expected)
    }

    @Test func otherCommentsAreNotKept() {
        let doc = XMLParser.parse("<VAST version=\"4.2\"><!-- conform --><!--conformdisable x--><!-- disable conform-disable --></VAST>")
        #expect(doc.directives.isEmpty)
    }

    @Test func aDocumentThatIsNotWellFormedKeepsTheDirectivesBeforeTheError() {
        let doc = XMLParser.parse("<VAST version=\"4.2\">\n<!-- conform-disable-line XML-not-well-formed --><Ad></VAST>")
        #expect(!doc.isWellFormed)
        #expect(doc.directives.map(\.position) == [SourcePosition(line: 2, column: 1)])
    }
}
