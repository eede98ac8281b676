import ConformCore
import Testing
import VAST
@testable import Profiles

/// Each documented pause-ad behaviour (pause-ads.txt, "When a pause ad is shown", "Troubleshooting",
/// "Tracking") as a simulation with its exact expected steps.
@Suite struct PauseSimulatorTests {
    static let good = PauseFixtures.evaluation(PauseFixtures.inLine)
    static let bad = PauseFixtures.evaluation(PauseFixtures.html)

    func simulate(_ timeline: String, _ ads: [PauseEvaluation] = [good]) throws -> PauseSimulation {
        let scheduled = ads.enumerated().map { ScheduledPauseAd(name: "ad \($0.offset + 1)", evaluation: $0.element) }
        return PauseSimulator.run(timeline: try PauseTimelineEvent.parse(timeline), ads: scheduled)
    }

    /// `time event outcome [pixels]` per step, compact for exact comparison.
    func lines(_ simulation: PauseSimulation) -> [String] {
        simulation.steps.map { step in
            var line = "\(secondsText(step.time)) \(step.event): \(step.outcome)"
            if !step.sdkEvents.isEmpty { line += " {" + step.sdkEvents.joined(separator: ",") + "}" }
            if !step.pixels.isEmpty { line += " [" + step.pixels.map(\.event).joined(separator: ",") + "]" }
            return line
        }
    }

