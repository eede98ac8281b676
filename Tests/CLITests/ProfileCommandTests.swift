import Foundation
import ConformTestSupport
import Testing

/// `conform simulate`, `conform schedule` and `conform check --profile` run as a user runs them: the
/// built binary, its standard output and its exit code.
@Suite struct ProfileCommandTests {
    typealias Result = ConformBinary.Output

    static let binary: URL = ConformBinary.url ?? URL(fileURLWithPath: "/nonexistent/conform")

    func run(_ arguments: [String], stdin: String? = nil) throws -> Result {
        try ConformBinary.run(arguments, stdin: stdin.map { Data($0.utf8) })
    }

    static let pauseTag = """
        <VAST version="4.2"><Ad id="p"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><AdServingId>p-1</AdServingId>
        <Impression><![CDATA[https://t.example/imp]]></Impression>
        <Creatives><Creative><NonLinearAds>
        <NonLinear id="n" width="640" height="360"><StaticResource creativeType="image/jpeg"><![CDATA[https://cdn.example/p.jpg]]></StaticResource></NonLinear>
        <TrackingEvents><Tracking event="close"><![CDATA[https://t.example/close]]></Tracking></TrackingEvents>
        </NonLinearAds></Creative></Creatives></InLine></Ad></VAST>
        """

