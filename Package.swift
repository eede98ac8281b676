// swift-tools-version:6.0
import PackageDescription

// The layering is one-way: each target may import only the targets listed below it
// (see README, "Architecture"). `conform` is the only target that performs I/O.
let package = Package(
    name: "conform",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "conform", targets: ["conform"]),
        .library(name: "ConformKit", targets: [
            "ConformCore", "XMLCore", "VAST", "Trafficking", "Chain",
            "Validation", "Profiles", "Conformance", "Reports",
        ]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // The only C code that includes libxml2 headers; its public header exposes opaque handles only.
        .target(name: "CXMLShim", dependencies: ["CLibXML2"]),
        .target(name: "ConformCore"),
        .target(name: "XMLCore", dependencies: ["CXMLShim", "ConformCore"]),
        .target(name: "VAST", dependencies: ["XMLCore", "ConformCore"]),
        .target(name: "Trafficking", dependencies: ["ConformCore"]),
        .target(name: "Chain", dependencies: ["VAST", "ConformCore"]),
        .target(name: "Validation", dependencies: ["VAST", "Chain", "Trafficking", "XMLCore", "ConformCore"]),
        .target(name: "Profiles", dependencies: ["VAST", "Chain", "Trafficking", "ConformCore"]),
        .target(name: "Conformance", dependencies: [
            "ConformCore", "XMLCore", "VAST", "Trafficking", "Chain", "Validation", "Profiles",
        ]),
        .target(name: "Reports", dependencies: ["Conformance", "Validation", "ConformCore"]),
        .executableTarget(name: "conform", dependencies: [
            "ConformCore", "XMLCore", "VAST", "Trafficking", "Chain", "Validation", "Profiles",
            "Conformance", "Reports",
        ]),

        .testTarget(name: "XMLCoreTests", dependencies: ["XMLCore", "ConformCore"]),
        .testTarget(name: "VASTTests", dependencies: ["VAST", "XMLCore"]),
        .testTarget(name: "TraffickingTests", dependencies: ["Trafficking"]),
        .testTarget(name: "ValidationTests", dependencies: ["Validation", "VAST", "XMLCore", "ConformCore"]),
        .testTarget(name: "ConformanceTests", dependencies: ["Conformance", "Validation", "VAST", "ConformCore"]),
    ],
    swiftLanguageModes: [.v6]
)
