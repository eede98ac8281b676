import ConformCore
import Foundation
import VAST

/// Turns a resolved chain into the files of a new corpus case, so a live tag becomes a regression case in
/// one command: every document read (`root.xml`, `hop-1.xml`, ...), the URI map for ``CorpusFetcher``
/// (`map.json`; failed hops are recorded as `{"status": N}` or `{"timeout": true}` so they fail the same
/// way offline) and an expectation skeleton (`chain.expect.json`) stating what the chain did today.
public enum ChainRecorder {
    /// The name of the map file in a recorded case.
    public static let mapFileName = "map.json"
    /// The name of the expectation skeleton in a recorded case.
    public static let expectationFileName = "chain.expect.json"

    /// File name → contents. Deterministic for a given chain.
    public static func files(for chain: ResolvedChain, collector: TrackingCollector = TrackingCollector()) -> [String: Data] {
        var files: [String: Data] = [:]
        var map: [String: MapValue] = [:]
        var names: [Int: String] = [:]
        for document in chain.documents {
            let name = document.index == 0 ? "root.xml" : "hop-\(document.index).xml"
            names[document.index] = name
            files[name] = document.data
            if let uri = document.uri, document.index > 0 || !uri.hasPrefix("file:") { map[uri] = .file(name) }
        }
        for ad in chain.ads {
            guard let last = ad.hops.last, last.documentIndex == nil, let uri = last.uri, map[uri] == nil else { continue }
            switch ad.stop.reason {
            case .timeout: map[uri] = .timeout
            case .fetchFailed: if let code = last.statusCode { map[uri] = .status(code) }
            default: break
            }
        }
        let reports = Dictionary(collector.collect(chain).map { ($0.ad, $0) }, uniquingKeysWith: { first, _ in first })
        let expectation = Expectation(
            root: "root.xml", rootURI: chain.rootURI, map: mapFileName, player: chain.settings.name,
            maxDepth: chain.settings.maxDepth,
            ads: chain.ads.map { ad in
                Expectation.AdOutcome(
                    ad: ad.label, hops: ad.hops.count, outcomes: ad.hops.map(\.outcome.rawValue),
                    stop: .init(reason: ad.stop.reason.rawValue, vastErrorCode: ad.stop.vastErrorCode?.rawValue),
                    impression: reports[ad.label]?.impression.map(\.url))
            },
            diagnostics: Array(Set(chain.diagnostics.map(\.ruleID))).sorted())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        files[mapFileName] = (try? encoder.encode(map)) ?? Data("{}".utf8)
        files[expectationFileName] = (try? encoder.encode(expectation)) ?? Data("{}".utf8)
        return files
    }

    private enum MapValue: Encodable {
        case file(String), status(Int), timeout

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .file(let name): try container.encode(name)
            case .status(let code): try container.encode(["status": code])
            case .timeout: try container.encode(["timeout": true])
            }
        }
    }

    private struct Expectation: Encodable {
        struct Stop: Encodable {
            var reason: String
            var vastErrorCode: Int?
        }
        struct AdOutcome: Encodable {
            var ad: String
            var hops: Int
            var outcomes: [String]
            var stop: Stop
            var impression: [String]?
        }
        var root: String
        var rootURI: String?
        var map: String
        var player: String
        var maxDepth: Int
        var ads: [AdOutcome]
        /// Rule ids the chain produced: the `must` list of the case.
        var diagnostics: [String]
    }
}
