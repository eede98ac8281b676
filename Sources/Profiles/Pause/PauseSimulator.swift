import ConformCore
import VAST

/// One user or app action on the simulator's timeline.
public struct PauseTimelineEvent: Sendable, Codable, Hashable {
    public enum Kind: String, Sendable, Codable, Hashable, CaseIterable {
        /// Content playback starts (or resumes, when paused).
        case play
        /// Content playback pauses.
        case pause
        /// Content playback resumes: a visible pause ad ends without `close`.
        case resume
        /// A seek: restarts the activation delay and dismisses a visible pause ad.
        case seek
        /// A time shift (live): the same as a seek for pause ads.
        case timeshift
        /// The viewer closes the pause ad (`player.ads.skip()`): fires `close`, content stays paused.
        case close
        /// The viewer taps the visible pause ad: AdClickedEvent and its click tracking; on iOS its
        /// click-through URL opens (tvOS has no click-through). The ad stays visible.
        case click
        /// The registered ad container leaves the screen (hidden, transparent or not in a window).
        case containerHidden = "container-hidden"
        /// The registered ad container is on screen again.
        case containerShown = "container-shown"
        /// No ad container is registered, or it has a zero size: a pause ad fails like any other error.
        case containerMissing = "container-missing"
        /// An ad container of non-zero size is registered (the default).
        case containerRegistered = "container-registered"
        /// The active source changes: pending pause ads are cleared.
        case sourceChange = "source-change"
    }

    public var kind: Kind
    /// Content time in seconds.
    public var time: Double

    public init(_ kind: Kind, at time: Double) {
        self.kind = kind
        self.time = time
    }

    /// Parses `play@0,pause@12,resume@15`: comma-separated `event@time`, time in seconds or `HH:MM:SS[.mmm]`.
    /// - Throws: ``ProfileError/invalidTimeline(_:)`` naming the entry that does not parse.
    public static func parse(_ text: String) throws(ProfileError) -> [PauseTimelineEvent] {
        var events: [PauseTimelineEvent] = []
        for entry in text.split(separator: ",").map({ $0.trimmingWhitespace() }) where !entry.isEmpty {
            guard let at = entry.firstIndex(of: "@") else {
                throw .invalidTimeline("'\(entry)' is not event@time")
            }
            let name = String(entry[..<at])
            guard let kind = Kind(rawValue: name) else {
                throw .invalidTimeline("unknown event '\(name)' (events: \(Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            guard let time = parseSeconds(String(entry[entry.index(after: at)...])) else {
                throw .invalidTimeline("'\(entry)': the time is not seconds or HH:MM:SS[.mmm] (at most \(maximumTimecode))")
            }
            events.append(PauseTimelineEvent(kind, at: time))
        }
        guard !events.isEmpty else { throw .invalidTimeline("no events") }
        return events
    }
}

/// A pause ad in the app's schedule: a name for the output and what its tag evaluates to.
public struct ScheduledPauseAd: Sendable, Codable, Hashable {
    /// Which of the app's `AdvertisingConfig` hooks returns false for this ad.
    public enum Suppression: String, Sendable, Codable, Hashable, CaseIterable {
        /// `shouldLoadAdItem` returns false: the tag is not requested.
        case load
        /// `shouldPlayAdItem` returns false: the tag is requested, the creative is not shown.
        case play
    }

    /// How the output names the ad, e.g. `ad 1 (tag.xml)`.
    public var name: String
    public var evaluation: PauseEvaluation
    /// The app suppresses the ad; it is removed from the schedule and the next one is tried.
    public var suppression: Suppression?
    /// `true`: the player plays the creative's video (``PauseEvaluation/video``, a VAST 4.4 or ctv_ad_portfolio
    /// cinemagraph) in place of its image, firing start and the quartiles of its Duration while the pause lasts.
    /// Absent: the reference player, which shows the static image.
    public var playsVideo: Bool?

