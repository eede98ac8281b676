import Foundation

/// One runnable case found in a corpus. Small on purpose: discovery of 100,000 cases keeps only
/// names and, for table rows, the row itself.
public struct CorpusCase: Sendable, Hashable {
    /// Where the case comes from. Paths are relative to the corpus root, with `/` separators.
    public enum Source: Sendable, Hashable {
        /// A VAST or VMAP (or hostile) file with its sidecar expectation (`nil` when it has none).
        case document(file: String, expectation: String?)
        /// A folder holding `chain.json`, the chain's documents and their URI map.
        case chain(folder: String)
        /// A folder holding `meta.json`: a nested corpus whose run the case pins.
        case meta(folder: String)
        /// One row of a parameter table.
        case parameterRow(table: String, row: ParameterRow)
        /// Something found during discovery that cannot become a case (an expectation without a
        /// document, a table row that does not parse); it is reported as an `error` row.
        /// `line`: where in `file` the fault is, when it is at one line (a table row).
        case broken(file: String, message: String, line: Int? = nil)
    }

    /// Stable identifier: the path relative to the corpus root, plus `#row-id` for table rows.
    public var id: String
    /// The corpus folder the case belongs to (its parent folder; for tables, the table without `.tsv`).
    public var suite: String
    public var source: Source

    public init(id: String, suite: String, source: Source) {
        self.id = id
        self.suite = suite
        self.source = source
    }

    /// The kind known before the case runs (`vast` and `vmap` are told apart after decoding).
    public var provisionalKind: CaseKind {
        switch source {
        case .document(let file, _): Corpus.isHostile(file) ? .hostile : .vast
        case .chain: .chain
        case .meta: .meta
        case .parameterRow: .params
        case .broken(let file, _, _): file.hasSuffix(".tsv") || file.contains(".tsv#") ? .params : Corpus.isHostile(file) ? .hostile : .vast
        }
    }

    /// The case's main file relative to the corpus root.
    public var file: String {
        switch source {
        case .document(let file, _): file
        case .chain(let folder): folder + "/" + Corpus.chainFileName
        case .meta(let folder): folder + "/" + Corpus.metaFileName
        case .parameterRow(let table, _): table
        case .broken(let file, _, _): file
        }
    }
}

/// Finds the cases of a corpus folder.
///
/// Layout (see `Corpus/README.md`):
/// - `<name>.<ext>` with `<name>.expect.json` beside it: a document case (any extension, so binary
///   hostile inputs can be `.bin`). An `.xml` file without an expectation is still a case: it needs a
///   golden snapshot (`<name>.golden.json`, written by `--record`) or it is reported as an error.
/// - a folder holding `chain.json`: one chain case (the folder is not searched further).
/// - a folder holding `meta.json`: one meta case, its nested corpus run as its input (not searched further).
/// - `<table>.tsv`: a parameter table, one case per row.
/// - Hidden files and folders, `README*` files and golden snapshots are ignored.
public enum Corpus {
    public static let expectationSuffix = ".expect.json"
    public static let goldenSuffix = ".golden.json"
    public static let chainFileName = "chain.json"
    public static let chainGoldenFileName = "chain.golden.json"
    public static let metaFileName = "meta.json"

