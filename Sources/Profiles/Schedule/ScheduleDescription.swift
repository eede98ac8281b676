import ConformCore
import Foundation

/// A time in a schedule description: a number of seconds (`90`, `12.5`) or a string `HH:MM:SS[.mmm]`.
public struct ScheduleTime: Sendable, Codable, Hashable {
    public var seconds: Double

    public init(seconds: Double) { self.seconds = seconds }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            guard number >= 0 else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a time must not be negative")
            }
            guard number <= maximumSeconds else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a time must be at most \(maximumTimecode) (\(maximumSeconds) seconds)")
            }
            seconds = number
            return
        }
        let text = try container.decode(String.self)
        guard let value = parseSeconds(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not seconds or HH:MM:SS[.mmm] (at most \(maximumTimecode))")
        }
        seconds = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(seconds)
    }
}

/// A player-side schedule, as the in-stream reference describes it: a pre-roll, mid-rolls at fixed
/// times, at intervals, at percentages of the content duration or at cue points, and a post-roll.
///
///     {
///       "contentDuration": "00:10:00",
///       "preRoll": true,
///       "midRolls": {
///         "times": ["00:02:00", 300],
///         "intervals": [{"every": "00:03:00", "start": "00:03:00"}],
///         "percentages": [25, 50],
///         "cuePoints": [{"time": 30, "identifier": 1}]
///       },
///       "postRoll": true
///     }
///
/// Every key is optional. `--duration` overrides `contentDuration`.
///
/// Every key is optional, and a key the format does not have is an error (a misspelt `postRol` must not
/// silently drop the post-roll).
public struct ScheduleDescription: Sendable, Codable, Hashable {
    public struct Interval: Sendable, Codable, Hashable {
        /// Time between two breaks, more than 0.
        public var every: ScheduleTime
        /// The first break (default: `every`).
        public var start: ScheduleTime?

        enum CodingKeys: String, CodingKey, CaseIterable { case every, start }

        public init(every: ScheduleTime, start: ScheduleTime? = nil) {
            self.every = every
            self.start = start
        }

        public init(from decoder: any Decoder) throws {
            try rejectUnknownScheduleKeys(decoder, CodingKeys.allCases.map(\.rawValue))
            let container = try decoder.container(keyedBy: CodingKeys.self)
            every = try container.decode(ScheduleTime.self, forKey: .every)
            guard every.seconds > 0 else {
                throw DecodingError.dataCorruptedError(forKey: .every, in: container, debugDescription: "an interval must be more than 0 seconds")
            }
            start = try container.decodeIfPresent(ScheduleTime.self, forKey: .start)
        }
    }

    public struct CuePoint: Sendable, Codable, Hashable {
        public var time: ScheduleTime
        /// Connects the cue point of the ad server's UI with the one registered on the player.
        public var identifier: Int

        enum CodingKeys: String, CodingKey, CaseIterable { case time, identifier }

        public init(time: ScheduleTime, identifier: Int) {
            self.time = time
            self.identifier = identifier
        }

        public init(from decoder: any Decoder) throws {
            try rejectUnknownScheduleKeys(decoder, CodingKeys.allCases.map(\.rawValue))
            let container = try decoder.container(keyedBy: CodingKeys.self)
            time = try container.decode(ScheduleTime.self, forKey: .time)
            identifier = try container.decode(Int.self, forKey: .identifier)
        }
    }

    public struct MidRolls: Sendable, Codable, Hashable {
        public var times: [ScheduleTime]?
        public var intervals: [Interval]?
        /// Percent of the content duration, 0 to 100.
        public var percentages: [Double]?
        public var cuePoints: [CuePoint]?

        enum CodingKeys: String, CodingKey, CaseIterable { case times, intervals, percentages, cuePoints }

        public init(times: [ScheduleTime]? = nil, intervals: [Interval]? = nil, percentages: [Double]? = nil, cuePoints: [CuePoint]? = nil) {
            self.times = times
            self.intervals = intervals
            self.percentages = percentages
            self.cuePoints = cuePoints
        }

