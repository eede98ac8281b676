import ConformCore
import Foundation
import VAST

/// The in-house reference documents, when the shared reference folder is present next to the project.
enum ReferenceDocuments {
    static let files: [SpecDocument: String] = [
        .pauseAds: "pause-ads.txt",
        .companionAds: "companion-ads-and-trafficking-parameters.txt",
        .ssai: "ssai-ad-integration.txt",
        .instream: "instream-pre-mid-post-roll.txt",
    ]

    /// The IAB texts some CTV profile rules quote (VAST 4.4, the ctv_ad_portfolio extension), markdown backticks dropped.
    static let iabFiles: [SpecDocument: String] = [.vast44: "vast_4.4_spec.md", .ctvAdPortfolio: "ctv_ad_portfolio.md"]

    static func loadIAB() -> [SpecDocument: String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let directory = ProcessInfo.processInfo.environment["CONFORM_IAB_REFERENCE"]
            ?? root.deletingLastPathComponent().appendingPathComponent("shared/reference/iab").path
        var texts: [SpecDocument: String] = [:]
        for (document, name) in iabFiles {
            if let text = try? String(contentsOfFile: directory + "/" + name, encoding: .utf8) {
                texts[document] = text.replacingOccurrences(of: "`", with: "")
            }
        }
        return texts.count == iabFiles.count ? texts : [:]
    }

    static func load() -> [SpecDocument: String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // Beside the package, or the folder holding the IAB reference folder CONFORM_IAB_REFERENCE names.
        let candidates: [String] = [
            root.deletingLastPathComponent().appendingPathComponent("shared/reference").path,
        ] + (ProcessInfo.processInfo.environment["CONFORM_IAB_REFERENCE"].map { [URL(fileURLWithPath: $0).deletingLastPathComponent().path] } ?? [])
        for directory in candidates {
            var texts: [SpecDocument: String] = [:]
            for (document, name) in files {
                if let text = try? String(contentsOfFile: directory + "/" + name, encoding: .utf8) { texts[document] = text }
            }
            if texts.count == files.count { return texts }
        }
        return [:]
    }
}

func decode(_ xml: String) -> DecodedInput { VASTDecoder.decode(xml) }

extension String {
    /// Runs of whitespace (line breaks included) as one space, for comparing hard-wrapped prose.
    var collapsingWhitespace: String {
        split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }
}