    public init(name: String, evaluation: PauseEvaluation, suppression: Suppression? = nil, playsVideo: Bool? = nil) {
        self.name = name
        self.evaluation = evaluation
        self.suppression = suppression
        self.playsVideo = playsVideo
    }

    /// The video the ad plays, when it plays one.
    var playedVideo: PauseVideo? { playsVideo == true ? evaluation.video : nil }
}

/// A tracking request the simulated player makes.
public struct FiredPixel: Sendable, Codable, Hashable {
    /// The tracking event: impression, creativeView, click, close, overlayViewDuration, notUsed or error.
    public var event: String
    public var url: String
    /// The chain document the URL comes from (0 = the tag as requested).
    public var hop: Int
}

/// One line of the simulation: what happened at a moment and what the player did about it.
public struct SimulationStep: Sendable, Codable, Hashable {
    /// Content time in seconds.
    public var time: Double
    /// The timeline event, or `eligible` for the moment the activation delay ends.
    public var event: String
    /// The ad that became visible at this step.
    public var shown: String?
    /// The ad that went away at this step.
    public var dismissed: String?
    /// What the player did, in words.
    public var outcome: String
    /// Ads whose tag is requested at this step (the tag is requested only when a pause becomes
    /// eligible, and nothing is cached: a tag is requested again at every attempt).
    public var tagRequests: [String]
    /// Events the SDK emits at this step (NonLinearAdStartedEvent, NonLinearAdSkippedEvent, …).
    public var sdkEvents: [String]
    public var pixels: [FiredPixel]
}

/// The result of a simulation: every step, and the ads still scheduled at the end.
public struct PauseSimulation: Sendable, Codable, Hashable {
    public var steps: [SimulationStep]
    /// Names of the ads that remain scheduled when the timeline ends.
    public var stillScheduled: [String]

    /// The simulation as aligned text, one step per block, pixels indented below it.
    public var text: String {
        var lines: [String] = []
        lines.append(pad("time", 9) + "  " + pad("event", 17) + "outcome")
        for step in steps {
            let time = secondsText(step.time)
            lines.append(String(repeating: " ", count: max(0, 9 - time.count)) + time + "  " + pad(step.event, 17) + step.outcome)
            for name in step.tagRequests {
                lines.append(String(repeating: " ", count: 28) + "fetch  the tag of \(name)")
            }
            for event in step.sdkEvents {
                lines.append(String(repeating: " ", count: 28) + "event  \(event)")
            }
            for pixel in step.pixels {
                let hop = pixel.hop > 0 ? " (hop \(pixel.hop))" : ""
                lines.append(String(repeating: " ", count: 28) + "fires  " + pad(pixel.event, 20) + pixel.url + hop)
            }
        }
        lines.append("still scheduled: " + (stillScheduled.isEmpty ? "none" : stillScheduled.joined(separator: ", ")))
        return lines.joined(separator: "\n")
    }
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

/// `12.000`: seconds with three decimals.
func secondsText(_ seconds: Double) -> String {
    let ms = VASTTime.milliseconds(ofSeconds: seconds)
    let fraction = ms % 1000
    let digits = fraction < 10 ? "00\(fraction)" : (fraction < 100 ? "0\(fraction)" : "\(fraction)")
    return "\(ms / 1000).\(digits)"
}

/// A deterministic, event-driven model of the documented pause-ad timing (pause-ads.txt,
/// "When a pause ad is shown", "Troubleshooting", "Events", "Tracking"):
///
/// - a pause ad becomes eligible one second after content playback pauses, and never when playback has
///   not started; its tag is requested then, every time (nothing is cached);
/// - a seek or time shift restarts the delay and dismisses a visible pause ad;
/// - at most one pause ad shows per pause; the others wait for a later pause, in scheduling order;
/// - each scheduled ad is shown once, then removed; an ad that cannot be shown emits AdErrorEvent,
///   fires its error pixels, is removed, and the next scheduled ad is tried during the same pause;
/// - resuming ends the ad without `close` (NonLinearAdFinishedEvent); closing fires `close`
///   (NonLinearAdSkippedEvent) and keeps the content paused; either way `overlayViewDuration` fires;
/// - when the container is not on screen, the loaded creative is discarded as `notUsed`, no error is
///   emitted and the ad stays scheduled (its tag is requested again on the next pause);
/// - when no container is registered or it has a zero size, the ad fails like any other error;
/// - an ad the app suppresses (shouldLoadAdItem or shouldPlayAdItem returns false) is removed and the
///   next scheduled ad is tried;
/// - a tap on the visible ad emits AdClickedEvent and fires its click tracking; the ad stays visible;
/// - a source change clears the pending pause ads;
/// - an ad whose chain ends at an unresolved Wrapper is skipped: nothing is known of what it would do.
///
/// An ad that plays its video (``ScheduledPauseAd/playsVideo``) fires `start` as it shows and `firstQuartile`,
/// `midpoint`, `thirdQuartile` and `complete` at 25, 50, 75 and 100% of its Duration while it stays visible
/// (VAST 4.4 §3.14.1: time-based events apply to a NonLinear with a known Duration); dismissed earlier, the
/// rest never fire. After `complete` the cinemagraph loops on without firing again, until the pause ends.
///
/// When the delay, or a quartile, falls at the same instant as a timeline event, it is handled first.
public enum PauseSimulator {
    public static func run(timeline: [PauseTimelineEvent], ads: [ScheduledPauseAd]) -> PauseSimulation {
        var state = State(queue: ads)
        let ordered = timeline.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        for event in ordered {
            state.advance(to: event.time)
            state.handle(event)
        }
        // The timeline's last state lasts: a pending delay ends, and a visible video plays on.
        state.advance(to: .infinity)
        return PauseSimulation(steps: state.steps, stillScheduled: state.queue.map(\.name))
    }

