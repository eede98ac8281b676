import ConformCore

extension ProfileRules {
    static let scheduleEntries: [Entry] = {
        var tenMinutes = ProfileOptions()
        tenMinutes.contentDuration = 600
        return [
            scheduleBreakPastEnd, scheduleDuplicateBreak, schedulePercentageRange, scheduleMixedPositions, scheduleRepeatOverlap,
            scheduleRepeatLimit,
        ].map { Entry(rule: $0, profile: .schedule, exampleOptions: tenMinutes) }
            + [Entry(rule: scheduleOffsetUnresolved, profile: .schedule, exampleOptions: ProfileOptions())]
    }()

    static func adBreak(_ offset: String, id: String, extra: String = "", marked: Bool = false) -> String {
        "\n\(marked ? "↓" : "")<vmap:AdBreak timeOffset=\"\(offset)\" breakType=\"linear\" breakId=\"\(id)\"\(extra)/>"
    }

    public static let scheduleBreakPastEnd = RuleDescription(
        id: "PROFILE-schedule-break-past-end",
        name: "Ad break past the end of the content",
        summary: "a break placed after the content ends never plays",
        rationale: "Mid-rolls play at breakpoints during content playback; a breakpoint beyond the content duration is never reached. Warning: the break's inventory is lost (the examples assume 10 minutes of content).",
        fix: "Move the break inside the content, or use timeOffset=\"end\" for a post-roll.",
        severity: .warning,
        specReferences: [
            SpecReference(document: .instream, section: "Mid-roll ads", quote: "Mid-roll ads are shown in the middle of content videos at breakpoints."),
        ],
        validExamples: [
            RuleExample(ssaiVMAP(adBreak("00:05:00", id: "mid") + adBreak("end", id: "post"))),
        ],
        invalidExamples: [
            RuleExample(ssaiVMAP(adBreak("00:05:00", id: "mid") + adBreak("00:12:00", id: "late", marked: true))),
        ],
        schemaBasis: .profile(.instream))

    public static let scheduleDuplicateBreak = RuleDescription(
        id: "PROFILE-schedule-duplicate-break",
        name: "Duplicate ad break",
        summary: "two breaks that resolve to the same content time play once; the later one is dropped",
        rationale: "A percentage and a fixed time (or two fixed times) can land on the same instant; the player has one breakpoint there. Warning: the second break is trafficked for nothing.",
        fix: "Remove one of the breaks or move it.",
        severity: .warning,
        specReferences: [
            SpecReference(document: .instream, section: "Mid-roll ads", quote: "You can display ads at fixed times and time intervals, at time in percentage relative to content duration or at cue points."),
        ],
        validExamples: [
            RuleExample(ssaiVMAP(adBreak("25%", id: "a") + adBreak("00:05:00", id: "b"))),
        ],
        invalidExamples: [
            RuleExample(ssaiVMAP(adBreak("50%", id: "a") + adBreak("00:05:00", id: "b", marked: true))),
        ],
        schemaBasis: .profile(.instream))

    public static let schedulePercentageRange = RuleDescription(
        id: "PROFILE-schedule-percentage-range",
        name: "Ad break percentage out of range",
        summary: "a percentage offset must lie between 0% and 100% of the content duration",
        rationale: "Percentages are relative to the content duration; outside 0 to 100 there is no such moment in the content. Error: the break never plays.",
        fix: "Use a percentage from 0% to 100%, or start / end.",
        severity: .error,
        specReferences: [
            SpecReference(document: .instream, section: "Mid-roll ads", quote: "at time in percentage relative to content duration"),
            SpecReference(document: .vmap1, section: "AdBreak@timeOffset", quote: "n is an integer from 0-100 and represents percentage of total duration from start to that point"),
        ],
        validExamples: [
            RuleExample(ssaiVMAP(adBreak("100%", id: "post"))),
        ],
        invalidExamples: [
            RuleExample(ssaiVMAP(adBreak("150%", id: "x", marked: true))),
        ],
        schemaBasis: .profile(.instream))