    @Test func simulatePrintsEachStep() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            print("skipped: conform binary not found at \(Self.binary.path)")
            return
        }
        let result = try run(["simulate", "--profile", "pause", "--timeline", "play@0,pause@12,close@14", "-"], stdin: Self.pauseTag)
        #expect(result.status == 0)
        #expect(result.stdout == """
            -: eligible: shows <NonLinear id="n"> image/jpeg https://cdn.example/p.jpg

            time       event            outcome
                0.000  play             content playback starts
               12.000  pause            content pauses; a pause ad becomes eligible at 13.000
               13.000  eligible         shows ad 1 (-): <NonLinear id="n"> image/jpeg https://cdn.example/p.jpg
                                        fetch  the tag of ad 1 (-)
                                        event  NonLinearAdStartedEvent
                                        fires  impression          https://t.example/imp
               14.000  close            closes ad 1 (-); the content stays paused
                                        event  NonLinearAdSkippedEvent
                                        fires  close               https://t.example/close
            still scheduled: none

            """)
        let bad = try run(["simulate", "--timeline", "play@0,fly@1", "-"], stdin: Self.pauseTag)
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: invalid timeline: unknown event 'fly'"))
        // Asking for more ads than a schedule sensibly holds is a usage error, not a run out of memory.
        let many = try run(["simulate", "--timeline", "play@0,pause@12", "--ads", "1000000000000", "-"], stdin: Self.pauseTag)
        #expect(many.status == 64)
        #expect(many.stderr.hasPrefix("Error: --ads takes a number from 1 to 1000"))
    }

    /// `--rule` (and the configuration) reach the findings of schedule and simulate too.
    @Test func scheduleAndSimulateTakeRuleSettings() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            print("skipped: conform binary not found at \(Self.binary.path)")
            return
        }
        let vmap = #"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="120%" breakType="linear"/></vmap:VMAP>"#
        #expect(try run(["schedule", "--no-config", "-"], stdin: vmap).status == 1)
        let demoted = try run(["schedule", "--no-config", "--rule", "PROFILE-schedule-percentage-range=warning", "-"], stdin: vmap)
        #expect(demoted.status == 0 && demoted.stdout.contains("warning"), "\(demoted.stdout)")
        let bad = try run(["schedule", "--rule", "PROFILE-schedule-nothing=off", "-"], stdin: vmap)
        #expect(bad.status == 64 && bad.stderr.contains("names no rule"), "\(bad.stderr)")

        let linear = """
            <VAST version="4.2"><Ad id="l"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
            <Impression><![CDATA[https://t.example/imp]]></Impression>
            <Creatives><Creative><Linear><Duration>00:00:10</Duration></Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        func ruleIDs(_ arguments: [String]) throws -> [String] {
            let result = try run(["simulate", "--format", "json", "--no-config", "--timeline", "play@0,pause@3"] + arguments + ["-"], stdin: linear)
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let ads = json?["ads"] as? [[String: Any]]
            let evaluation = ads?.first?["evaluation"] as? [String: Any]
            return (evaluation?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["ruleID"] as? String }
        }
        #expect(try ruleIDs([]) == ["PROFILE-pause-nonlinear-required"])
        #expect(try ruleIDs(["--rule", "PROFILE-pause-*=off"]).isEmpty)
    }

    @Test func scheduleExitCodes() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            print("skipped: conform binary not found at \(Self.binary.path)")
            return
        }
        let clean = try run(["schedule", "--duration", "00:10:00", "-"], stdin: #"{"preRoll": true, "midRolls": {"percentages": [50]}, "postRoll": true}"#)
        #expect(clean.status == 0)
        #expect(clean.stdout.contains("  00:05:00.000  mid-roll  midRolls.percentages[0] = 50%\n"))
        let warning = #"{"midRolls": {"times": [700]}}"#
        #expect(try run(["schedule", "--duration", "600", "-"], stdin: warning).status == 0)
        #expect(try run(["schedule", "--duration", "600", "--strict", "-"], stdin: warning).status == 1)
        let vmap = #"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="120%" breakType="linear"/></vmap:VMAP>"#
        let error = try run(["schedule", "--format", "json", "-"], stdin: vmap)
        #expect(error.status == 1)
        let json = try JSONSerialization.jsonObject(with: Data(error.stdout.utf8)) as? [String: Any]
        let diagnostics = json?["diagnostics"] as? [[String: Any]]
        #expect(diagnostics?.first?["ruleID"] as? String == "PROFILE-schedule-percentage-range")
        #expect(try run(["schedule", "-"], stdin: "<VAST version=\"4.2\"/>").status == 2)
        #expect(try run(["schedule", "--duration", "soon", "-"], stdin: vmap).status == 64)
        // An interval of a millisecond through ten hours (35,999,998 repetitions) ends at once: the schedule lists
        // 1,000 and says how many there would be. A percentage far beyond any integer is reported, not fatal.
        let often = try run(["schedule", "-"], stdin: #"{"contentDuration": "10:00:00", "midRolls": {"intervals": [{"every": 0.001}]}}"#)
        #expect(often.status == 0)
        #expect(often.stdout.contains("35999998 repetitions before the content ends at 10:00:00.000; the schedule lists the first 1000 [PROFILE-schedule-repeat-limit]"))
        let percentage = try run(["schedule", "-"], stdin: #"{"contentDuration": 600, "midRolls": {"percentages": [1e300]}}"#)
        #expect(percentage.status == 1)
        #expect(percentage.stdout.contains("the percentage 1e+300% is outside 0% to 100%"))
    }

    @Test func checkWithProfiles() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            print("skipped: conform binary not found at \(Self.binary.path)")
            return
        }
        let result = try run(["check", "--format", "json", "--profile", "pause", "--profile", "companion", "--profile-option", "platform=tvOS", "-"],
                             stdin: Self.pauseTag)
        let files = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        let profiles = files?.first?["profiles"] as? [[String: Any]]
        #expect(profiles?.map { $0["profile"] as? String } == ["pause", "companion"])
        #expect(profiles?.first?["eligible"] as? Bool == true)
        #expect(profiles?.last?["decision"] as? String == "none")
        let text = try run(["check", "--profile", "pause", "-"], stdin: Self.pauseTag.replacingOccurrences(of: "image/jpeg", with: "image/gif"))
        #expect(text.status == 1, "a tag that cannot show as a pause ad fails the check")
        #expect(text.stdout.contains("profile pause: not eligible: this <NonLinear> has only a StaticResource of type \"image/gif\""))
        #expect(try run(["check", "--profile", "pause", "-"], stdin: Self.pauseTag).status == 0)
    }

    /// `--profile all` evaluates every player flow once, in the catalogue's order, also next to a named one.
    @Test func checkWithEveryProfile() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            print("skipped: conform binary not found at \(Self.binary.path)")
            return
        }
        let result = try run(["check", "--format", "json", "--profile", "companion", "--profile", "all", "-"], stdin: Self.pauseTag)
        let files = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        let profiles = files?.first?["profiles"] as? [[String: Any]]
        #expect(profiles?.map { $0["profile"] as? String } == ["companion", "pause", "ssai", "schedule"])
        let bad = try run(["check", "--profile", "pause,everything", "-"], stdin: Self.pauseTag)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("unknown profile 'everything' (values: pause, companion, ssai, schedule, all)"))
    }
}
