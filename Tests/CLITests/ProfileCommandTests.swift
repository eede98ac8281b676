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
        <Creatives><Creative><UniversalAdId idRegistry="unknown">unknown</UniversalAdId><NonLinearAds>
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
        // Standard input is read once, and a suppression must name a scheduled ad.
        let twice = try run(["simulate", "--timeline", "play@0", "-", "-"], stdin: Self.pauseTag)
        #expect(twice.status == 64 && twice.stderr.hasPrefix("Error: standard input can be read only once"), "\(twice.stderr)")
        let beyond = try run(["simulate", "--timeline", "play@0", "--ads", "2", "--suppress", "3=load", "-"], stdin: Self.pauseTag)
        #expect(beyond.status == 64 && beyond.stderr.hasPrefix("Error: --suppress 3=…: only 2 ads are scheduled"), "\(beyond.stderr)")
    }

    /// A Wrapper tag is skipped without `--follow`; with it (offline, through `--map`) the ad it leads to
    /// shows and a tap fires the Wrapper's click tracking before the InLine's.
    @Test func simulateFollowsAWrapperChain() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            print("skipped: conform binary not found at \(Self.binary.path)")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("conform-simulate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let wrapper = """
            <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem>w</AdSystem>
            <Impression><![CDATA[https://w.example/imp]]></Impression>
            <VASTAdTagURI><![CDATA[https://ads.example/pause.xml]]></VASTAdTagURI>
            <Creatives><Creative><NonLinearAds><NonLinear><NonLinearClickTracking><![CDATA[https://w.example/click]]></NonLinearClickTracking></NonLinear></NonLinearAds></Creative></Creatives>
            </Wrapper></Ad></VAST>
            """
        let inLine = Self.pauseTag.replacingOccurrences(of: "</StaticResource>",
            with: "</StaticResource><NonLinearClickTracking><![CDATA[https://t.example/click]]></NonLinearClickTracking>")
        try Data(wrapper.utf8).write(to: directory.appendingPathComponent("wrapper.xml"))
        try Data(inLine.utf8).write(to: directory.appendingPathComponent("pause.xml"))
        try Data(#"{"https://ads.example/pause.xml": "pause.xml"}"#.utf8).write(to: directory.appendingPathComponent("map.json"))
        let timeline = ["--timeline", "play@0,pause@12,click@14"]

        let alone = try ConformBinary.run(["simulate"] + timeline + ["wrapper.xml"], directory: directory)
        #expect(alone.status == 0 && alone.stdout.contains("is a Wrapper whose chain was not resolved (add --follow)"), "\(alone.stdout)")
        #expect(!alone.stdout.contains("fires"), "\(alone.stdout)")

        let followed = try ConformBinary.run(["simulate"] + timeline + ["--follow", "--map", "map.json", "wrapper.xml"], directory: directory)
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(followed.stdout.contains("""
                                        fires  impression          https://w.example/imp
                                        fires  impression          https://t.example/imp (hop 1)
            """), "\(followed.stdout)")
        #expect(followed.stdout.contains("""
               14.000  click            the viewer taps ad 1 (wrapper.xml); the creative has no click-through URL, so nothing opens; the ad stays visible
                                        event  AdClickedEvent
                                        fires  click               https://w.example/click
                                        fires  click               https://t.example/click (hop 1)
            """), "\(followed.stdout)")
        // The chain options need --follow, as in check.
        let noFollow = try ConformBinary.run(["simulate"] + timeline + ["--map", "map.json", "wrapper.xml"], directory: directory)
        #expect(noFollow.status == 64 && noFollow.stderr.hasPrefix("Error: --map needs --follow"), "\(noFollow.stderr)")
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
        #expect(profiles?.map { $0["profile"] as? String } == ["companion", "pause", "ssai", "schedule", "screensaver", "overlay", "squeezeback", "in-scene"])
        let bad = try run(["check", "--profile", "pause,everything", "-"], stdin: Self.pauseTag)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("unknown profile 'everything' (values: pause, companion, ssai, schedule, screensaver, overlay, squeezeback, in-scene, all)"))
    }

    /// A VAST 4.4 cinemagraph pause ad: `--play-video` plays its video with the quartiles of its Duration; the
    /// overlay profile shows the same creative's video and names the events it fires.
    @Test func aVideoPauseAdAndACTVUnit() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            print("skipped: conform binary not found at \(Self.binary.path)")
            return
        }
        let tag = Self.pauseTag
            .replacingOccurrences(of: "</StaticResource>", with: #"</StaticResource><Duration>00:00:08</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.example/p.mp4]]></MediaFile></MediaFiles>"#)
            .replacingOccurrences(of: "version=\"4.2\"", with: "version=\"4.4\"")
            .replacingOccurrences(of: #"<Tracking event="close">"#, with: #"<Tracking event="midpoint"><![CDATA[https://t.example/mid]]></Tracking><Tracking event="close">"#)
        let result = try run(["simulate", "--timeline", "play@0,pause@2,resume@8", "--play-video", "-"], stdin: tag)
        #expect(result.status == 0)
        #expect(result.stdout.contains("""
                3.000  eligible         shows ad 1 (-): plays the video video/mp4 https://cdn.example/p.mp4 (00:00:08.000)
            """))
        #expect(result.stdout.contains("""
                5.000  firstQuartile    ad 1 (-) has played 25% of its 00:00:08.000 video
                7.000  midpoint         ad 1 (-) has played 50% of its 00:00:08.000 video
                                        fires  midpoint            https://t.example/mid
                8.000  resume           dismisses ad 1 (-): playback resumed, no close pixel
            """))
        let plain = try run(["simulate", "--timeline", "play@0,pause@2,resume@8", "-"], stdin: tag)
        #expect(!plain.stdout.contains("midpoint"))

        let overlay = try run(["check", "--profile", "overlay", "-"], stdin: tag)
        #expect(overlay.stdout.contains("profile overlay: eligible: shows MediaFile video/mp4 https://cdn.example/p.mp4 for 00:00:08.000"))
        #expect(overlay.stdout.contains("because the ad signals no plcmt: the player takes it for the Overlay unit it requested"))
        #expect(overlay.stdout.contains("    midpoint            https://t.example/mid"))
    }
}
