import Foundation
import Testing
@testable import Conformance

@Suite struct DiscoveryTests {
    @Test func findsEveryShapeOfCase() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("a/v1.2.xml", Tags.validVAST)
        try corpus.write("a/v1.2.expect.json", #"{"version": 1}"#)
        try corpus.write("a/v1.2.golden.json", "{}")
        try corpus.write("hostile/garbage.bin", Data([0, 1, 2]))
        try corpus.write("hostile/garbage.expect.json", #"{"version": 1}"#)
        try corpus.write("hostile/notes.txt", "ignored")
        try corpus.write("chains/c1/chain.json", #"{"version": 1, "root": "r.xml"}"#)
        try corpus.write("chains/c1/r.xml", Tags.validVAST)
        try corpus.write("chains/c1/nested/x.xml", Tags.validVAST)
        try corpus.write("params/t.tsv", "r1\taccepted\t-\t-\tx=1\nbad row\n")
        try corpus.write("params/t.tsv.golden.json", "{}")
        try corpus.write(".hidden/x.xml", Tags.validVAST)
        try corpus.write("README.md", "docs")
        let cases = try Corpus.discover(at: corpus.root)
        #expect(cases.map(\.id) == ["a/v1.2.xml", "chains/c1", "hostile/garbage.bin", "params/t.tsv#line-2", "params/t.tsv#r1"])
        #expect(cases.map(\.suite) == ["a", "chains", "hostile", "params/t", "params/t"])
        #expect(cases.map(\.provisionalKind) == [.vast, .chain, .hostile, .params, .params])
        #expect(cases[0].source == .document(file: "a/v1.2.xml", expectation: "a/v1.2.expect.json"))
        #expect(cases[1].file == "chains/c1/chain.json")
        guard case .broken(_, let message, _) = cases[3].source else { Issue.record("\(cases[3])"); return }
        #expect(message.hasPrefix("line 2: expected 5 tab-separated columns"))
    }

    @Test func anExpectationMatchingTwoFilesIsBroken() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("a/x.xml", Tags.validVAST)
        try corpus.write("a/x.bin", Data([1]))
        try corpus.write("a/x.expect.json", #"{"version": 1}"#)
        let cases = try Corpus.discover(at: corpus.root)
        #expect(cases.map(\.id) == ["a/x.expect.json"])
        guard case .broken(_, let message, _) = cases[0].source else { Issue.record("\(cases[0])"); return }
        #expect(message.contains("several case files (x.bin, x.xml)"))
    }

    @Test func aFolderLinkThatLoopsIsOneBrokenCase() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("a/x.xml", Tags.validVAST)
        try corpus.write("b/y.xml", Tags.validVAST)
        let fm = FileManager.default
        // a/up -> .. (the corpus root, which holds a); a/self -> . ; a/other -> ../b (not a loop: read).
        try fm.createSymbolicLink(atPath: corpus.root.appendingPathComponent("a/up").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: corpus.root.appendingPathComponent("a/self").path, withDestinationPath: ".")
        try fm.createSymbolicLink(atPath: corpus.root.appendingPathComponent("a/other").path, withDestinationPath: "../b")
        let cases = try Corpus.discover(at: corpus.root)
        #expect(cases.map(\.id) == ["a/other/y.xml", "a/self", "a/up", "a/x.xml", "b/y.xml"])
        guard case .broken(_, let message, _) = cases[2].source else { Issue.record("\(cases[2])"); return }
        #expect(message == "folder link loops: a/up points to .., a folder that contains it; the link is not followed (remove it)")
    }

    @Test func sidecarNames() {
        #expect(Corpus.sidecar(of: "a/b.xml", suffix: ".golden.json") == "a/b.golden.json")
        #expect(Corpus.sidecar(of: "a/b.c.xml", suffix: ".expect.json") == "a/b.c.expect.json")
        #expect(Corpus.sidecar(of: "a.d/b", suffix: ".golden.json") == "a.d/b.golden.json")
        #expect(Corpus.sidecar(of: "a/.b", suffix: ".golden.json") == "a/.b.golden.json")
    }

    @Test func aMissingCorpusIsReported() {
        #expect(throws: ConformanceError.corpusNotFound(path: "/no/such")) {
            _ = try Corpus.discover(at: URL(fileURLWithPath: "/no/such"))
        }
    }

    @Test func fileErrorsReadInPlainWords() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("a/x.xml", Tags.validVAST)
        func reason(_ path: String) -> String? {
            do { _ = try Data(contentsOf: corpus.root.appendingPathComponent(path)); return nil } catch { return fileErrorReason(error) }
        }
        #expect(reason("missing.xml") == "no such file or directory")
        #expect(reason("a") == "is a directory")
        #expect(reason("a/x.xml") == nil)
        // An error that carries no system reason keeps its own description.
        #expect(fileErrorReason(ConformanceError.badShard("x")) == (ConformanceError.badShard("x") as NSError).localizedDescription)
    }
}