    struct State {
        var queue: [ScheduledPauseAd]
        var started = false
        var paused = false
        var containerOnScreen = true
        var containerRegistered = true
        var visible: ScheduledPauseAd?
        var timerAt: Double?
        var shownThisPause = false
        var steps: [SimulationStep] = []
        /// The time-based events still to come of the visible ad's video, in time order.
        var videoEvents: [(time: Double, event: String, percent: Int)] = []

        init(queue: [ScheduledPauseAd]) { self.queue = queue }

        func pixels(_ ad: ScheduledPauseAd, _ events: [String]) -> [FiredPixel] {
            events.flatMap { name in
                (ad.evaluation.pixels[name] ?? []).map { FiredPixel(event: name, url: $0.url, hop: $0.hop) }
            }
        }

        mutating func step(_ time: Double, _ event: String, _ outcome: String, shown: String? = nil, dismissed: String? = nil,
                           requests: [String] = [], sdkEvents: [String] = [], pixels: [FiredPixel] = []) {
            steps.append(SimulationStep(time: time, event: event, shown: shown, dismissed: dismissed, outcome: outcome,
                                        tagRequests: requests, sdkEvents: sdkEvents, pixels: pixels))
        }

        /// Handles the delay and the video quartiles due at or before `time`, in time order.
        mutating func advance(to time: Double) {
            while true {
                let quartile = videoEvents.first?.time
                if let due = timerAt, due <= time, quartile.map({ due <= $0 }) ?? true {
                    eligible(at: due)
                } else if let due = quartile, due <= time {
                    fireVideoEvent()
                } else {
                    return
                }
            }
        }

        /// Fires the next time-based event of the visible ad's video.
        mutating func fireVideoEvent() {
            let next = videoEvents.removeFirst()
            guard let ad = visible, let video = ad.playedVideo else { return }
            let pixels = (video.pixels[next.event] ?? []).map { FiredPixel(event: next.event, url: $0.url, hop: $0.hop) }
            let outcome = next.percent == 100
                ? "\(ad.name) played its \(timecode(video.durationSeconds)) video to the end; the cinemagraph loops on without firing again"
                : "\(ad.name) has played \(next.percent)% of its \(timecode(video.durationSeconds)) video"
            step(next.time, next.event, outcome, pixels: pixels)
        }

