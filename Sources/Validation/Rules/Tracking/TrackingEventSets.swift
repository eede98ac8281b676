import ConformCore
import VAST

/// Tracking-event facts shared by the tracking rules.
enum TrackingFacts {
    /// How an event name relates to a version's list.
    enum Standing: Equatable {
        case valid
        /// The name belongs to an earlier version only (renamed or dropped).
        case removed
        /// The name is defined only by later versions.
        case newer(VASTVersion)
        case unknown
    }

    /// For each of `events`: whether its event name is one of `version`'s tracking events. Computed once per
    /// input, when the context is made (``RuleContext/trackingIsStandardName``), for the rules that skip
    /// standard events.
    static func isStandardName(of events: [TrackingItem], version: VASTVersion) -> [Bool] {
        let bit: UInt32 = 1 << UInt32(version.ordinal)
        let table = standardNameVersions
        // Through the buffer: iterating the array would copy every event.
        return events.withUnsafeBufferPointer { events in
            var out: [Bool] = []
            out.reserveCapacity(events.count)
            for i in events.indices {
                guard let name = events[i].event.event else {
                    out.append(false)
                    continue
                }
                out.append((table[name] ?? 0) & bit != 0)
            }
            return out
        }
    }

    /// Every tracking event name some version defines, with the versions that define it (one bit per
    /// ``VASTVersion/ordinal``): one table look-up per event, for any version.
    private static let standardNameVersions: NameTable<UInt32> = {
        var versions: [String: UInt32] = [:]
        for version in VASTVersion.allCases {
            for name in TrackingEvents.names(for: version) { versions[name, default: 0] |= 1 << UInt32(version.ordinal) }
        }
        return NameTable(versions)
    }()

    /// For each of `events`: the ByteHash of its parent's path and its URL, computed once per input when the
    /// context is made (``RuleContext/trackingURLHashes``), for the rules that look for repeated tracking URLs.
    static func urlHashes(of events: [TrackingItem]) -> [UInt64] {
        // Through the buffer: mapping the array would copy every event.
        events.withUnsafeBufferPointer { events in
            var out: [UInt64] = []
            out.reserveCapacity(events.count)
            // Events come in runs under one <TrackingEvents>: the parent's hash is reused along a run.
            var parent: UInt64 = 0
            var previousPath = ""
            for i in events.indices {
                let url = events[i].event.url
                let path = url.path
                if i == 0 || !ByteHash.sameParent(previousPath, path) { parent = ByteHash.parentHash(of: path) }
                out.append(ByteHash.hash(url.value, seed: parent))
                previousPath = path
            }
            return out
        }
    }

    static func standing(of name: String, in version: VASTVersion) -> Standing {
        if TrackingEvents.names(for: version).contains(name) { return .valid }
        let earlier = VASTVersion.allCases.filter { $0 < version }
        if earlier.contains(where: { TrackingEvents.names(for: $0).contains(name) }) { return .removed }
        if let later = VASTVersion.allCases.first(where: { $0 > version && TrackingEvents.names(for: $0).contains(name) }) {
            return .newer(later)
        }
        return .unknown
    }

    /// What replaces an event that a later version dropped.
    static let replacements: [String: String] = [
        "fullscreen": "playerExpand",
        "exitFullscreen": "playerCollapse",
        "expand": "playerExpand (or adExpand for a NonLinear ad)",
        "collapse": "playerCollapse (or adCollapse for a NonLinear ad)",
        "acceptInvitationLinear": "acceptInvitation",
        "closeLinear": "close (closeLinear returned in VAST 4.1)",
        "timeSpentViewing": "ViewableImpression or a verification script",
    ]

    /// Metrics of Linear ads that players never fire for NonLinear ads (VAST 4.3 §3.14.1).
    static let linearOnly: Set<String> = [
        "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "progress", "closeLinear", "loaded",
    ]

    /// The events that describe linear playback progress.
    static let quartiles = ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]

    /// The quartile events a Linear measures, counting progress events at 0, 25, 50, 75 and 100 percent
    /// as the quartile they stand for (VAST 4.3 §3.14.1: progress "can be used in addition to, or instead
    /// of, the quartile events").
    ///
    /// Returned as bits, bit k standing for `quartiles[k]`, so that no set of strings is built per Linear.
    static func measuredQuartileMask(_ linear: Linear) -> UInt8 {
        var mask: UInt8 = 0
        // Through the buffer, reading fields in place rather than copying each event.
        linear.trackingEvents.withUnsafeBufferPointer { events in
            for index in events.indices {
                guard let name = events[index].event else { continue }
                if let k = quartiles.firstIndex(where: { $0.isSameName(name) }) {
                    mask |= 1 << k
                    continue
                }
                guard name.isSameName("progress"), case .percent(let p)? = events[index].offset?.value else { continue }
                switch p {
                case 0: mask |= 1 << 0
                case 25: mask |= 1 << 1
                case 50: mask |= 1 << 2
                case 75: mask |= 1 << 3
                case 100: mask |= 1 << 4
                default: break
                }
            }
        }
        return mask
    }
}
