import ConformCore
import Conformance
import Foundation
import Testing
@testable import Reports

@Suite("Streaming")
struct StreamingTests {
    @Test func jsonLinesWithTheHeaderLast() throws {
        let encoder = JSONEncoder()
        var lines = Fixture.results.cases.map { String(decoding: try! encoder.encode($0), as: UTF8.self) }
        lines.append(String(decoding: try encoder.encode(Fixture.results.info), as: UTF8.self))
        let results = try ResultsReader.read(Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(results == Fixture.results)

        let noHeader = Fixture.results.cases.map { String(decoding: try! encoder.encode($0), as: UTF8.self) }
        #expect(throws: ReportError.unreadableResults(reason: "no run header (info) line; give the run's results.json")) {
            try ResultsReader.read(Data(noHeader.joined(separator: "\n").utf8))
        }
    }
}