        public init(from decoder: any Decoder) throws {
            try rejectUnknownScheduleKeys(decoder, CodingKeys.allCases.map(\.rawValue))
            let container = try decoder.container(keyedBy: CodingKeys.self)
            times = try container.decodeIfPresent([ScheduleTime].self, forKey: .times)
            intervals = try container.decodeIfPresent([Interval].self, forKey: .intervals)
            percentages = try container.decodeIfPresent([Double].self, forKey: .percentages)
            cuePoints = try container.decodeIfPresent([CuePoint].self, forKey: .cuePoints)
            // The identifier connects a cue point of the ad server's UI to the one registered on the player:
            // two cue points with one identifier cannot both be connected, so the description is refused.
            var first: [Int: Int] = [:]
            for (index, cue) in (cuePoints ?? []).enumerated() {
                if let earlier = first[cue.identifier] {
                    throw DecodingError.dataCorrupted(.init(
                        codingPath: decoder.codingPath + [CodingKeys.cuePoints, IndexKey(index)],
                        debugDescription: "identifier \(cue.identifier) is also the identifier of cuePoints[\(earlier)]; each cue point needs its own, which connects it to the cue point registered on the player"))
                }
                first[cue.identifier] = index
            }
        }
    }

    public var contentDuration: ScheduleTime?
    public var preRoll: Bool?
    public var midRolls: MidRolls?
    public var postRoll: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable { case contentDuration, preRoll, midRolls, postRoll }

    public init(contentDuration: ScheduleTime? = nil, preRoll: Bool? = nil, midRolls: MidRolls? = nil, postRoll: Bool? = nil) {
        self.contentDuration = contentDuration
        self.preRoll = preRoll
        self.midRolls = midRolls
        self.postRoll = postRoll
    }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownScheduleKeys(decoder, CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        contentDuration = try container.decodeIfPresent(ScheduleTime.self, forKey: .contentDuration)
        preRoll = try container.decodeIfPresent(Bool.self, forKey: .preRoll)
        midRolls = try container.decodeIfPresent(MidRolls.self, forKey: .midRolls)
        postRoll = try container.decodeIfPresent(Bool.self, forKey: .postRoll)
    }

    /// Decodes a description from JSON.
    /// - Throws: ``ProfileError/invalidSchedule(_:)`` with the decoder's explanation.
    public static func parse(_ data: Data) throws(ProfileError) -> ScheduleDescription {
        do {
            return try JSONDecoder().decode(ScheduleDescription.self, from: data)
        } catch let error as DecodingError {
            throw .invalidSchedule(describe(error))
        } catch {
            throw .invalidSchedule("\(error)")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
        }
        switch error {
        case .dataCorrupted(let c): return c.debugDescription + path(c)
        case .keyNotFound(let key, let c): return "missing key \(key.stringValue)" + path(c)
        case .typeMismatch(_, let c): return c.debugDescription + path(c)
        case .valueNotFound(_, let c): return c.debugDescription + path(c)
        @unknown default: return "\(error)"
        }
    }
}

extension ScheduleResolver {
    /// A percentage as the description wrote it: `50` for a whole number, `12.5` otherwise (and `1e+300` for
    /// one far beyond any whole number an `Int` holds).
    static func percentText(_ percent: Double) -> String {
        percent == percent.rounded() && abs(percent) < 1e15 ? "\(Int(percent))" : "\(percent)"
    }

