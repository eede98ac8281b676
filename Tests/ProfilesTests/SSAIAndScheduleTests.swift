import ConformCore
import Foundation
import Testing
import VAST
@testable import Profiles

@Suite struct SSAIProfileTests {
    static let pod = """
        <VAST version="4.2">
          <Ad id="second_ad_id" sequence="2"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative id="c2">
            <Linear skipoffset="50%"><Duration>00:00:10</Duration>
              <MediaFiles>
                <MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.example/2.mp4]]></MediaFile>
                <MediaFile delivery="streaming" type="application/x-mpegURL" width="640" height="360"><![CDATA[https://cdn.example/2.m3u8]]></MediaFile>
              </MediaFiles>
              <VideoClicks><ClickThrough><![CDATA[https://brand.example/2]]></ClickThrough></VideoClicks>
            </Linear></Creative></Creatives></InLine></Ad>
          <Ad id="first_ad_id" sequence="1"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative>
            <Linear skipoffset="00:00:05"><Duration>00:00:10</Duration>
              <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.example/1.mp4]]></MediaFile></MediaFiles>
              <VideoClicks><ClickThrough><![CDATA[https://brand.example/1]]></ClickThrough></VideoClicks>
            </Linear></Creative></Creatives></InLine></Ad>
        </VAST>
        """

    @Test func podBecomesOnePreRollBreakInSequenceOrder() throws {
        let report = Profiles.evaluate(.ssai, input: decode(Self.pod))
        let model = try #require(report.ssai)
        #expect(model.diagnostics.isEmpty)
        #expect(model.adBreaks.count == 1)
        #expect(model.adBreaks[0].timeOffset == 0)
        let ads = model.adBreaks[0].ads
        #expect(ads.map(\.id) == ["first_ad_id", "second_ad_id"])
        #expect(ads.map(\.type) == ["linear", "linear"])
        #expect(ads.map(\.skipOffset) == [5, 5])
        #expect(ads.map(\.duration) == [10, 10])
        #expect(ads.map(\.resourceURI) == ["https://cdn.example/1.mp4", "https://cdn.example/2.m3u8"])
        #expect(ads.map(\.clickThrough) == ["https://brand.example/1", "https://brand.example/2"])
        #expect(report.verdict == "1 ad break(s), 2 linear ad(s)")
    }

    @Test func unconvertibleValuesAreDiagnosticsNotZeros() throws {
        let xml = """
            <VAST version="4.2"><Ad id="x"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives>
            <Creative><Linear skipoffset="25%"><MediaFiles><MediaFile delivery="progressive" type="video/webm" width="1" height="1"><![CDATA[https://cdn.example/a.webm]]></MediaFile></MediaFiles></Linear></Creative>
            <Creative><NonLinearAds><NonLinear><StaticResource creativeType="image/png"><![CDATA[https://cdn.example/o.png]]></StaticResource></NonLinear></NonLinearAds></Creative>
            </Creatives></InLine></Ad></VAST>
            """
        let report = Profiles.evaluate(.ssai, input: decode(xml))
        let ad = try #require(report.ssai?.adBreaks.first?.ads.first)
        #expect(ad.skipOffset == nil && ad.duration == nil && ad.resourceURI == nil)
        #expect(report.ssai?.adBreaks.first?.ads.count == 1)
        #expect(report.diagnostics.map(\.ruleID) == [
            "PROFILE-ssai-duration-missing", "PROFILE-ssai-no-playable-media", "PROFILE-ssai-skipoffset-unconvertible",
            "PROFILE-ssai-nonlinear-creative",
        ])
        let json = encode(report.ssai!.adBreaks)
        #expect(!json.contains("skipOffset"), "an unknown skip offset is absent, not zero: \(json)")
    }

    @Test func vmapBreaksMapWithTheirOffsets() throws {
        let xml = """
            <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
            <vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:VASTAdData>\(Self.pod)</vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
            <vmap:AdBreak timeOffset="25%" breakType="linear"><vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example/mid]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
            <vmap:AdBreak timeOffset="end" breakType="linear"/>
            </vmap:VMAP>
            """
        var options = ProfileOptions()
        let unknown = Profiles.evaluate(.ssai, input: decode(xml), options: options)
        #expect(unknown.ssai?.adBreaks.map(\.timeOffset) == [0, nil, nil])
        #expect(unknown.diagnostics.map(\.ruleID) == ["PROFILE-ssai-break-offset-unresolved", "PROFILE-ssai-break-remote-source", "PROFILE-ssai-break-offset-unresolved"])
        options.contentDuration = 600
        let known = Profiles.evaluate(.ssai, input: decode(xml), options: options)
        #expect(known.ssai?.adBreaks.map(\.timeOffset) == [0, 150, 600])
        #expect(known.ssai?.adBreaks.map(\.ads.count) == [2, 0, 0])
        #expect(known.ssai?.adBreaks.map(\.source) == ["AdBreak[1] timeOffset=\"start\"", "AdBreak[2] timeOffset=\"25%\"", "AdBreak[3] timeOffset=\"end\""])
    }

    func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
    }
}

