import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks of an output path before anything is written, so that a path that cannot work is named with
/// the reason in plain words ("Reports is a file, not a folder") instead of the system's error for the
/// first file written inside it ("Reports/results.jsonl: file exists").
enum OutputPath {
    /// Why a folder cannot be used or made at `path` (`-o` of run, report, merge); `nil` when it can,
    /// or when the reason can only be known by trying.
    static func folderProblem(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { return "\(path) is a file, not a folder; give a folder for the output" }
            guard access(path, W_OK) == 0 else { return "the output folder \(path) is not writable" }
            return nil
        }
        return ancestorProblem(of: path, making: "the output folder \(path)")
    }

    /// Why a file cannot be written at `path` (`-o` of baseline, init); `nil` when it can, or when the
    /// reason can only be known by trying.
    static func fileProblem(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard !isDirectory.boolValue else { return "\(path) is a folder; give a file name for the output" }
        }
        return ancestorProblem(of: path, making: path)
    }

    /// The nearest existing folder above `path` must be a folder and writable, for `what` to be made in it.
    private static func ancestorProblem(of path: String, making what: String) -> String? {
        var url = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
        while true {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else { return "cannot make \(what): \(url.path) is a file, not a folder" }
                guard access(url.path, W_OK) == 0 else { return "cannot make \(what): the folder \(url.path) is not writable" }
                return nil
            }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }
}
