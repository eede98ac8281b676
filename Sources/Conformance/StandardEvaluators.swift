import Chain
import ConformCore
import Foundation
import Trafficking
import VAST

extension CaseEvaluators {
    /// The stages conform itself uses to judge parameter strings (the trafficking analyzer) and wrapper
    /// chains (offline resolution through the case's URI map, then the tracking collector).
    public static let standard = CaseEvaluators(parameters: StandardEvaluators.parameters, chain: StandardEvaluators.chain)
}

/// The evaluators behind ``CaseEvaluators/standard``.
enum StandardEvaluators {
    /// A parameter-string case: the trafficking analyzer under the row's URL policy, with the typed
    /// creative flattened to `field.path → value` for expectations that pin fields.
    static let parameters: ParameterCaseEvaluator = { string, line, policy in
        let analysis = TraffickingAnalyzer.analyze(string, policy: policy, line: line)
        return ParameterOutcome(
            format: analysis.format?.rawValue, fields: analysis.creative.map(flatten) ?? [:],
            diagnostics: analysis.diagnostics, accepted: analysis.accepted)
    }

    /// A chain case: offline resolution through the case's URI map, then the tracking collector.
    static let chain: ChainCaseEvaluator = { input in
        let folder = input.folder.standardizedFileURL.path
        let map = input.map.mapValues { url -> String in
            let path = url.standardizedFileURL.path
            return path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
        }
        // The same limits and refusals an HTTP fetch would apply, with the case's changes.
        let policy = input.policy ?? PlayerSettings.spec.policy
        var entries = input.responses
        for (uri, file) in map { entries[uri] = .file(file) }
        let fetcher = CorpusFetcher(entries: entries, baseDirectory: input.folder, policy: policy)
        let data = try Data(contentsOf: input.root)
        let settings = PlayerSettings(name: "corpus", maxDepth: input.maxDepth ?? PlayerSettings.spec.maxDepth, policy: policy)
        let resolved = WrapperResolver.resolve(rootData: data, rootURI: nil, fetcher: fetcher, settings: settings)
        guard let ad = resolved.ads.first else {
            return ChainOutcome(hops: [], stopReason: "no-ad", errorCode: VASTErrorCode.noAdAfterWrapper.rawValue,
                                tracking: [:], diagnostics: resolved.diagnostics)
        }
        let hops = ad.hops.map {
            ChainHopSummary(uri: $0.uri ?? input.root.lastPathComponent, depth: $0.index, outcome: $0.outcome.rawValue)
        }
        var tracking: [String: [TrackedURL]] = [:]
        var trackingFindings: [Diagnostic] = []
        if let report = TrackingCollector().collect(ad) {
            func convert(_ urls: [TrackingURL]) -> [TrackedURL] {
                urls.map { TrackedURL(url: $0.url, hop: $0.hop, position: $0.position, repeated: $0.repeated, fromExtension: $0.fromExtension) }
            }
            tracking["impression"] = convert(report.impression)
            tracking["error"] = convert(report.error)
            tracking["clickThrough"] = convert((report.clickThrough.map { [$0] } ?? []) + (report.repeatedClickThroughs ?? []))
            tracking["clickTracking"] = convert(report.clickTracking)
            // Named as for a single document: Linear events by name, the others with their creative type's prefix.
            for (event, urls) in report.events {
                for (type, group) in Dictionary(grouping: urls, by: { $0.creativeType ?? CreativeKind.linear.rawValue }) {
                    let name = switch type {
                    case CreativeKind.nonLinear.rawValue: "nonLinear:" + event
                    case CreativeKind.companion.rawValue: "companion:" + event
                    default: event
                    }
                    tracking[name, default: []] += convert(group)
                }
            }
            for (event, urls) in report.verification { tracking["verification:" + event] = convert(urls) }
            tracking = tracking.filter { !$0.value.isEmpty }
            trackingFindings = report.diagnostics
        }
        return ChainOutcome(hops: hops, stopReason: ad.stop.reason.rawValue, errorCode: ad.stop.vastErrorCode?.rawValue,
                            tracking: tracking, diagnostics: Array(Set(resolved.diagnostics + ad.diagnostics + trackingFindings)).sorted())
    }

    /// `{"carousel": {"title": "T", "images": [{"url": …}]}}` → `title: T`, `images[1].url: …`.
    static func flatten(_ creative: TraffickingCreative) -> [String: String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(creative),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let body = object.values.first else { return [:] }
        var out: [String: String] = [:]
        func walk(_ value: Any, _ path: String) {
            switch value {
            case let dictionary as [String: Any]:
                for (key, child) in dictionary { walk(child, path.isEmpty ? key : "\(path).\(key)") }
            case let array as [Any]:
                for (index, child) in array.enumerated() { walk(child, "\(path)[\(index + 1)]") }
            case let string as String:
                out[path] = string
            case let flag as Bool where type(of: value) == Bool.self:
                out[path] = flag ? "true" : "false"
            case let number as NSNumber:
                out[path] = number.stringValue
            default:
                break
            }
        }
        walk(body, "")
        return out
    }
}
