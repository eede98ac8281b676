// swift-tools-version:6.0
import Foundation
import PackageDescription

// For scripts/bench-instructions (which sets CONFORM_DWARF4=1 and builds apart): the C targets' debug
// information in DWARF 4, as the Swift code's is, since valgrind gives up on a binary with two C units in
// DWARF 5, or with one after a unit in DWARF 4. Ordinary builds pass no unsafe flag, so the package stays
// usable as a dependency.
let cDebugInfo: [CSetting] = ProcessInfo.processInfo.environment["CONFORM_DWARF4"] == nil ? [] : [.unsafeFlags(["-gdwarf-4"])]

// The layering is one-way: each target may import only the targets listed below it
// (see README, "Architecture"). `conform` is the only target that performs I/O.
let package = Package(
    name: "conform",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "conform", targets: ["conform"]),
        .library(name: "ConformKit", targets: [
            "ConformCore", "XMLCore", "VAST", "Trafficking", "Chain",
            "Validation", "Profiles", "Conformance", "Reports", "LanguageServer", "Probe",
        ]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // The memory allocator of the executables (see its header). Not a dependency of any library.
        .systemLibrary(
            name: "CTCMalloc",
            pkgConfig: "libtcmalloc_minimal",
            providers: [.apt(["libgoogle-perftools-dev"])]
        ),
        // The only C code that includes libxml2 headers; its public header exposes opaque handles only.
        .target(name: "CXMLShim", dependencies: ["CLibXML2"], cSettings: cDebugInfo),
        // HTTP transfers through libcurl, loaded at run time: the only C code that calls libcurl.
        .target(name: "CHTTP", cSettings: cDebugInfo, linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // The workbench's HTTP server over libmicrohttpd, loaded at run time: the only C code that calls it.
        .target(name: "CHTTPServer", cSettings: cDebugInfo, linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(name: "ConformCore"),
        .target(name: "XMLCore", dependencies: ["CXMLShim", "ConformCore"]),
        .target(name: "VAST", dependencies: ["XMLCore", "ConformCore"]),
        .target(name: "Trafficking", dependencies: ["ConformCore"]),
        .target(name: "Chain", dependencies: ["VAST", "ConformCore", "CHTTP"]),
        // Asset probing: which URLs of a tag are assets, and how their answers and media compare with the tag.
        // The caller injects the fetcher, the media inspector and the host resolver.
        .target(name: "Probe", dependencies: ["Chain", "VAST", "XMLCore", "ConformCore"]),
        .target(name: "Validation", dependencies: ["VAST", "Chain", "Trafficking", "XMLCore", "ConformCore"]),
        .target(name: "Profiles", dependencies: ["VAST", "Chain", "Trafficking", "ConformCore"]),
        .target(name: "Conformance", dependencies: [
            "ConformCore", "XMLCore", "VAST", "Trafficking", "Chain", "Validation", "Profiles", "Probe",
        ]),
        .target(name: "Reports", dependencies: ["Conformance", "Validation", "ConformCore"]),
        // The Language Server Protocol server (`conform lsp`): protocol and documents; the command does the I/O.
        .target(name: "LanguageServer", dependencies: ["Conformance", "Validation", "Chain", "Trafficking", "VAST", "ConformCore"]),
        .executableTarget(name: "conform", dependencies: [
            "ConformCore", "XMLCore", "VAST", "Trafficking", "Chain", "Validation", "Profiles",
            "Conformance", "Reports", "LanguageServer", "Probe", "CTCMalloc", "CHTTPServer",
        ]),

        // Benchmark driver used by scripts/bench; not part of the product.
        .executableTarget(name: "conform-bench", dependencies: ["ConformCore", "XMLCore", "VAST", "Validation", "Conformance", "CTCMalloc"]),

        .testTarget(name: "XMLCoreTests", dependencies: ["XMLCore", "ConformCore"]),
        .testTarget(name: "VASTTests", dependencies: ["VAST", "XMLCore", "ConformCore"]),
        .testTarget(name: "TraffickingTests", dependencies: ["Trafficking"]),
        .testTarget(
            name: "ChainTests", dependencies: ["Chain", "VAST", "ConformCore", "ConformTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "ProbeTests", dependencies: ["Probe", "Chain", "VAST", "ConformCore", "ConformTestSupport"]),
        .testTarget(name: "ValidationTests", dependencies: ["Validation", "VAST", "XMLCore", "ConformCore"]),
        .testTarget(name: "ProfilesTests", dependencies: ["Profiles", "VAST", "ConformCore"]),
        // Locates and launches the built `conform` binary for end-to-end tests.
        .target(name: "ConformTestSupport", path: "Tests/ConformTestSupport"),
        // End-to-end tests of every command; depending on the executable makes `swift test` build it.
        .testTarget(name: "CLITests", dependencies: ["conform", "ConformTestSupport"]),
        .testTarget(
            name: "ReportsTests", dependencies: ["Reports", "Conformance", "ConformCore", "XMLCore", "ConformTestSupport"],
            exclude: ["Golden"]),
        // Reports: the shipped corpus's meta cases read their nested runs' reports, as `conform run` has them do.
        .testTarget(name: "ConformanceTests", dependencies: [
            "Conformance", "Validation", "VAST", "ConformCore", "ConformTestSupport", "Chain", "Profiles", "Trafficking", "Probe", "Reports",
        ]),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets, built only by scripts/fuzz (which sets CONFORM_FUZZ=1 and the sanitizer flags),
// so ordinary builds never need the fuzzer runtime.
if ProcessInfo.processInfo.environment["CONFORM_FUZZ"] != nil {
    package.targets += [
        .target(name: "FuzzDriver"),
        .executableTarget(name: "FuzzVAST", dependencies: ["ConformCore", "FuzzDriver", "VAST", "Validation", "XMLCore"]),
        .executableTarget(name: "FuzzParams", dependencies: ["FuzzDriver", "Trafficking"]),
        .executableTarget(name: "FuzzChain", dependencies: ["FuzzDriver", "Chain", "VAST"]),
        .executableTarget(name: "FuzzExpectation", dependencies: ["FuzzDriver", "Conformance"]),
        .executableTarget(name: "FuzzProfiles", dependencies: ["FuzzDriver", "Profiles", "Conformance", "VAST", "XMLCore"]),
        .executableTarget(name: "FuzzResults", dependencies: ["FuzzDriver", "Reports", "Conformance", "Validation", "Profiles", "ConformCore"]),
    ]
}