    /// The cases under `root`, sorted by id.
    /// - Throws: ``ConformanceError/corpusNotFound(path:)`` when `root` is not a folder.
    public static func discover(at root: URL) throws(ConformanceError) -> [CorpusCase] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .corpusNotFound(path: root.path)
        }
        var cases: [CorpusCase] = []
        walk(root, relative: "", ancestors: [root.resolvingSymlinksInPath().path], into: &cases)
        return cases.sorted { $0.id < $1.id }
    }

    /// - Parameter ancestors: the real paths of `folder` and the folders above it in the walk: a link
    ///   back to one of them is a loop, reported as one broken case instead of being read again and again.
    private static func walk(_ folder: URL, relative: String, ancestors: Set<String>, into cases: inout [CorpusCase]) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") }
            .sorted()
        let suite = relative.isEmpty ? "." : relative
        func rel(_ name: String) -> String { relative.isEmpty ? name : relative + "/" + name }

        var files: [String] = []
        for name in names {
            var isDirectory: ObjCBool = false
            let url = folder.appendingPathComponent(name)
            // A name that does not resolve (a dangling link) is still listed as a file, so it becomes
            // an unreadable case instead of silently vanishing.
            let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if exists && isDirectory.boolValue {
                if FileManager.default.fileExists(atPath: url.appendingPathComponent(chainFileName).path) {
                    cases.append(CorpusCase(id: rel(name), suite: suite, source: .chain(folder: rel(name))))
                } else if FileManager.default.fileExists(atPath: url.appendingPathComponent(metaFileName).path) {
                    // The nested corpus is the case's input, not cases of this corpus.
                    cases.append(CorpusCase(id: rel(name), suite: suite, source: .meta(folder: rel(name))))
                } else {
                    let real = url.resolvingSymlinksInPath().path
                    if ancestors.contains(real) {
                        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? real
                        cases.append(CorpusCase(id: rel(name), suite: suite, source: .broken(
                            file: rel(name),
                            message: "folder link loops: \(rel(name)) points to \(target), a folder that contains it; the link is not followed (remove it)")))
                    } else {
                        walk(url, relative: rel(name), ancestors: ancestors.union([real]), into: &cases)
                    }
                }
            } else {
                files.append(name)
            }
        }

        var claimed = Set<String>()
        // Expectations first: each claims the one document beside it with the same base name.
        for name in files where name.hasSuffix(expectationSuffix) {
            let base = String(name.dropLast(expectationSuffix.count))
            let documents = files.filter {
                $0.hasPrefix(base + ".") && !$0.hasSuffix(expectationSuffix) && !$0.hasSuffix(goldenSuffix)
                    && !$0.dropFirst(base.count + 1).contains(".")
            }
            switch documents.count {
            case 1:
                claimed.insert(documents[0])
                cases.append(CorpusCase(id: rel(documents[0]), suite: suite,
                                        source: .document(file: rel(documents[0]), expectation: rel(name))))
            case 0:
                cases.append(CorpusCase(id: rel(name), suite: suite, source: .broken(
                    file: rel(name), message: "expectation without a case file: add \(base).xml (or another \(base).<ext>) beside it")))
            default:
                for document in documents { claimed.insert(document) }
                cases.append(CorpusCase(id: rel(name), suite: suite, source: .broken(
                    file: rel(name), message: "expectation matches several case files (\(documents.joined(separator: ", "))); keep one")))
            }
        }
        for name in files where !claimed.contains(name) {
            if name.hasSuffix(".xml") {
                cases.append(CorpusCase(id: rel(name), suite: suite, source: .document(file: rel(name), expectation: nil)))
            } else if name.hasSuffix(".tsv") {
                let table = rel(name)
                let tableSuite = String(table.dropLast(4))
                do {
                    let text = try readText(folder.appendingPathComponent(name))
                    for entry in ParameterTable.parse(text) {
                        switch entry {
                        case .row(let row):
                            cases.append(CorpusCase(id: "\(table)#\(row.id)", suite: tableSuite,
                                                    source: .parameterRow(table: table, row: row)))
                        case .broken(let line, let id, let message):
                            cases.append(CorpusCase(id: "\(table)#\(id ?? "line-\(line)")", suite: tableSuite,
                                                    source: .broken(file: table, message: "line \(line): \(message)", line: line)))
                        }
                    }
                } catch {
                    cases.append(CorpusCase(id: table, suite: tableSuite, source: .broken(file: table, message: error.description)))
                }
            }
        }
    }

    /// Whether a case path lies in a `hostile` folder.
    static func isHostile(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains("hostile")
    }

    static func readText(_ url: URL) throws(ConformanceError) -> String {
        do {
            let data = try Data(contentsOf: url)
            guard let text = String(data: data, encoding: .utf8) else {
                throw ConformanceError.unreadable(file: url.lastPathComponent, reason: "not UTF-8 text")
            }
            return text
        } catch let error as ConformanceError {
            throw error
        } catch {
            throw .unreadable(file: url.lastPathComponent, reason: fileErrorReason(error))
        }
    }
}