    /// Resolves a schedule description. `options.contentDuration` wins over the description's own.
    public static func resolve(description: ScheduleDescription, options: ProfileOptions) -> ResolvedSchedule {
        let duration = options.contentDuration ?? description.contentDuration?.seconds
        var diagnostics: [Diagnostic] = []
        var dropped: [UnscheduledBreak] = []
        var candidates: [Candidate] = []
        var order = 0
        func add(_ time: Double, _ source: String, path: String, original: Double? = nil, occurrence: Int = 1, forceKind: String? = nil) {
            if forceKind == nil, let duration, time > duration {
                let reason = "the break at \(timecode(time)) is past the end of the content (\(timecode(duration))): it never plays"
                dropped.append(UnscheduledBreak(source: source, time: time, reason: reason))
                diagnostics.append(ProfileRules.scheduleBreakPastEnd.diagnostic(reason, path: path))
                return
            }
            candidates.append(Candidate(time: time, original: original ?? time, order: order, kind: forceKind ?? kind(time, duration: duration, isEnd: false),
                                        source: source, breakId: nil, occurrence: occurrence, position: nil, path: path,
                                        repeated: occurrence > 1))
            order += 1
        }
        func unresolved(_ source: String, path: String) {
            let reason = "\(source) needs the content duration to be placed"
            dropped.append(UnscheduledBreak(source: source, reason: reason))
            diagnostics.append(ProfileRules.scheduleOffsetUnresolved.diagnostic(reason, path: path))
        }
        if description.preRoll == true { add(0, "preRoll", path: "preRoll", forceKind: "pre-roll") }
        let mid = description.midRolls
        for (i, time) in (mid?.times ?? []).enumerated() {
            add(time.seconds, "midRolls.times[\(i)] = \(timecode(time.seconds))", path: "midRolls.times[\(i)]")
        }
        for (i, interval) in (mid?.intervals ?? []).enumerated() {
            let every = interval.every.seconds
            let start = interval.start?.seconds ?? every
            let source = "midRolls.intervals[\(i)] every \(timecode(every)) from \(timecode(start))"
            let path = "midRolls.intervals[\(i)]"
            guard every > 0 else {
                dropped.append(UnscheduledBreak(source: source, reason: "an interval of 0 places no break"))
                continue
            }
            guard let duration else { unresolved(source, path: path); continue }
            add(start, source, path: path)
            let repeats = repetitions(from: start, every: every, before: duration)
            for (offset, time) in repeats.times.enumerated() {
                add(time, source, path: path, original: start, occurrence: offset + 2)
            }
            if let reason = repeats.limitReason(what: "the interval", start: start, every: every, duration: duration) {
                dropped.append(UnscheduledBreak(source: source, reason: reason))
                diagnostics.append(ProfileRules.scheduleRepeatLimit.diagnostic(reason, path: path))
            }
        }
        for (i, percent) in (mid?.percentages ?? []).enumerated() {
            let source = "midRolls.percentages[\(i)] = \(percentText(percent))%"
            let path = "midRolls.percentages[\(i)]"
            guard percent >= 0 && percent <= 100 else {
                let reason = "the percentage \(percentText(percent))% is outside 0% to 100%: the break never plays"
                dropped.append(UnscheduledBreak(source: source, reason: reason))
                diagnostics.append(ProfileRules.schedulePercentageRange.diagnostic(reason, path: path))
                continue
            }
            guard let duration else { unresolved(source, path: path); continue }
            add(duration * percent / 100, source, path: path)
        }
        for (i, cue) in (mid?.cuePoints ?? []).enumerated() {
            add(cue.time.seconds, "midRolls.cuePoints[\(i)] identifier \(cue.identifier) at \(timecode(cue.time.seconds))",
                path: "midRolls.cuePoints[\(i)]")
        }
        if description.postRoll == true {
            if let duration {
                add(duration, "postRoll", path: "postRoll", forceKind: "post-roll")
            } else {
                candidates.append(Candidate(time: .infinity, original: .infinity, order: order, kind: "post-roll", source: "postRoll",
                                            breakId: nil, occurrence: 1, position: nil, path: "postRoll", repeated: false))
            }
        }
        return finish(candidates, dropped: dropped, diagnostics: diagnostics, duration: duration)
    }
}

/// An array index in a decoding path.
private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

/// Throws when the object being decoded has a key outside `known`, naming the key and the ones there are.
private func rejectUnknownScheduleKeys(_ decoder: any Decoder, _ known: [String]) throws {
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
    let container = try decoder.container(keyedBy: AnyKey.self)
    if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
            debugDescription: "unknown key '\(unknown)' (keys: \(known.joined(separator: ", ")))"))
    }
}
