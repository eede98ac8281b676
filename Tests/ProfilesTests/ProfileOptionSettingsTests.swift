import Testing
@testable import Profiles

/// ``ProfileOptions/settings`` writes options as the `key=value` settings that rebuild them, which is
/// how corpus cases (and the generated profile rule cases) carry them.
@Suite struct ProfileOptionSettingsTests {
    @Test func defaultsHaveNoSettings() throws {
        #expect(ProfileOptions().settings.isEmpty)
        #expect(try ProfileOptions(settings: []) == ProfileOptions())
    }

    @Test func everyRuleEntryRoundTrips() throws {
        for entry in ProfileRules.entries {
            let settings = entry.exampleOptions.settings
            #expect(try ProfileOptions(settings: settings) == entry.exampleOptions, "\(entry.rule.id): \(settings)")
        }
    }

    @Test func everyKeyRoundTrips() throws {
        let settings = ["formats=carousel,customCTA", "slot=none", "orientation=landscape", "mode=fullscreen", "platform=tvOS",
                        "persist-carousel=true", "failed-images=https://cdn.example/a.png,https://cdn.example/b.png",
                        "boundaries=30,90.5", "lead-time-ms=250", "duration=600", "cue-points=120,300.25", "break-offset=12.5",
                        "simid=false"]
        let options = try ProfileOptions(settings: settings)
        #expect(options.settings == settings)
        #expect(try ProfileOptions(settings: options.settings) == options)
        #expect(try ProfileOptions(settings: ["slot=728x90", "duration=00:10:00"]).settings == ["slot=728x90", "duration=600"])
        #expect(throws: ProfileError.self) { try ProfileOptions(settings: ["duration=soon"]) }
    }
}
