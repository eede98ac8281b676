import Chain
import ConformCore
import Foundation
import Probe
import Profiles
import Trafficking
import VAST

extension CaseEvaluators {
    /// The stages conform itself uses to judge parameter strings (the trafficking analyzer) and wrapper
    /// chains (offline resolution through the case's URI map, then the tracking collector).
    public static let standard = CaseEvaluators(parameters: StandardEvaluators.parameters, chain: StandardEvaluators.chain(inspector: nil))

    /// The standard stages, with `inspector` reading the media files of chain cases that probe their assets
    /// (without one, media files are not inspected and only the answers and types are checked).
    public static func standard(mediaInspector inspector: (any MediaInspector)?) -> CaseEvaluators {
        CaseEvaluators(parameters: StandardEvaluators.parameters, chain: StandardEvaluators.chain(inspector: inspector))
    }

    /// These evaluators with `reader` reading the counts of a meta case's reports (``CaseEvaluators/reports``).
    public func readingReports(with reader: @escaping ReportCountsEvaluator) -> CaseEvaluators {
        var evaluators = self
        evaluators.reports = reader
        return evaluators
    }
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

    /// A chain case: offline resolution through the case's URI map, then the tracking collector; with
    /// ``ChainCaseInput/probe``, the assets of every document, served from the same map.
    static func chain(inspector: (any MediaInspector)?) -> ChainCaseEvaluator { { input in
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
        let resolved = WrapperResolver.resolve(rootData: data, rootURI: input.rootURI, fetcher: fetcher, settings: settings)
        var probeFindings: [Diagnostic] = []
        if input.probe {
            let prober = AssetProber(fetcher: fetcher, inspector: inspector, options: AssetProber.Options(jobs: 1))
            var assets: [ProbeAsset] = []
            for document in resolved.documents {
                let hop = resolved.ads.lazy.flatMap(\.hops).first { $0.documentIndex == document.index }?.index ?? document.index
                // Named as the chain's findings name their documents: the root by its file, the others by URI.
                let name = document.index == 0 ? input.root.lastPathComponent : document.uri
                assets += AssetCollector.assets(in: VASTDecoder.decode(document.data), file: name, hop: hop)
            }
            probeFindings = prober.probe(assets).diagnostics
        }
        return outcome(of: resolved, rootName: input.root.lastPathComponent, probeFindings: probeFindings)
    } }

    /// What a chain case judges of a resolution: the first ad's hops, stop and Error URLs, the tracking merged
    /// along its chain, and every finding (the root file named `rootName` stands for the root's URI), the
    /// probe's findings of the chain's assets among them.
    static func outcome(of resolved: ResolvedChain, rootName: String, probeFindings: [Diagnostic] = []) -> ChainOutcome {
        let collector = TrackingCollector()
        // A stopped chain fires its Error URLs: [ERRORCODE] holds the stop's code, the other macros their samples.
        let resolved = collector.fillingErrorURLs(of: resolved)
        guard let ad = resolved.ads.first else {
            return ChainOutcome(hops: [], stopReason: "no-ad", errorCode: VASTErrorCode.noAdAfterWrapper.rawValue,
                                tracking: [:], diagnostics: resolved.diagnostics, errorURLs: resolved.rootErrors.map(\.expanded))
        }
        let hops = ad.hops.map {
            ChainHopSummary(uri: $0.uri ?? rootName, depth: $0.index, outcome: $0.outcome.rawValue)
        }
        var tracking: [String: [TrackedURL]] = [:]
        var trackingFindings: [Diagnostic] = []
        let errorURLs = ad.stop.reason == .inLine ? [] : ad.errorURLs.map(\.expanded)
        if let report = collector.collect(ad) {
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
            // NonLinearClickTracking of every hop (and of the CTV extension), the Icons of NonLinearAds and
            // NonLinearCustomClick (VAST 4.4), named as for a single document.
            tracking["nonLinearClickTracking"] = convert(report.nonLinearClickTracking)
            tracking["nonLinear:iconViewTracking"] = convert(report.iconViewTracking.filter { $0.creativeType == CreativeKind.nonLinear.rawValue })
            tracking["nonLinear:iconClickTracking"] = convert(report.iconClickTracking.filter { $0.creativeType == CreativeKind.nonLinear.rawValue })
            tracking["nonLinearCustomClick"] = convert(report.nonLinearCustomClick ?? [])
            tracking = tracking.filter { !$0.value.isEmpty }
            trackingFindings = report.diagnostics
        }
        return ChainOutcome(hops: hops, stopReason: ad.stop.reason.rawValue, errorCode: ad.stop.vastErrorCode?.rawValue,
                            tracking: tracking,
                            diagnostics: Array(Set(resolved.diagnostics + ad.diagnostics + trackingFindings + probeFindings)).sorted(),
                            errorURLs: errorURLs)
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
            case let number as NSNumber where String(cString: number.objCType) == "c":
                // A JSON boolean (Foundation's boolean NSNumber; `type(of:)` is not `Bool` on Linux).
                out[path] = number.boolValue ? "true" : "false"
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

extension ProfileFacts {
    /// The numbers and choices of one profile report that an expectation can pin.
    public init(of report: ProfileReport) {
        func milliseconds(_ seconds: Double?) -> Int? { seconds.map { Int(($0 * 1000).rounded()) } }
        self.init()
        switch report.profile {
        case .schedule:
            breaks = report.schedule.map { schedule in
                schedule.breaks.map { BreakFact(timeMs: milliseconds($0.time), kind: $0.kind, occurrence: $0.occurrence) }
            } ?? []
        case .ssai:
            breaks = report.ssai.map { model in
                model.adBreaks.map { adBreak in
                    BreakFact(timeMs: milliseconds(adBreak.timeOffset), ads: adBreak.ads.map {
                        AdFact(id: $0.id, durationMs: milliseconds($0.duration), skipOffsetMs: milliseconds($0.skipOffset))
                    })
                }
            } ?? []
        case .pause:
            eligible = report.eligible ?? false
            causes = report.pause?.causes ?? []
        case .screensaver, .overlay, .squeezeback, .inScene:
            eligible = report.eligible ?? false
            causes = report.ctv?.causes ?? []
            asset = report.ctv?.asset?.kind.rawValue ?? "none"
            events = report.ctv?.events ?? []
        case .companion:
            let first = report.companion?.ads.first
            pinsCompanion = true
            companion = first?.companion.map { CompanionFact(id: $0.id, size: "\($0.width)x\($0.height)") }
            fallback = first.map { ($0.fallback ?? .none).rawValue } ?? "no-ad"
        }
    }
}
