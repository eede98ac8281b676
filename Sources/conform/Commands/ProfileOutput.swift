import ConformCore
import Profiles
import VAST

/// `--profile` and `--profile-option` as `conform check` uses them: parsing and text output.
enum ProfileOutput {
    static let helpLines = """
          --profile <name>        Also evaluate the tag against a player profile; repeatable, or a comma
                                  list. all: every profile, what each player flow would do with the ad.
                                  (values: \(ProfileName.allCases.map(\.rawValue).joined(separator: ", ")), all)
          --profile-option <key=value>
                                  A profile setting; repeatable. Keys:
        \(ProfileOptions.keys.map { "                            \($0.key): \($0.values)" }.joined(separator: "\n"))
        """

    /// The selected profiles (in the order given, without repeats) and their options.
    static func parse(_ scanner: ArgumentScanner, command: String, usage: String) throws(UsageError) -> ([ProfileName], ProfileOptions) {
        var names: [ProfileName] = []
        for raw in scanner.values("--profile") {
            for part in raw.split(separator: ",").map(String.init) {
                if part == "all" {
                    for name in ProfileName.allCases where !names.contains(name) { names.append(name) }
                    continue
                }
                guard let name = ProfileName(rawValue: part) else {
                    throw UsageError(message: "unknown profile '\(part)' (values: \(ProfileName.allCases.map(\.rawValue).joined(separator: ", ")), all)",
                                     command: command, usage: usage)
                }
                if !names.contains(name) { names.append(name) }
            }
        }
        var options = ProfileOptions()
        for setting in scanner.values("--profile-option") {
            do {
                options = try options.applying(setting)
            } catch {
                throw UsageError(message: error.description, command: command, usage: usage)
            }
        }
        return (names, options)
    }

    /// Prints each profile's verdict, its reasons or pixels, and its findings.
    static func printText(_ reports: [ProfileReport], name: String) {
        for report in reports {
            let good = report.eligible ?? (report.decision.map { $0 != "none" } ?? report.diagnostics.isEmpty)
            let verdict = Terminal.paint(report.verdict, good ? .green : .yellow)
            print("  " + Terminal.paint("profile \(report.profile.rawValue):", .bold) + " " + verdict)
            switch report.profile {
            case .pause:
                if report.eligible == true, let pixels = report.pixels {
                    for event in PauseProfile.pixelEvents {
                        for pixel in pixels[event] ?? [] {
                            let hop = pixel.hop > 0 ? Terminal.paint(" (hop \(pixel.hop))", .dim) : ""
                            print("    " + pad(event, 20) + pixel.url + hop)
                        }
                    }
                }
            case .screensaver, .overlay, .squeezeback, .inScene:
                for reason in report.reasons { print("    " + Terminal.paint("because", .dim) + " " + reason) }
                if report.eligible == true, let pixels = report.pixels {
                    for event in CTVUnitProfile.pixelEvents where event != "error" {
                        for pixel in pixels[event] ?? [] {
                            let hop = pixel.hop > 0 ? Terminal.paint(" (hop \(pixel.hop))", .dim) : ""
                            print("    " + pad(event, 20) + pixel.url + hop)
                        }
                    }
                }
            case .companion:
                for reason in report.reasons { print("    " + Terminal.paint("because", .dim) + " " + reason) }
                if let ad = report.companion?.ads.first {
                    for (key, value) in (ad.content ?? [:]).sorted(by: { $0.key < $1.key }) {
                        print("    " + Terminal.paint("shows", .dim) + " " + pad(key, 20) + value)
                    }
                    print("    " + Terminal.paint("events", .dim) + " " + ad.events.joined(separator: ", "))
                    if let takeover = ad.takeover {
                        print("    takeover (\(takeover.type)): the app must")
                        for item in takeover.appResponsibilities { print("      - \(item)") }
                        for note in takeover.notes { print("      note: \(note)") }
                    }
                }
                for callback in report.companion?.contextual ?? [] {
                    print("    contextual callback for \(callback.position)s fires at \(callback.firesAt)s" + (callback.note.map { " (\($0))" } ?? ""))
                }
            case .ssai:
                for adBreak in report.ssai?.adBreaks ?? [] {
                    print("    break at " + (adBreak.timeOffset.map { "\($0)s" } ?? "?") + " (\(adBreak.source))")
                    for ad in adBreak.ads {
                        let fields: [String] = [
                            "id=\(ad.id ?? "-")", "skipOffset=\(ad.skipOffset.map { "\($0)" } ?? "-")",
                            "duration=\(ad.duration.map { "\($0)" } ?? "-")", "resourceURI=\(ad.resourceURI ?? "-")",
                            "clickThrough=\(ad.clickThrough ?? "-")",
                        ]
                        print("      \(ad.type) " + fields.joined(separator: " "))
                    }
                }
            case .schedule:
                for item in report.schedule?.breaks ?? [] {
                    print("    \(item.timecode)  " + pad(item.kind, 10) + item.source + (item.occurrence > 1 ? " (repeat \(item.occurrence))" : ""))
                }
            }
            for diagnostic in report.diagnostics {
                var location = diagnostic.file ?? name
                if let position = diagnostic.position { location += ":\(position.line):\(position.column)" }
                print("    \(location): \(diagnostic.severity.rawValue): \(diagnostic.message) " + Terminal.paint("[\(diagnostic.ruleID)]", .dim))
            }
        }
        if !reports.isEmpty { print("") }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