        /// Ends the visible ad. `closed`: through the close control (fires `close`); otherwise it finished.
        mutating func dismiss(at time: Double, _ event: String, because: String, closed: Bool) {
            guard let ad = visible else { return }
            visible = nil
            videoEvents = []
            let outcome = closed
                ? "closes \(ad.name); the content stays paused"
                : "dismisses \(ad.name): \(because), no close pixel"
            step(time, event, outcome, dismissed: ad.name,
                 sdkEvents: [closed ? "NonLinearAdSkippedEvent" : "NonLinearAdFinishedEvent"],
                 pixels: pixels(ad, closed ? ["close", "overlayViewDuration"] : ["overlayViewDuration"]))
        }

        mutating func eligible(at time: Double) {
            timerAt = nil
            while true {
                guard let ad = queue.first else {
                    step(time, "eligible", "no pause ad is scheduled")
                    return
                }
                if let suppression = ad.suppression {
                    queue.removeFirst()
                    let next = queue.isEmpty ? "" : "; the next scheduled pause ad is tried"
                    switch suppression {
                    case .load:
                        step(time, "eligible", "shouldLoadAdItem returns false for \(ad.name): its tag is not requested and it is removed from the schedule\(next)")
                    case .play:
                        step(time, "eligible", "shouldPlayAdItem returns false for \(ad.name): the creative is not shown and it is removed from the schedule\(next)",
                             requests: [ad.name])
                    }
                    continue
                }
                if ad.evaluation.unresolved {
                    // Nothing is known of the tag the Wrapper leads to: neither a creative nor a failure.
                    queue.removeFirst()
                    let next = queue.isEmpty ? "" : "; the next scheduled pause ad is tried"
                    step(time, "eligible", "\(ad.name) is a Wrapper whose chain was not resolved (add --follow): whether it shows is unknown, so the simulation skips it\(next)",
                         requests: [ad.name])
                    continue
                }
                if !ad.evaluation.eligible {
                    queue.removeFirst()
                    let why = ad.evaluation.reasons.first ?? "no pause creative"
                    let next = queue.isEmpty ? "" : "; the next scheduled pause ad is tried"
                    step(time, "eligible", "\(ad.name) cannot be shown (\(why)); removed from the schedule\(next)",
                         requests: [ad.name], sdkEvents: ["AdErrorEvent"], pixels: pixels(ad, ["error"]))
                    continue
                }
                if !containerRegistered {
                    queue.removeFirst()
                    let next = queue.isEmpty ? "" : "; the next scheduled pause ad is tried"
                    step(time, "eligible", "\(ad.name) cannot be shown (no ad container is registered, or it has a zero size); removed from the schedule\(next)",
                         requests: [ad.name], sdkEvents: ["AdErrorEvent"], pixels: pixels(ad, ["error"]))
                    continue
                }
                if !containerOnScreen {
                    step(time, "eligible",
                         "\(ad.name) loaded, but the ad container is not on screen: the creative is discarded as notUsed; \(ad.name) stays scheduled and its tag is requested again on the next pause",
                         requests: [ad.name], pixels: pixels(ad, ["notUsed"]))
                    return
                }
                queue.removeFirst()
                visible = ad
                shownThisPause = true
                if let video = ad.playedVideo {
                    let d = video.durationSeconds
                    videoEvents = [(time + d / 4, "firstQuartile", 25), (time + d / 2, "midpoint", 50),
                                   (time + d * 3 / 4, "thirdQuartile", 75), (time + d, "complete", 100)]
                    let started = (video.pixels["start"] ?? []).map { FiredPixel(event: "start", url: $0.url, hop: $0.hop) }
                    step(time, "eligible", "shows \(ad.name): plays the video \(video.type.map { "\($0) " } ?? "")\(video.url) (\(timecode(d)))", shown: ad.name,
                         requests: [ad.name], sdkEvents: ["NonLinearAdStartedEvent"], pixels: pixels(ad, ["impression", "creativeView"]) + started)
                    return
                }
                let creative = ad.evaluation.creative.map { ": \($0.label)" } ?? ""
                step(time, "eligible", "shows \(ad.name)\(creative)", shown: ad.name,
                     requests: [ad.name], sdkEvents: ["NonLinearAdStartedEvent"], pixels: pixels(ad, ["impression", "creativeView"]))
                return
            }
        }

