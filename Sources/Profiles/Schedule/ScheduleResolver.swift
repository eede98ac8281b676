import ConformCore
import VAST

/// A break that will play, at an absolute content time.
public struct ResolvedBreak: Sendable, Codable, Hashable {
    /// Seconds of content time; `nil` for a post-roll when the content duration is unknown: it plays at the
    /// end, whenever that is.
    public var time: Double?
    /// `HH:MM:SS.mmm`, or `end` when the time is the unknown end of the content.
    public var timecode: String
    /// `pre-roll`, `mid-roll` or `post-roll`.
    public var kind: String
    /// Where it comes from: `AdBreak[2] timeOffset="25%"`, `midRolls.percentages[1] = 25`, …
    public var source: String
    public var breakId: String?
    /// 1 for the break itself, 2 and up for its `repeatAfter` repetitions.
    public var occurrence: Int
    /// How often it plays: pre- and post-rolls once per content playback, mid-rolls may repeat.
    public var plays: String
    public var position: SourcePosition?
    public var path: String?
}

/// A break of the source that will not play, and why.
public struct UnscheduledBreak: Sendable, Codable, Hashable {
    public var source: String
    /// The resolved time, when there is one.
    public var time: Double?
    public var reason: String
}

/// The resolved schedule: absolute break times, what was dropped, and the findings.
public struct ResolvedSchedule: Sendable, Codable, Hashable {
    /// Seconds; `nil` when unknown.
    public var contentDuration: Double?
    /// Breaks in play order.
    public var breaks: [ResolvedBreak]
    public var notScheduled: [UnscheduledBreak]
    public var verdict: String
    /// The findings (not encoded: a `ProfileReport`, or `conform schedule`'s output, carries them beside).
    public var diagnostics: [Diagnostic] = []

    enum CodingKeys: String, CodingKey { case contentDuration, breaks, notScheduled, verdict }