    @Test func issueExampleTextOutput() throws {
        let simulation = try simulate("play@0,pause@12,resume@15,pause@20,close@22")
        #expect(simulation.text == """
            time       event            outcome
                0.000  play             content playback starts
               12.000  pause            content pauses; a pause ad becomes eligible at 13.000
               13.000  eligible         shows ad 1: <NonLinear id="nl1"> image/png https://cdn.example/pause.png
                                        fetch  the tag of ad 1
                                        event  NonLinearAdStartedEvent
                                        fires  impression          https://t.example/in/imp
                                        fires  creativeView        https://t.example/in/view
               15.000  resume           dismisses ad 1: playback resumed, no close pixel
                                        event  NonLinearAdFinishedEvent
                                        fires  overlayViewDuration https://t.example/in/duration
               20.000  pause            content pauses; a pause ad becomes eligible at 21.000
               21.000  eligible         no pause ad is scheduled
               22.000  close            no pause ad is visible: nothing to close
            still scheduled: none
            """)
    }

    @Test func eligibleOneSecondAfterPause() throws {
        let simulation = try simulate("play@0,pause@5.5")
        #expect(lines(simulation) == [
            "0.000 play: content playback starts",
            "5.500 pause: content pauses; a pause ad becomes eligible at 6.500",
            "6.500 eligible: shows ad 1: <NonLinear id=\"nl1\"> image/png https://cdn.example/pause.png {NonLinearAdStartedEvent} [impression,creativeView]",
        ])
        #expect(simulation.steps[2].shown == "ad 1")
    }

    @Test func resumingWithinTheDelayShowsNothing() throws {
        let simulation = try simulate("play@0,pause@10,resume@10.9")
        #expect(lines(simulation) == [
            "0.000 play: content playback starts",
            "10.000 pause: content pauses; a pause ad becomes eligible at 11.000",
            "10.900 resume: content playback resumes",
        ])
        #expect(simulation.stillScheduled == ["ad 1"])
    }

    @Test func pauseBeforePlaybackStartedNeverShows() throws {
        let simulation = try simulate("pause@0,play@3,pause@8")
        #expect(lines(simulation) == [
            "0.000 pause: content playback has not started: no pause ad is shown for this pause",
            "3.000 play: content playback starts",
            "8.000 pause: content pauses; a pause ad becomes eligible at 9.000",
            "9.000 eligible: shows ad 1: <NonLinear id=\"nl1\"> image/png https://cdn.example/pause.png {NonLinearAdStartedEvent} [impression,creativeView]",
        ])
    }

    @Test func seekRestartsTheDelayAndDismissesAVisibleAd() throws {
        let restart = try simulate("play@0,pause@10,seek@10.5")
        #expect(lines(restart) == [
            "0.000 play: content playback starts",
            "10.000 pause: content pauses; a pause ad becomes eligible at 11.000",
            "10.500 seek: seek restarts the delay: a pause ad becomes eligible at 11.500",
            "11.500 eligible: shows ad 1: <NonLinear id=\"nl1\"> image/png https://cdn.example/pause.png {NonLinearAdStartedEvent} [impression,creativeView]",
        ])
        let dismiss = try simulate("play@0,pause@10,timeshift@14", [Self.good, Self.good])
        #expect(lines(dismiss) == [
            "0.000 play: content playback starts",
            "10.000 pause: content pauses; a pause ad becomes eligible at 11.000",
            "11.000 eligible: shows ad 1: <NonLinear id=\"nl1\"> image/png https://cdn.example/pause.png {NonLinearAdStartedEvent} [impression,creativeView]",
            "14.000 timeshift: dismisses ad 1: time shift, no close pixel {NonLinearAdFinishedEvent} [overlayViewDuration]",
            "14.000 timeshift: time shift while paused: a pause ad was already shown during this pause, none other until the next pause",
        ])
        #expect(dismiss.stillScheduled == ["ad 2"])
    }

    @Test func atMostOnePerPauseOthersWaitInOrderEachShownOnce() throws {
        let simulation = try simulate("play@0,pause@10,resume@20,pause@30,resume@40,pause@50", [Self.good, Self.good])
        let shown = simulation.steps.compactMap { step in step.shown.map { "\(secondsText(step.time)) \($0)" } }
        #expect(shown == ["11.000 ad 1", "31.000 ad 2"])
        #expect(lines(simulation).last == "51.000 eligible: no pause ad is scheduled")
        #expect(simulation.stillScheduled.isEmpty)
    }

    @Test func closeFiresCloseResumeDoesNot() throws {
        let closed = try simulate("play@0,pause@10,close@15,resume@20")
        #expect(lines(closed) == [
            "0.000 play: content playback starts",
            "10.000 pause: content pauses; a pause ad becomes eligible at 11.000",
            "11.000 eligible: shows ad 1: <NonLinear id=\"nl1\"> image/png https://cdn.example/pause.png {NonLinearAdStartedEvent} [impression,creativeView]",
            "15.000 close: closes ad 1; the content stays paused {NonLinearAdSkippedEvent} [close,overlayViewDuration]",
            "20.000 resume: content playback resumes",
        ])
        #expect(closed.steps[3].pixels.map(\.url) == ["https://t.example/in/close", "https://t.example/in/duration"])
        let resumed = try simulate("play@0,pause@10,resume@15")
        #expect(!resumed.steps.flatMap(\.pixels).contains { $0.event == "close" })
    }

    @Test func hiddenContainerDiscardsAsNotUsedAndKeepsTheAd() throws {
        let simulation = try simulate("play@0,container-hidden@1,pause@10,resume@12,container-shown@13,pause@20")
        #expect(lines(simulation) == [
            "0.000 play: content playback starts",
            "1.000 container-hidden: the ad container is not on screen",
            "10.000 pause: content pauses; a pause ad becomes eligible at 11.000",
            "11.000 eligible: ad 1 loaded, but the ad container is not on screen: the creative is discarded as notUsed; ad 1 stays scheduled and its tag is requested again on the next pause [notUsed]",
            "12.000 resume: content playback resumes",
            "13.000 container-shown: the ad container is on screen",
            "20.000 pause: content pauses; a pause ad becomes eligible at 21.000",
            "21.000 eligible: shows ad 1: <NonLinear id=\"nl1\"> image/png https://cdn.example/pause.png {NonLinearAdStartedEvent} [impression,creativeView]",
        ])
        #expect(simulation.steps[3].pixels.map(\.url) == ["https://t.example/in/notused"])
        // The tag is requested at each eligible pause, again after the notUsed discard: nothing is cached.
        #expect(simulation.steps.filter { !$0.tagRequests.isEmpty }.map { "\(secondsText($0.time)) \($0.tagRequests)" } == [
            "11.000 [\"ad 1\"]", "21.000 [\"ad 1\"]",
        ])
        #expect(!simulation.steps[3].sdkEvents.contains("AdErrorEvent"))
    }

    @Test func failedAdIsRemovedAndTheNextIsTriedInTheSamePause() throws {
        let simulation = try simulate("play@0,pause@10", [Self.bad, Self.good])
        #expect(lines(simulation) == [
            "0.000 play: content playback starts",
            "10.000 pause: content pauses; a pause ad becomes eligible at 11.000",
            "11.000 eligible: ad 1 cannot be shown (this <NonLinear> has only an HTMLResource; pause ads need a StaticResource of type image/png or image/jpeg); removed from the schedule; the next scheduled pause ad is tried {AdErrorEvent} [error]",
            "11.000 eligible: shows ad 2: <NonLinear id=\"nl1\"> image/png https://cdn.example/pause.png {NonLinearAdStartedEvent} [impression,creativeView]",
        ])
        #expect(simulation.steps[2].pixels.map(\.url) == ["https://t.example/html/error"])
    }

    @Test func missingContainerFailsLikeAnyError() throws {
        let simulation = try simulate("play@0,container-missing@1,pause@10", [Self.good, Self.good])
        #expect(lines(simulation) == [
            "0.000 play: content playback starts",
            "1.000 container-missing: no ad container is registered, or it has a zero size",
            "10.000 pause: content pauses; a pause ad becomes eligible at 11.000",
            "11.000 eligible: ad 1 cannot be shown (no ad container is registered, or it has a zero size); removed from the schedule; the next scheduled pause ad is tried {AdErrorEvent} [error]",
            "11.000 eligible: ad 2 cannot be shown (no ad container is registered, or it has a zero size); removed from the schedule {AdErrorEvent} [error]",
            "11.000 eligible: no pause ad is scheduled",
        ])
        #expect(simulation.stillScheduled.isEmpty)
    }

    @Test func suppressedAdsAreRemovedAndTheNextIsTried() throws {
        let ads = [
            ScheduledPauseAd(name: "ad 1", evaluation: Self.good, suppression: .load),
            ScheduledPauseAd(name: "ad 2", evaluation: Self.good, suppression: .play),
            ScheduledPauseAd(name: "ad 3", evaluation: Self.good),
        ]
        let simulation = PauseSimulator.run(timeline: try PauseTimelineEvent.parse("play@0,pause@4"), ads: ads)
        #expect(lines(simulation) == [
            "0.000 play: content playback starts",
            "4.000 pause: content pauses; a pause ad becomes eligible at 5.000",
            "5.000 eligible: shouldLoadAdItem returns false for ad 1: its tag is not requested and it is removed from the schedule; the next scheduled pause ad is tried",
            "5.000 eligible: shouldPlayAdItem returns false for ad 2: the creative is not shown and it is removed from the schedule; the next scheduled pause ad is tried",
            "5.000 eligible: shows ad 3: <NonLinear id=\"nl1\"> image/png https://cdn.example/pause.png {NonLinearAdStartedEvent} [impression,creativeView]",
        ])
        #expect(simulation.steps.map(\.tagRequests) == [[], [], [], ["ad 2"], ["ad 3"]])
    }

    @Test func sourceChangeClearsPendingAds() throws {
        let simulation = try simulate("play@0,pause@10,source-change@15,play@16,pause@20", [Self.good, Self.good, Self.good])
        #expect(lines(simulation) == [
            "0.000 play: content playback starts",
            "10.000 pause: content pauses; a pause ad becomes eligible at 11.000",
            "11.000 eligible: shows ad 1: <NonLinear id=\"nl1\"> image/png https://cdn.example/pause.png {NonLinearAdStartedEvent} [impression,creativeView]",
            "15.000 source-change: dismisses ad 1: the source changed, no close pixel {NonLinearAdFinishedEvent} [overlayViewDuration]",
            "15.000 source-change: the active source changes: pending pause ads are cleared (ad 2, ad 3)",
            "16.000 play: content playback starts",
            "20.000 pause: content pauses; a pause ad becomes eligible at 21.000",
            "21.000 eligible: no pause ad is scheduled",
        ])
    }

    @Test func seekWithoutAPauseDoesNothing() throws {
        #expect(lines(try simulate("seek@1,play@2,seek@30")) == [
            "1.000 seek: seek before playback started: nothing to do for pause ads",
            "2.000 play: content playback starts",
            "30.000 seek: seek during playback: nothing to do for pause ads",
        ])
    }

    @Test func eventsAreOrderedByTimeAndTheDelayWinsTies() throws {
        let simulation = try simulate("pause@10,play@0,resume@11")
        #expect(lines(simulation).map { String($0.prefix(while: { $0 != ":" })) } == [
            "0.000 play", "10.000 pause", "11.000 eligible", "11.000 resume",
        ])
    }

    @Test func aTapFiresTheClickPixelsAndTheAdStaysVisible() throws {
        let simulation = try simulate("play@0,pause@10,click@12,close@14")
        #expect(lines(simulation).suffix(2) == [
            "12.000 click: the viewer taps ad 1; on iOS https://brand.example/ opens (tvOS has no click-through); the ad stays visible {AdClickedEvent} [click]",
            "14.000 close: closes ad 1; the content stays paused {NonLinearAdSkippedEvent} [close,overlayViewDuration]",
        ])
        #expect(simulation.steps.first { $0.event == "click" }?.pixels.map(\.url) == ["https://t.example/in/click"])
        // Without a visible ad the tap is the player's.
        #expect(lines(try simulate("play@0,click@3")).last == "3.000 click: no pause ad is visible: the tap goes to the player")
    }

    @Test func anUnresolvedWrapperIsSkippedWithoutAnError() throws {
        let wrapper = PauseFixtures.evaluation(PauseFixtures.wrapper)
        #expect(wrapper.unresolved)
        let simulation = try simulate("play@0,pause@10", [wrapper, Self.good])
        #expect(lines(simulation) == [
            "0.000 play: content playback starts",
            "10.000 pause: content pauses; a pause ad becomes eligible at 11.000",
            "11.000 eligible: ad 1 is a Wrapper whose chain was not resolved (add --follow): whether it shows is unknown, so the simulation skips it; the next scheduled pause ad is tried",
            "11.000 eligible: shows ad 2: <NonLinear id=\"nl1\"> image/png https://cdn.example/pause.png {NonLinearAdStartedEvent} [impression,creativeView]",
        ])
        // Not a failure: no AdErrorEvent and none of the Wrapper's error pixels.
        #expect(!simulation.steps.contains { $0.sdkEvents.contains("AdErrorEvent") || $0.pixels.contains { $0.event == "error" } })
        // The Wrapper followed to its InLine is an ordinary eligible ad, its hop's pixels included.
        let resolved = PauseProfile.evaluate([VASTDecoder.decode(PauseFixtures.wrapper).vast!, VASTDecoder.decode(PauseFixtures.inLine).vast!])
        #expect(!resolved.unresolved && resolved.eligible)
        let shown = try simulate("play@0,pause@10,click@12", [resolved])
        #expect(shown.steps.last?.pixels.map(\.url) == ["https://t.example/w/click", "https://t.example/in/click"])
    }

    @Test func timelineErrors() {
        #expect(throws: ProfileError.invalidTimeline("unknown event 'jump' (events: play, pause, resume, seek, timeshift, close, click, container-hidden, container-shown, container-missing, container-registered, source-change)")) {
            try PauseTimelineEvent.parse("play@0,jump@3")
        }
        #expect(throws: ProfileError.invalidTimeline("'pause' is not event@time")) { try PauseTimelineEvent.parse("pause") }
        #expect(throws: ProfileError.invalidTimeline("'pause@x': the time is not seconds or HH:MM:SS[.mmm] (at most 999999999:59:59.999)")) {
            try PauseTimelineEvent.parse("pause@x")
        }
        #expect((try? PauseTimelineEvent.parse("pause@00:01:02.500"))?.first?.time == 62.5)
        // A time past the longest VAST time is refused (it once stopped the simulation's text on an integer conversion).
        #expect(throws: ProfileError.invalidTimeline("'pause@99999999999999999999999931': the time is not seconds or HH:MM:SS[.mmm] (at most 999999999:59:59.999)")) {
            try PauseTimelineEvent.parse("play@0,pause@99999999999999999999999931")
        }
    }
}
