import Conformance
import Foundation
import FuzzDriver
import Profiles
import VAST
import XMLCore

// libFuzzer target: the player profiles (pause, companion, SSAI, schedule) and the per-document tracking
// collection over any decoded input, with profile options the input itself chooses.
// An input may start with lines `#options key=value;key=value` and `#timeline event@time,...`: the options
// are applied as `--profile-option` applies them (a setting that does not parse is skipped, as the command
// line would refuse it), the timeline runs the pause simulation. The rest is the document.
// Built only by `scripts/fuzz`; a crash, hang or sanitizer report is a bug.

/// The header lines the input starts with (`#name value`), and the bytes after them.
func split(_ data: Data) -> (header: [String: String], document: Data) {
    var header: [String: String] = [:]
    var rest = data[...]
    while rest.first == UInt8(ascii: "#"), let end = rest.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: rest[rest.index(after: rest.startIndex) ..< end], as: UTF8.self)
        if let space = line.firstIndex(of: " ") {
            header[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        rest = rest[rest.index(after: end)...]
    }
    return (header, Data(rest))
}

fuzz(data: { data in
    let (header, document) = split(data)
    var options = ProfileOptions()
    for setting in (header["options"] ?? "").split(separator: ";") {
        if let applied = try? options.applying(String(setting)) { options = applied }
    }
    let input = VASTDecoder.decode(document, options: XMLParseOptions(maxBytes: 1 << 20))
    var reports: [ProfileReport] = []
    for name in ProfileName.allCases {
        reports.append(Profiles.evaluate(name, input: input, options: options, file: "fuzz.xml"))
    }
    _ = try? JSONEncoder().encode(reports)
    for report in reports {
        if let schedule = report.schedule { _ = schedule.text(name: "fuzz.xml") }
    }
    if let vast = input.vast { _ = DocumentTracking.collect(vast) }
    if let timeline = header["timeline"], let events = try? PauseTimelineEvent.parse(timeline), let vast = input.vast {
        // The document twice, as `conform simulate --ads 2 --suppress 2=load` schedules it.
        let evaluation = PauseProfile.evaluate([vast])
        let ads = [ScheduledPauseAd(name: "ad 1", evaluation: evaluation),
                   ScheduledPauseAd(name: "ad 2", evaluation: evaluation, suppression: .load)]
        let simulation = PauseSimulator.run(timeline: events, ads: ads)
        _ = simulation.text
        _ = try? JSONEncoder().encode(simulation)
    }
})
