import Foundation

/// Everything that can go wrong in the Conformance layer, with readable descriptions.
public enum ConformanceError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The corpus path does not exist or is not a folder or file.
    case corpusNotFound(path: String)
    /// An expectation file (or table row, or `chain.json`) is not a valid expectation.
    case malformedExpectation(file: String, reason: String)
    /// A case file could not be read.
    case unreadable(file: String, reason: String)
    /// A case needs an evaluator the run was not given.
    case noEvaluator(kind: String)
    /// A results, baseline or snapshot file could not be read or written.
    case io(path: String, reason: String)
    /// A `--shard` value that is not `K/N` with 1 ≤ K ≤ N.
    case badShard(String)
    /// Two merged result files disagree about the same case.
    case mergeConflict(caseID: String)
    /// The shards given to a merge do not make up one whole run: what is wrong.
    case incompleteShards(String)

    public var description: String {
        switch self {
        case .corpusNotFound(let path): "corpus not found: \(path)"
        case .malformedExpectation(let file, let reason): "malformed expectation in \(file): \(reason)"
        case .unreadable(let file, let reason): "cannot read \(file): \(reason)"
        case .noEvaluator(let kind): "no \(kind) evaluator is configured in this build of conform; the case cannot run (skip these cases with --skip-kind)"
        case .io(let path, let reason): "\(path): \(reason)"
        case .badShard(let raw): "bad shard '\(raw)': expected K/N with 1 <= K <= N (for example 2/4)"
        case .mergeConflict(let id): "case '\(id)' appears in more than one results file with different outcomes"
        case .incompleteShards(let reason): "the shards do not make up one run: \(reason)"
        }
    }
}

/// The whole content of the file at `url`. A regular file is read at once; a pipe, a terminal or a device
/// (`/dev/stdin`, a named pipe, a process substitution) is read until its end, where reading it as a regular
/// file would fail with a misleading reason.
public func readWholeFile(_ url: URL) throws -> Data {
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular, type != .typeDirectory {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }
    return try Data(contentsOf: url)
}

/// Why a file could not be read or written, in plain words: the system's reason where the error carries one
/// ("no such file or directory", "is a directory", "permission denied"), else the error's own description.
/// (Foundation's descriptions of these read "The operation could not be completed", or only an error number.)
public func fileErrorReason(_ error: any Error) -> String {
    let ns = error as NSError
    // The underlying error may be a Swift `POSIXError`, which does not cast to NSError but bridges to one.
    let underlying = (ns.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
    let posix = ns.domain == NSPOSIXErrorDomain ? ns : underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? $0 : nil }
    if let posix, let text = strerror(Int32(truncatingIfNeeded: posix.code)) {
        return String(cString: text).lowercased()
    }
    return ns.localizedDescription
}
