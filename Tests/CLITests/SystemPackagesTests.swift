import ConformTestSupport
import Foundation
import Testing

/// `scripts/system-packages.txt` is the one list of what conform needs from outside the toolchain, and
/// every install path reads it. These tests hold the list to what the package and its tests and scripts
/// really use, and the install paths to the list, so that a new dependency cannot reach one path and
/// miss the others.
@Suite struct SystemPackagesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Entry {
        var kind: String
        var name: String
        var groups: Set<String>
        var provides: String
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func entries() throws -> [Entry] {
        try text("scripts/system-packages.txt").split(separator: "\n").compactMap { line in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let kind = fields.first, !kind.hasPrefix("#") else { return nil }
            return fields.count >= 4
                ? Entry(kind: kind, name: fields[1], groups: Set(fields[2].split(separator: ",").map(String.init)), provides: fields[3])
                : Entry(kind: "malformed: \(line)", name: "", groups: [], provides: "")
        }
    }

    static func matches(_ text: String, _ pattern: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).map { match in
            (0..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// The files below `folder` (relative to the package root) whose names end in one of `suffixes`.
    static func files(under folder: String, endingIn suffixes: [String]) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { ($0 as? URL)?.path }
            .filter { path in suffixes.contains { path.hasSuffix($0) } }
            .map { String($0.dropFirst(root.path.count + 1)) }
            .sorted()
    }

    @Test func everyLineOfTheListIsWellFormed() throws {
        let entries = try Self.entries()
        #expect(!entries.isEmpty)
        for entry in entries {
            #expect(["apt", "pypi"].contains(entry.kind), "unknown kind or malformed line: \(entry.kind)")
            #expect(!entry.groups.isEmpty && entry.groups.isSubset(of: ["build", "run", "test", "bench"]),
                    "\(entry.name): groups \(entry.groups.sorted())")
            #expect(["pkg-config:", "command:", "library:", "module:"].contains { entry.provides.hasPrefix($0) },
                    "\(entry.name): provides \(entry.provides)")
        }
        let names = entries.map { "\($0.kind) \($0.name)" }
        #expect(Set(names).count == names.count, "a package is listed twice")
    }

    /// Every Debian provider and pkg-config name of a system library in Package.swift is a build package.
    @Test func packageSwiftSystemLibrariesAreBuildPackages() throws {
        let manifest = try Self.text("Package.swift")
        let build = try Self.entries().filter { $0.groups.contains("build") }
        let providers = Self.matches(manifest, #"\.apt\(\[([^\]]*)\]\)"#)
            .flatMap { Self.matches($0[1], #""([^"]+)""#).map { $0[1] } }
        let pkgConfigNames = Self.matches(manifest, #"pkgConfig:\s*"([^"]+)""#).map { $0[1] }
        #expect(providers.count >= 2 && pkgConfigNames.count >= 2, "Package.swift's system libraries were not found")
        for provider in providers {
            #expect(build.contains { $0.kind == "apt" && $0.name == provider },
                    "Package.swift's provider \(provider) is not a build package in scripts/system-packages.txt")
        }
        for name in pkgConfigNames {
            #expect(build.contains { $0.provides == "pkg-config:\(name)" },
                    "no build package in scripts/system-packages.txt provides pkg-config:\(name)")
        }
    }

    /// The programs the tests run (found through `SystemProgram.find`), and those the scripts look for
    /// (`command -v NAME`) or start (Python's `subprocess`), are each provided by a listed package;
    /// programs of the base system and the toolchain need none.
    @Test func programsOfTestsAndScriptsAreListed() throws {
        let provided = Set(try Self.entries().map(\.provides))
        let baseSystem: Set<String> = ["bash", "sh", "env", "swift", "ldd", "cat", "ls", "make", "cc", "gcc", "clang"]
        var needed: [(program: String, place: String)] = []
        for file in Self.files(under: "Tests", endingIn: [".swift"]) where !file.hasSuffix("SystemProgram.swift") {
            let source = try Self.text(file)
            for call in Self.matches(source, #"SystemProgram\.find\(\s*"([^"]+)""#) {
                needed.append((call[1], file))
            }
            // A program started by an absolute path would bypass the check above.
            for literal in Self.matches(source, #""(/usr(/local)?)?/bin/[A-Za-z]"#) {
                Issue.record("\(file) names a program by its path (\(literal[0])…); find it with SystemProgram.find")
            }
        }
        let scripts = Self.files(under: "scripts", endingIn: [""]).filter { !$0.hasSuffix(".json") && !$0.hasSuffix(".txt") }
        for file in scripts + [".ci/run"] {
            let source = try Self.text(file)
            // `command -v a || command -v b`: b is an alias of a, tried when a is missing.
            for match in Self.matches(source, #"(?<!\|\| )command -v ([A-Za-z0-9_.+-]+)"#) { needed.append((match[1], file)) }
            for match in Self.matches(source, #"^#!/usr/bin/env ([A-Za-z0-9_.+-]+)"#) { needed.append((match[1], file)) }
            for match in Self.matches(source, #"subprocess\.\w+\(\s*\[\s*"([A-Za-z0-9_.+-]+)""#) { needed.append((match[1], file)) }
        }
        #expect(needed.contains { $0.program == "chromium" } && needed.contains { $0.program == "python3" },
                "the scan found none of the programs the tests are known to run")
        for (program, place) in needed where !baseSystem.contains(program) {
            #expect(provided.contains("command:\(program)"),
                    "\(place) needs \(program), which no package in scripts/system-packages.txt provides (command:\(program))")
        }
    }

    /// Every module a Python script imports is the standard library's, a script's own, or a listed PyPI package.
    @Test(.enabled(if: SystemProgram.find("python3") != nil, "python3 is not installed"))
    func pythonImportsAreListed() throws {
        let python = try #require(SystemProgram.find("python3"))
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", "import sys; print('\\n'.join(sorted(sys.stdlib_module_names)))"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let standard = Set(String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init))
        #expect(standard.contains("json") && standard.contains("subprocess"))
        let scripts = Self.files(under: "scripts", endingIn: [".py"])
        let own = Set(scripts.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent })
        let listed = Set(try Self.entries().filter { $0.kind == "pypi" }.map { String($0.provides.dropFirst("module:".count)) })
        for file in scripts {
            let source = try Self.text(file)
            let imports = Self.matches(source, #"^\s*import ([A-Za-z0-9_., ]+)$"#).flatMap { $0[1].split(separator: ",") }
                + Self.matches(source, #"^\s*from ([A-Za-z0-9_]+)[A-Za-z0-9_.]* import "#).map { Substring($0[1]) }
            for module in imports.map({ String($0.trimmingCharacters(in: .whitespaces).split(separator: ".")[0]) }) {
                #expect(standard.contains(module) || own.contains(module) || listed.contains(module),
                        "\(file) imports \(module), which is neither Python's own, a script's, nor a pypi package in scripts/system-packages.txt")
            }
        }
    }

    /// The README's set-up, .ci/run, the Action and the GitLab job install through the list and nothing
    /// else; the workflow installs through the Action.
    @Test func everyInstallPathReadsTheList() throws {
        for path in ["README.md", ".ci/run", "action.yml", "Docs/conform.gitlab-ci.yml"] {
            let text = try Self.text(path)
            #expect(text.contains("scripts/system-packages --install") || text.contains("scripts/system-packages\" --install"),
                    "\(path) does not install through scripts/system-packages")
        }
        for path in [".ci/run", "action.yml", "Docs/conform.gitlab-ci.yml", ".github/workflows/conform.yml"] {
            #expect(!(try Self.text(path)).contains("apt-get install"), "\(path) installs packages of its own")
        }
        let workflow = try Self.text(".github/workflows/conform.yml")
        #expect(Self.matches(workflow, #"uses: \./$"#).count >= 3, "the workflow's jobs do not all go through the Action")
    }

    /// The images the workflow and the GitLab job name carry the Swift version the README says conform is
    /// built and tested with, and the toolchain running these tests is at least that version.
    @Test func imagesUseTheTestedSwiftVersion() throws {
        let readme = try Self.text("README.md")
        let tested = try #require(Self.matches(readme, #"built and tested with \*\*Swift (\d+\.\d+)\*\*"#).first?[1],
                                  "the README does not state the Swift version")
        for path in [".github/workflows/conform.yml", "Docs/conform.gitlab-ci.yml"] {
            let images = Self.matches(try Self.text(path), #"swift:(\d+\.\d+)"#).map { $0[1] }
            #expect(!images.isEmpty, "\(path) names no Swift image")
            #expect(images.allSatisfy { $0 == tested }, "\(path) uses swift:\(images) while the README says \(tested)")
        }
        #if !compiler(>=6.3)
        Issue.record("these tests were compiled with a Swift older than the README's \(tested)")
        #endif
    }
}