    /// The timeline as text, one break per line, then what is not scheduled and the findings.
    public func text(name: String) -> String {
        var lines = ["Schedule of \(name), content " + (contentDuration.map(timecode) ?? "duration unknown")]
        if breaks.isEmpty { lines.append("  (no break)") }
        for item in breaks {
            var line = "  \(item.timecode + String(repeating: " ", count: max(0, 12 - item.timecode.count)))  " + pad(item.kind, 10) + item.source
            if let id = item.breakId { line += " breakId=\"\(id)\"" }
            if item.occurrence > 1 { line += " (repeat \(item.occurrence))" }
            lines.append(line)
            lines.append(String(repeating: " ", count: 28) + item.plays)
        }
        if !notScheduled.isEmpty {
            lines.append("Not scheduled:")
            for item in notScheduled {
                lines.append("  " + item.source + (item.time.map { " at \(timecode($0))" } ?? "") + ": " + item.reason)
            }
        }
        if !diagnostics.isEmpty {
            lines.append("Findings:")
            for d in diagnostics {
                let at = d.position.map { "\(name):\($0.line):\($0.column)" } ?? (d.path.map { "\(name) \($0)" } ?? name)
                lines.append("  \(at): \(d.severity.rawValue): \(d.message) [\(d.ruleID)]")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Resolves VMAP ad breaks or a schedule description into absolute break times
/// (instream-pre-mid-post-roll.txt; VMAP 1.0 timeOffset and repeatAfter).
///
/// - `start` and 0 are pre-rolls; `end`, `100%` and the content duration are post-rolls; the rest mid-rolls.
/// - Percentages resolve against the content duration; `#n` against the n-th cue point. `#n` offsets are
///   honoured only when no other offset type is used.
/// - `repeatAfter` repeats a mid-roll until the end of the content. When two breaks fall at the same time,
///   the one with the earlier original offset (then the earlier in the source) plays; the other is dropped.
public enum ScheduleResolver {
    struct Candidate {
        var time: Double
        var original: Double
        var order: Int
        var kind: String
        var source: String
        var breakId: String?
        var occurrence: Int
        var position: SourcePosition?
        var path: String?
        var repeated: Bool
    }

    /// Seconds of a VMAP offset given the content duration and cue points; `nil` when a fact is missing.
    public static func seconds(of offset: VMAPTimeOffset, options: ProfileOptions) -> Double? {
        switch offset {
        case .start: 0
        case .end: options.contentDuration
        case .time(let t): t.seconds
        case .percent(let p): options.contentDuration.map { $0 * p / 100 }
        case .position(let n): n <= options.cuePoints.count ? options.cuePoints[n - 1] : nil
        }
    }

    /// What is missing to resolve an offset, in words.
    static func missingFact(for offset: VMAPTimeOffset) -> String {
        switch offset {
        case .position(let n): "cue point \(n) (give the content's cue points)"
        default: "the content duration"
        }
    }

    static func kind(_ time: Double, duration: Double?, isEnd: Bool) -> String {
        if isEnd { return "post-roll" }
        if time == 0 { return "pre-roll" }
        if let duration, time == duration { return "post-roll" }
        return "mid-roll"
    }

    static func plays(_ kind: String) -> String {
        kind == "mid-roll"
            ? "mid-roll: may play several times in one content playback"
            : "\(kind): plays once per content playback, not again on replay"
    }

    /// Resolves the breaks of a VMAP document.
    public static func resolve(vmap: VMAPDocument, options: ProfileOptions) -> ResolvedSchedule {
        var diagnostics: [Diagnostic] = []
        var dropped: [UnscheduledBreak] = []
        var candidates: [Candidate] = []
        let duration = options.contentDuration
        let offsets = vmap.adBreaks.map { $0.timeOffset?.value }
        let hasOthers = offsets.contains { offset in
            guard let offset else { return false }
            if case .position = offset { return false }
            return true
        }
        for (index, adBreak) in vmap.adBreaks.enumerated() {
            let raw = adBreak.timeOffset?.raw ?? ""
            let source = "AdBreak[\(index + 1)] timeOffset=\"\(raw)\""
            func drop(_ rule: RuleDescription, _ reason: String, time: Double? = nil) {
                dropped.append(UnscheduledBreak(source: source, time: time, reason: reason))
                diagnostics.append(rule.diagnostic(reason, at: adBreak.position, path: adBreak.path))
            }
            guard let offset = adBreak.timeOffset?.value else {
                if raw.hasSuffix("%"), let number = Double(raw.dropLast()), number < 0 || number > 100 {
                    drop(ProfileRules.schedulePercentageRange, "the percentage \(raw) is outside 0% to 100%: the break never plays")
                } else if adBreak.timeOffset == nil {
                    dropped.append(UnscheduledBreak(source: source, reason: "no timeOffset"))
                } else {
                    dropped.append(UnscheduledBreak(source: source, reason: "timeOffset \"\(raw)\" is not a VMAP offset"))
                }
                continue
            }
            if case .position = offset, hasOthers {
                drop(ProfileRules.scheduleMixedPositions,
                     "\(raw) is a cue-point position, but other AdBreaks use other offset types: #n positions are honoured only when no other type is used, so this break is ignored")
                continue
            }
            if case .end = offset, duration == nil {
                // A post-roll plays when the content ends, known or not.
                candidates.append(Candidate(time: .infinity, original: .infinity, order: index, kind: "post-roll", source: source,
                                            breakId: adBreak.breakId, occurrence: 1, position: adBreak.position, path: adBreak.path,
                                            repeated: false))
                continue
            }
            guard let time = seconds(of: offset, options: options) else {
                drop(ProfileRules.scheduleOffsetUnresolved, "timeOffset \"\(raw)\" needs \(missingFact(for: offset)) to be placed")
                continue
            }
            if let duration, time > duration {
                drop(ProfileRules.scheduleBreakPastEnd,
                     "the break at \(timecode(time)) is past the end of the content (\(timecode(duration))): it never plays", time: time)
                continue
            }
            var isEnd = false
            if case .end = offset { isEnd = true }
            let kind = Self.kind(time, duration: duration, isEnd: isEnd)
            candidates.append(Candidate(time: time, original: time, order: index, kind: kind, source: source,
                                        breakId: adBreak.breakId, occurrence: 1, position: adBreak.position, path: adBreak.path,
                                        repeated: false))
            if let repeatAfter = adBreak.repeatAfter, repeatAfter.value == nil || repeatAfter.value?.seconds == 0 {
                let what = repeatAfter.value == nil ? "is not a time (HH:MM:SS[.mmm])" : "is no interval"
                dropped.append(UnscheduledBreak(source: "\(source) repeatAfter=\"\(repeatAfter.raw)\"",
                                                reason: "repeatAfter \"\(repeatAfter.raw)\" \(what): the break plays once, unrepeated"))
            }
            if let repeatAfter = adBreak.repeatAfter, let every = repeatAfter.value?.seconds, every > 0 {
                let label = "\(source) repeatAfter=\"\(repeatAfter.raw)\""
                if kind != "mid-roll" {
                    // Pre- and post-rolls play once per content playback (instream-pre-mid-post-roll.txt).
                    dropped.append(UnscheduledBreak(source: label,
                                                    reason: "a \(kind) plays once per content playback: repeatAfter is not applied"))
                } else if duration == nil {
                    dropped.append(UnscheduledBreak(source: label,
                                                    reason: "the break repeats every \(timecode(every)) until the content ends; the repetitions need the content duration to be listed"))
                }
            }
            if let every = adBreak.repeatAfter?.value?.seconds, every > 0, kind == "mid-roll", let duration {
                let repeats = repetitions(from: time, every: every, before: duration)
                for (offset, next) in repeats.times.enumerated() {
                    candidates.append(Candidate(time: next, original: time, order: index, kind: "mid-roll", source: source,
                                                breakId: adBreak.breakId, occurrence: offset + 2, position: adBreak.position,
                                                path: adBreak.path, repeated: true))
                }
                if let reason = repeats.limitReason(what: "repeatAfter=\"\(adBreak.repeatAfter?.raw ?? "")\"", start: time, every: every,
                                                    duration: duration) {
                    dropped.append(UnscheduledBreak(source: source, reason: reason))
                    diagnostics.append(ProfileRules.scheduleRepeatLimit.diagnostic(reason, at: adBreak.position, path: adBreak.path))
                }
            }
        }
        return finish(candidates, dropped: dropped, diagnostics: diagnostics, duration: duration)
    }

    /// The most repetitions of one break (of a VMAP `repeatAfter`, or of an interval of a schedule description)
    /// a schedule lists. A two-hour film with a break every five minutes has 23, a day of live stream with one
    /// every two minutes 719; an interval of milliseconds would otherwise make millions.
    public static let maximumRepetitions = 1_000

    /// The repetitions of a break at `start`, every `every` seconds (more than 0), that fall before `duration`:
    /// their times, at most ``maximumRepetitions`` of them, and how many there are in all.
    struct Repetitions {
        var times: [Double] = []
        /// All the repetitions before the end, listed or not (a count beyond `Int`'s range is kept as a `Double`).
        var total: Double = 0

        /// When not every repetition is listed: the reason, in words, naming `what` repeats.
        func limitReason(what: String, start: Double, every: Double, duration: Double) -> String? {
            guard total > Double(times.count) else { return nil }
            let count = total < 1e15 ? "\(Int(total))" : "more than 10^15"
            return "\(what) repeats the break at \(timecode(start)) every \(timecode(every)): \(count) repetitions before the "
                + "content ends at \(timecode(duration)); the schedule lists the first \(times.count)"
        }
    }

    static func repetitions(from start: Double, every: Double, before duration: Double) -> Repetitions {
        var result = Repetitions()
        var next = start + every
        while next < duration {
            guard result.times.count < maximumRepetitions else {
                // The rest counted, not walked: repetitions k >= 1 with start + k * every < duration.
                result.total = max(Double(result.times.count), ((duration - start) / every).rounded(.up) - 1)
                return result
            }
            result.times.append(next)
            next += every
        }
        result.total = Double(result.times.count)
        return result
    }

    /// Sorts, removes collisions (earlier original offset wins) and builds the schedule.
    static func finish(_ candidates: [Candidate], dropped: [UnscheduledBreak], diagnostics: [Diagnostic],
                       duration: Double?) -> ResolvedSchedule {
        var dropped = dropped
        var diagnostics = diagnostics
        // An end of unknown time (infinity) sorts last.
        let sorted = candidates.sorted {
            let a = $0.time.isFinite ? VASTTime.milliseconds(ofSeconds: $0.time) : Int.max
            let b = $1.time.isFinite ? VASTTime.milliseconds(ofSeconds: $1.time) : Int.max
            return (a, $0.original, $0.order, $0.occurrence) < (b, $1.original, $1.order, $1.occurrence)
        }
        var kept: [Candidate] = []
        // The same instant: equal milliseconds, or both at the end of content of unknown duration.
        func sameTime(_ a: Double, _ b: Double) -> Bool {
            a.isFinite && b.isFinite ? VASTTime.milliseconds(ofSeconds: a) == VASTTime.milliseconds(ofSeconds: b) : a == b
        }
        for candidate in sorted {
            if let last = kept.last, sameTime(last.time, candidate.time) {
                let at = candidate.time.isFinite ? timecode(candidate.time) : "the end of the content"
                let time = candidate.time.isFinite ? candidate.time : nil
                let label = candidate.source + (candidate.occurrence > 1 ? " (repeat \(candidate.occurrence))" : "")
                let winner = last.source + (last.occurrence > 1 ? " (repeat \(last.occurrence))" : "")
                if candidate.repeated || last.repeated {
                    let reason = "\(label) falls at \(at), where \(winner) already plays: the repeated breaks overlap and the earlier break wins"
                    dropped.append(UnscheduledBreak(source: label, time: time, reason: reason))
                    diagnostics.append(ProfileRules.scheduleRepeatOverlap.diagnostic(reason, at: candidate.position, path: candidate.path))
                } else {
                    let reason = "\(label) resolves to \(at), the same time as \(winner): a duplicate break"
                    dropped.append(UnscheduledBreak(source: label, time: time, reason: reason))
                    diagnostics.append(ProfileRules.scheduleDuplicateBreak.diagnostic(reason, at: candidate.position, path: candidate.path))
                }
                continue
            }
            kept.append(candidate)
        }
        let breaks = kept.map {
            ResolvedBreak(time: $0.time.isFinite ? $0.time : nil, timecode: $0.time.isFinite ? timecode($0.time) : "end", kind: $0.kind, source: $0.source, breakId: $0.breakId,
                          occurrence: $0.occurrence, plays: plays($0.kind), position: $0.position, path: $0.path)
        }
        let counts = ["pre-roll", "mid-roll", "post-roll"].map { kind in (kind, breaks.filter { $0.kind == kind }.count) }
        var verdict = "\(breaks.count) break(s): " + counts.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
        if !dropped.isEmpty { verdict += "; \(dropped.count) not scheduled" }
        var schedule = ResolvedSchedule(contentDuration: duration, breaks: breaks, notScheduled: dropped, verdict: verdict)
        schedule.diagnostics = diagnostics.sorted()
        return schedule
    }
}