        mutating func handle(_ event: PauseTimelineEvent) {
            let t = event.time
            let name = event.kind.rawValue
            switch event.kind {
            case .play, .resume:
                if paused {
                    paused = false
                    timerAt = nil
                    if visible != nil {
                        dismiss(at: t, name, because: "playback resumed", closed: false)
                    } else {
                        step(t, name, "content playback resumes")
                    }
                } else if started {
                    step(t, name, "content is already playing")
                } else {
                    started = true
                    step(t, name, "content playback starts")
                }
            case .pause:
                if !started {
                    step(t, name, "content playback has not started: no pause ad is shown for this pause")
                } else if paused {
                    step(t, name, "content is already paused")
                } else {
                    paused = true
                    shownThisPause = false
                    timerAt = t + 1
                    step(t, name, "content pauses; a pause ad becomes eligible at \(secondsText(t + 1))")
                }
            case .seek, .timeshift:
                let what = event.kind == .seek ? "seek" : "time shift"
                if visible != nil {
                    dismiss(at: t, name, because: "\(what)", closed: false)
                }
                if paused && started {
                    if shownThisPause {
                        timerAt = nil
                        step(t, name, "\(what) while paused: a pause ad was already shown during this pause, none other until the next pause")
                    } else {
                        timerAt = t + 1
                        step(t, name, "\(what) restarts the delay: a pause ad becomes eligible at \(secondsText(t + 1))")
                    }
                } else {
                    step(t, name, started ? "\(what) during playback: nothing to do for pause ads"
                                          : "\(what) before playback started: nothing to do for pause ads")
                }
            case .close:
                if visible != nil {
                    dismiss(at: t, name, because: "closed", closed: true)
                } else {
                    step(t, name, "no pause ad is visible: nothing to close")
                }
            case .click:
                if let ad = visible {
                    let opens = ad.evaluation.creative?.clickThrough.map { "; on iOS \($0) opens (tvOS has no click-through)" }
                        ?? "; the creative has no click-through URL, so nothing opens"
                    step(t, name, "the viewer taps \(ad.name)\(opens); the ad stays visible",
                         sdkEvents: ["AdClickedEvent"], pixels: pixels(ad, ["click"]))
                } else {
                    step(t, name, "no pause ad is visible: the tap goes to the player")
                }
            case .containerHidden:
                containerOnScreen = false
                step(t, name, "the ad container is not on screen")
            case .containerShown:
                containerOnScreen = true
                step(t, name, "the ad container is on screen")
            case .containerMissing:
                containerRegistered = false
                step(t, name, "no ad container is registered, or it has a zero size")
            case .containerRegistered:
                containerRegistered = true
                step(t, name, "an ad container is registered")
            case .sourceChange:
                if visible != nil { dismiss(at: t, name, because: "the source changed", closed: false) }
                let cleared = queue.map(\.name)
                queue = []
                started = false
                paused = false
                timerAt = nil
                step(t, name, cleared.isEmpty
                     ? "the active source changes; no pending pause ad"
                     : "the active source changes: pending pause ads are cleared (\(cleared.joined(separator: ", ")))")
            }
        }
    }
}