@Suite struct ScheduleTests {
    static func vmap(_ breaks: [String]) -> String {
        "<vmap:VMAP xmlns:vmap=\"http://www.iab.net/videosuite/vmap\" version=\"1.0\">\n" + breaks.joined(separator: "\n") + "\n</vmap:VMAP>"
    }

    static func adBreak(_ offset: String, _ id: String, repeatAfter: String? = nil) -> String {
        "<vmap:AdBreak timeOffset=\"\(offset)\" breakType=\"linear\" breakId=\"\(id)\"\(repeatAfter.map { " repeatAfter=\"\($0)\"" } ?? "")/>"
    }

    func resolve(_ xml: String, duration: Double? = 600, cuePoints: [Double] = []) throws -> ResolvedSchedule {
        var options = ProfileOptions()
        options.contentDuration = duration
        options.cuePoints = cuePoints
        return try #require(Profiles.evaluate(.schedule, input: decode(xml), options: options).schedule)
    }

    @Test func resolvesEveryOffsetKind() throws {
        let schedule = try resolve(Self.vmap([
            Self.adBreak("start", "pre"), Self.adBreak("25%", "q1"), Self.adBreak("00:07:30.250", "fixed"),
            Self.adBreak("end", "post"),
        ]))
        #expect(schedule.breaks.map { "\($0.timecode) \($0.kind) \($0.breakId ?? "")" } == [
            "00:00:00.000 pre-roll pre", "00:02:30.000 mid-roll q1", "00:07:30.250 mid-roll fixed", "00:10:00.000 post-roll post",
        ])
        #expect(schedule.breaks.first?.plays == "pre-roll: plays once per content playback, not again on replay")
        #expect(schedule.breaks[1].plays == "mid-roll: may play several times in one content playback")
        #expect(schedule.diagnostics.isEmpty)
        #expect(schedule.verdict == "4 break(s): 1 pre-roll, 2 mid-roll, 1 post-roll")
    }

    @Test func timelineText() throws {
        let schedule = try resolve(Self.vmap([
            Self.adBreak("start", "pre"), Self.adBreak("00:04:00", "r", repeatAfter: "00:04:00"), Self.adBreak("00:08:00", "m"),
            Self.adBreak("00:12:00", "late"), Self.adBreak("end", "post"),
        ]))
        #expect(schedule.text(name: "v.xml") == """
            Schedule of v.xml, content 00:10:00.000
              00:00:00.000  pre-roll  AdBreak[1] timeOffset="start" breakId="pre"
                                        pre-roll: plays once per content playback, not again on replay
              00:04:00.000  mid-roll  AdBreak[2] timeOffset="00:04:00" breakId="r"
                                        mid-roll: may play several times in one content playback
              00:08:00.000  mid-roll  AdBreak[2] timeOffset="00:04:00" breakId="r" (repeat 2)
                                        mid-roll: may play several times in one content playback
              00:10:00.000  post-roll AdBreak[5] timeOffset="end" breakId="post"
                                        post-roll: plays once per content playback, not again on replay
            Not scheduled:
              AdBreak[4] timeOffset="00:12:00" at 00:12:00.000: the break at 00:12:00.000 is past the end of the content (00:10:00.000): it never plays
              AdBreak[3] timeOffset="00:08:00" at 00:08:00.000: AdBreak[3] timeOffset="00:08:00" falls at 00:08:00.000, where AdBreak[2] timeOffset="00:04:00" (repeat 2) already plays: the repeated breaks overlap and the earlier break wins
            Findings:
              v.xml:4:1: warning: AdBreak[3] timeOffset="00:08:00" falls at 00:08:00.000, where AdBreak[2] timeOffset="00:04:00" (repeat 2) already plays: the repeated breaks overlap and the earlier break wins [PROFILE-schedule-repeat-overlap]
              v.xml:5:1: warning: the break at 00:12:00.000 is past the end of the content (00:10:00.000): it never plays [PROFILE-schedule-break-past-end]
            """)
    }

    @Test func duplicatesPercentagesAndPositions() throws {
        let duplicate = try resolve(Self.vmap([Self.adBreak("50%", "a"), Self.adBreak("00:05:00", "b")]))
        #expect(duplicate.breaks.map(\.breakId) == ["a"])
        #expect(duplicate.diagnostics.map(\.ruleID) == ["PROFILE-schedule-duplicate-break"])
        let range = try resolve(Self.vmap([Self.adBreak("150%", "x"), Self.adBreak("-5%", "y")]))
        #expect(range.diagnostics.map(\.ruleID) == ["PROFILE-schedule-percentage-range", "PROFILE-schedule-percentage-range"])
        let mixed = try resolve(Self.vmap([Self.adBreak("start", "pre"), Self.adBreak("#2", "c")]), cuePoints: [30, 90])
        #expect(mixed.breaks.map(\.breakId) == ["pre"])
        #expect(mixed.diagnostics.map(\.ruleID) == ["PROFILE-schedule-mixed-positions"])
        let positions = try resolve(Self.vmap([Self.adBreak("#1", "c1"), Self.adBreak("#2", "c2"), Self.adBreak("#3", "c3")]), cuePoints: [30, 90])
        #expect(positions.breaks.map(\.time) == [30, 90])
        #expect(positions.diagnostics.map(\.ruleID) == ["PROFILE-schedule-offset-unresolved"])
    }

    /// Without the duration a percentage cannot be placed, but a post-roll still plays: at the end, listed last
    /// with no time (a second one at the end is a duplicate).
    @Test func unknownDurationLeavesRelativeBreaksUnplaced() throws {
        let schedule = try resolve(Self.vmap([Self.adBreak("end", "post"), Self.adBreak("start", "pre"), Self.adBreak("10%", "m"),
                                              Self.adBreak("end", "post2")]), duration: nil)
        #expect(schedule.breaks.map { "\($0.timecode) \($0.kind) \($0.breakId ?? "")" } == ["00:00:00.000 pre-roll pre", "end post-roll post"])
        #expect(schedule.breaks.last?.time == nil)
        #expect(schedule.diagnostics.map(\.message) == [
            "timeOffset \"10%\" needs the content duration to be placed",
            "AdBreak[4] timeOffset=\"end\" resolves to the end of the content, the same time as AdBreak[1] timeOffset=\"end\": a duplicate break",
        ])
        let text = schedule.text(name: "p.xml")
        #expect(text.contains("\n  end           post-roll AdBreak[1] timeOffset=\"end\" breakId=\"post\"\n"), "\(text)")
        // The same for a description's post-roll.
        let description = ScheduleResolver.resolve(description: try ScheduleDescription.parse(Data(#"{"postRoll": true}"#.utf8)), options: ProfileOptions())
        #expect(description.breaks.map(\.timecode) == ["end"] && description.notScheduled.isEmpty)
    }

    /// A repeatAfter that is not a time leaves the break playing once, and says so.
    @Test func anUnreadableRepeatAfterIsNoted() throws {
        let schedule = try resolve(Self.vmap([Self.adBreak("00:01:00", "m", repeatAfter: "often")]), duration: 600)
        #expect(schedule.breaks.map(\.timecode) == ["00:01:00.000"])
        #expect(schedule.notScheduled.map(\.reason) == ["repeatAfter \"often\" is not a time (HH:MM:SS[.mmm]): the break plays once, unrepeated"])
    }

    /// A repeatAfter the schedule cannot apply is noted rather than silently dropped: on a mid-roll of content
    /// whose duration is unknown, and on a pre-roll, which plays once per content playback.
    @Test func aRepeatAfterThatCannotBeListedIsNoted() throws {
        let unknown = try resolve(Self.vmap([Self.adBreak("00:01:00", "m", repeatAfter: "00:05:00")]), duration: nil)
        #expect(unknown.breaks.map(\.timecode) == ["00:01:00.000"])
        #expect(unknown.notScheduled.map(\.reason) == [
            "the break repeats every 00:05:00.000 until the content ends; the repetitions need the content duration to be listed",
        ])
        let known = try resolve(Self.vmap([Self.adBreak("00:01:00", "m", repeatAfter: "00:05:00")]))
        #expect(known.breaks.map(\.timecode) == ["00:01:00.000", "00:06:00.000"] && known.notScheduled.isEmpty)
        let preRoll = try resolve(Self.vmap([Self.adBreak("start", "pre", repeatAfter: "00:05:00")]))
        #expect(preRoll.breaks.map(\.timecode) == ["00:00:00.000"])
        #expect(preRoll.notScheduled.map(\.reason) == ["a pre-roll plays once per content playback: repeatAfter is not applied"])
    }

    /// A description is decoded strictly: a misspelt key, or an interval of 0, is an error rather than a
    /// break silently left out.
    @Test func aScheduleDescriptionIsStrict() {
        #expect(throws: ProfileError.invalidSchedule("unknown key 'postRol' (keys: contentDuration, preRoll, midRolls, postRoll)")) {
            try ScheduleDescription.parse(Data(#"{"preRoll": true, "postRol": true}"#.utf8))
        }
        #expect(throws: ProfileError.invalidSchedule("unknown key 'time' (keys: times, intervals, percentages, cuePoints) at midRolls")) {
            try ScheduleDescription.parse(Data(#"{"midRolls": {"time": [30]}}"#.utf8))
        }
        #expect(throws: ProfileError.invalidSchedule("an interval must be more than 0 seconds at midRolls.intervals[0].every")) {
            try ScheduleDescription.parse(Data(#"{"midRolls": {"intervals": [{"every": 0}]}}"#.utf8))
        }
        #expect(throws: ProfileError.invalidSchedule("unknown key 'id' (keys: time, identifier) at midRolls.cuePoints[0]")) {
            try ScheduleDescription.parse(Data(#"{"midRolls": {"cuePoints": [{"time": 3, "identifier": 1, "id": 2}]}}"#.utf8))
        }
        #expect(throws: ProfileError.invalidSchedule(
            "identifier 1 is also the identifier of cuePoints[0]; each cue point needs its own, which connects it to the cue point registered on the player at midRolls.cuePoints[2]")) {
            try ScheduleDescription.parse(Data(#"{"midRolls": {"cuePoints": [{"time": 3, "identifier": 1}, {"time": 9, "identifier": 2}, {"time": 20, "identifier": 1}]}}"#.utf8))
        }
        let distinct = try? ScheduleDescription.parse(Data(#"{"midRolls": {"cuePoints": [{"time": 3, "identifier": 1}, {"time": 9, "identifier": 2}]}}"#.utf8))
        #expect(distinct?.midRolls?.cuePoints?.count == 2)
    }

    @Test func vastIsNotASchedule() {
        let report = Profiles.evaluate(.schedule, input: decode("<VAST version=\"4.2\"/>"))
        #expect(report.schedule == nil)
        #expect(report.verdict.hasPrefix("not applicable: a VAST response carries no schedule"))
    }

    @Test func scheduleDescription() throws {
        let json = """
            {"contentDuration": "00:10:00", "preRoll": true, "postRoll": true,
             "midRolls": {"times": ["00:02:00", 300], "intervals": [{"every": "00:04:00"}],
                          "percentages": [50, 120], "cuePoints": [{"time": 30, "identifier": 7}, {"time": 900, "identifier": 8}]}}
            """
        let description = try ScheduleDescription.parse(Data(json.utf8))
        let schedule = ScheduleResolver.resolve(description: description, options: ProfileOptions())
        #expect(schedule.breaks.map { "\($0.timecode) \($0.kind) \($0.source)" } == [
            "00:00:00.000 pre-roll preRoll",
            "00:00:30.000 mid-roll midRolls.cuePoints[0] identifier 7 at 00:00:30.000",
            "00:02:00.000 mid-roll midRolls.times[0] = 00:02:00.000",
            "00:04:00.000 mid-roll midRolls.intervals[0] every 00:04:00.000 from 00:04:00.000",
            "00:05:00.000 mid-roll midRolls.times[1] = 00:05:00.000",
            "00:08:00.000 mid-roll midRolls.intervals[0] every 00:04:00.000 from 00:04:00.000",
            "00:10:00.000 post-roll postRoll",
        ])
        #expect(schedule.diagnostics.map { "\($0.ruleID) \($0.path ?? "")" } == [
            "PROFILE-schedule-break-past-end midRolls.cuePoints[1]",
            "PROFILE-schedule-duplicate-break midRolls.percentages[0]",
            "PROFILE-schedule-percentage-range midRolls.percentages[1]",
        ])
        var shorter = ProfileOptions()
        shorter.contentDuration = 240
        let overridden = ScheduleResolver.resolve(description: description, options: shorter)
        #expect(overridden.contentDuration == 240)
        #expect(overridden.breaks.last?.timecode == "00:04:00.000")
    }

    @Test func intervalStartingAfterTheEndIsReported() throws {
        let description = try ScheduleDescription.parse(Data(#"{"midRolls": {"intervals": [{"every": 60, "start": "00:15:00"}]}}"#.utf8))
        var options = ProfileOptions()
        options.contentDuration = 600
        let schedule = ScheduleResolver.resolve(description: description, options: options)
        #expect(schedule.breaks.isEmpty)
        #expect(schedule.diagnostics.map(\.ruleID) == ["PROFILE-schedule-break-past-end"])
    }

    @Test func repeatAfterOfMillisecondsListsAThousandRepetitionsAndCountsTheRest() throws {
        // Ten hours of content and a break every millisecond from 00:02:00: 35,879,999 repetitions. Walking them
        // took minutes and gigabytes; the schedule lists the first thousand.
        let schedule = try resolve(Self.vmap([Self.adBreak("00:02:00", "r", repeatAfter: "00:00:00.001")]), duration: 36_000)
        #expect(schedule.breaks.count == 1 + ScheduleResolver.maximumRepetitions)
        #expect(schedule.breaks.last?.timecode == "00:02:01.000")
        #expect(schedule.breaks.last?.occurrence == 1_001)
        #expect(schedule.diagnostics.map(\.ruleID) == ["PROFILE-schedule-repeat-limit"])
        #expect(schedule.diagnostics.first?.message == "repeatAfter=\"00:00:00.001\" repeats the break at 00:02:00.000 every 00:00:00.001: 35879999 repetitions before the content ends at 10:00:00.000; the schedule lists the first 1000")
        #expect(schedule.notScheduled.count == 1)
    }

    @Test func repeatsUpToTheLimitAreAllListed() throws {
        // 1,000 repetitions exactly (every 0.5 s from 100 s to 600 s, the end excluded): none left out, no finding.
        let schedule = try resolve(Self.vmap([Self.adBreak("00:01:40", "r", repeatAfter: "00:00:00.500")]))
        #expect(schedule.breaks.count == 1 + 999)
        #expect(schedule.diagnostics.isEmpty)
        let more = try resolve(Self.vmap([Self.adBreak("00:01:39.500", "r", repeatAfter: "00:00:00.500")]))
        #expect(more.breaks.count == 1 + 1_000)
        #expect(more.diagnostics.isEmpty)
        let over = try resolve(Self.vmap([Self.adBreak("00:01:39", "r", repeatAfter: "00:00:00.500")]))
        #expect(over.breaks.count == 1 + 1_000)
        #expect(over.diagnostics.first?.message.contains(": 1001 repetitions before the content ends") == true)
    }

    @Test func intervalOfAFractionOfASecondIsCappedToo() throws {
        let description = try ScheduleDescription.parse(Data(#"{"contentDuration": "10:00:00", "midRolls": {"intervals": [{"every": 1e-300}]}}"#.utf8))
        let schedule = ScheduleResolver.resolve(description: description, options: ProfileOptions())
        // The listed repetitions all round to the same millisecond, so they collide as well; the limit is reported once.
        #expect(schedule.breaks.count <= 1 + ScheduleResolver.maximumRepetitions)
        let limits = schedule.diagnostics.filter { $0.ruleID == "PROFILE-schedule-repeat-limit" }
        #expect(limits.count == 1)
        #expect(limits.first?.message.contains("more than 10^15 repetitions") == true)
    }

    @Test func percentageFarBeyondAnyIntegerIsReportedNotFatal() throws {
        let description = try ScheduleDescription.parse(Data(#"{"contentDuration": 600, "midRolls": {"percentages": [1e300, 50]}}"#.utf8))
        let schedule = ScheduleResolver.resolve(description: description, options: ProfileOptions())
        #expect(schedule.breaks.map(\.timecode) == ["00:05:00.000"])
        #expect(schedule.diagnostics.map(\.message) == ["the percentage 1e+300% is outside 0% to 100%: the break never plays"])
    }

    @Test func timesBeyondTheLongestVASTTimeAreRefused() {
        #expect(parseSeconds("3599999999999.999") == maximumSeconds)
        #expect(parseSeconds("999999999:59:59.999") == maximumSeconds)
        #expect(parseSeconds("3600000000000") == nil)
        #expect(parseSeconds(String(repeating: "9", count: 400)) == nil)
        #expect(throws: ProfileError.invalidOption("duration: '1e400' is not seconds or HH:MM:SS[.mmm] (at most 999999999:59:59.999)")) {
            try ProfileOptions().applying("duration=1e400")
        }
        #expect(throws: ProfileError.invalidOption("duration must be more than 0 (leave it out when it is unknown)")) {
            try ProfileOptions().applying("duration=00:00:00")
        }
        #expect(throws: ProfileError.invalidOption("break-offset: '4000000000000' is not seconds or HH:MM:SS[.mmm] (at most 999999999:59:59.999)")) {
            try ProfileOptions().applying("break-offset=4000000000000")
        }
        #expect(throws: ProfileError.invalidSchedule("a time must be at most 999999999:59:59.999 (3599999999999.999 seconds) at contentDuration")) {
            try ScheduleDescription.parse(Data(#"{"contentDuration": 1e300}"#.utf8))
        }
    }

    @Test func millisecondsOfHugeTimesSaturate() {
        #expect(VASTTime.milliseconds(ofSeconds: 1.5) == 1_500)
        #expect(VASTTime.milliseconds(ofSeconds: -0.0004) == 0)
        #expect(VASTTime.milliseconds(ofSeconds: 1e300) == Int.max)
        #expect(VASTTime.milliseconds(ofSeconds: -.infinity) == Int.min)
        #expect(VASTTime.milliseconds(ofSeconds: .nan) == 0)
        #expect(VASTTime(seconds: 9.3e15).milliseconds == Int.max)
    }

    @Test func scheduleDescriptionErrors() {
        #expect(throws: ProfileError.invalidSchedule("\"ten\" is not seconds or HH:MM:SS[.mmm] (at most 999999999:59:59.999) at contentDuration")) {
            try ScheduleDescription.parse(Data("{\"contentDuration\": \"ten\"}".utf8))
        }
        #expect(throws: ProfileError.self) { try ScheduleDescription.parse(Data("[".utf8)) }
    }
}