    public static let scheduleMixedPositions = RuleDescription(
        id: "PROFILE-schedule-mixed-positions",
        name: "Cue-point positions mixed with other offsets",
        summary: "#n positions are honoured only when no other timeOffset type is used in the document",
        rationale: "VMAP's #n offsets count cue points and apply only to a document that uses positions alone; mixed with times, percentages, start or end, the positional breaks are ignored. Warning: those breaks never play.",
        fix: "Use positions for every break, or convert the #n breaks to times.",
        severity: .warning,
        specReferences: [
            SpecReference(document: .vmap1, section: "AdBreak@timeOffset", quote: "#m (m is an integer > 0 and represents the position of the ad break"),
        ],
        validExamples: [
            RuleExample(ssaiVMAP(adBreak("#1", id: "c1") + adBreak("#2", id: "c2"))),
        ],
        invalidExamples: [
            RuleExample(ssaiVMAP(adBreak("start", id: "pre") + adBreak("#1", id: "c1", marked: true))),
        ],
        schemaBasis: .profile(.vmap1))

    public static let scheduleRepeatOverlap = RuleDescription(
        id: "PROFILE-schedule-repeat-overlap",
        name: "Repeated ad breaks overlap",
        summary: "a repeatAfter repetition that lands on another break's time: the earlier break wins",
        rationale: "VMAP's repeatAfter repeats a mid-roll until the content ends; VMAP lets the earlier break win when repeated breaks overlap, so when a repetition and another break fall at the same time, the break with the earlier offset plays and the other is dropped. Warning: the dropped break never plays there.",
        fix: "Shift the fixed break, or change the repeat interval.",
        severity: .warning,
        specReferences: [
            SpecReference(document: .instream, section: "Mid-roll ads", quote: "Mid-roll ads may be shown multiple times during a single video."),
        ],
        validExamples: [
            RuleExample(ssaiVMAP(adBreak("00:02:00", id: "r", extra: " repeatAfter=\"00:02:00\"") + adBreak("00:05:00", id: "m"))),
        ],
        invalidExamples: [
            RuleExample(ssaiVMAP(adBreak("00:02:00", id: "r", extra: " repeatAfter=\"00:02:00\"") + adBreak("00:04:00", id: "m", marked: true))),
        ],
        schemaBasis: .profile(.instream))

    public static let scheduleRepeatLimit = RuleDescription(
        id: "PROFILE-schedule-repeat-limit",
        name: "Ad break repeated too often",
        summary: "a repeat interval that would play a break more than 1,000 times before the content ends",
        rationale: "repeatAfter (or an interval of a schedule description) repeats a mid-roll until the content ends. An interval of a fraction of a second, a typo for minutes or a template's default, would schedule thousands of breaks: more ad breaks than content, which no player honours. The schedule lists the first 1,000 repetitions and counts the rest. Warning: the interval is almost certainly not the one meant (the examples assume 10 minutes of content).",
        fix: "Give the interval meant, as HH:MM:SS (for example repeatAfter=\"00:10:00\" for a break every ten minutes).",
        severity: .warning,
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.1", quote: "repeatAfter: ... If used, the value is time in the format hh:mm:ss or HH:MM:SS.mmm"),
            SpecReference(document: .instream, section: "Mid-roll ads", quote: "Mid-roll ads may be shown multiple times during a single video."),
        ],
        validExamples: [
            RuleExample(ssaiVMAP(adBreak("00:02:00", id: "r", extra: " repeatAfter=\"00:02:00\""))),
        ],
        invalidExamples: [
            RuleExample(ssaiVMAP(adBreak("00:02:00", id: "r", extra: " repeatAfter=\"00:00:00.100\"", marked: true))),
        ],
        schemaBasis: .profile(.instream))

    public static let scheduleOffsetUnresolved = RuleDescription(
        id: "PROFILE-schedule-offset-unresolved",
        name: "Ad break offset needs the content",
        summary: "percentages need the content duration, #n needs the cue points, to resolve a break's time",
        rationale: "The schedule is resolved against the content; without its duration or cue points those breaks cannot be placed. A post-roll (end) needs neither: it plays when the content ends, and the schedule lists it at end. Info: give the duration (the examples give none).",
        fix: "Pass --duration HH:MM:SS (and --cue-points for #n).",
        severity: .info,
        specReferences: [
            SpecReference(document: .instream, section: "How to create an adapter for a third-party video player?", quote: "duration - the duration of content video;"),
        ],
        validExamples: [
            RuleExample(ssaiVMAP(adBreak("start", id: "pre") + adBreak("00:05:00", id: "mid"))),
        ],
        invalidExamples: [
            RuleExample(ssaiVMAP(adBreak("start", id: "pre") + adBreak("50%", id: "mid", marked: true))),
        ],
        schemaBasis: .profile(.instream))
}
