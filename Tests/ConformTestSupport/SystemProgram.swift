import Foundation

/// The programs from outside the toolchain that tests run (a browser, a shell, Python). Every test finds
/// them here, so that `SystemPackagesTests` can hold each name to `scripts/system-packages.txt`, the one
/// list of what the install paths install: call `find` with the program's name as a string literal.
public enum SystemProgram {
    /// The first of `names` found on PATH or in the usual folders, tried in order; `nil` when none is
    /// installed. The first name is the one the package list provides; the others are its aliases.
    public static func find(_ names: String...) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/local/bin"]
        for name in names {
            for folder in folders where !folder.isEmpty {
                let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                   FileManager.default.isExecutableFile(atPath: candidate.path) {
                    return candidate
                }
            }
        }
        return nil
    }
}
