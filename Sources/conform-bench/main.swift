import CTCMalloc
import ConformCore
import Conformance
import Foundation
import VAST
import Validation
import XMLCore

// A benchmark driver, not part of the product: times conform's pipeline stages over a set of files,
// single-threaded or on several threads, and prints one JSON object per stage. `scripts/bench` runs
// it next to libxml2's bare SAX2 parse and the peer validator, in the same run.

struct Stage: Encodable {
    var stage: String
    var threads: Int
    var files: Int
    var bytesPerPass: Int
    var passes: Int
    var seconds: Double
    var megabytesPerSecond: Double
    var tagsPerSecond: Double
    /// The memory allocator the driver ran on.
    var allocator: String = allocatorName

    /// `passes` over the whole input set in `seconds`, with the rates that follow.
    init(stage: String, threads: Int, passes: Int, seconds: Double) {
        self.stage = stage
        self.threads = threads
        files = inputs.count
        bytesPerPass = totalBytes
        self.passes = passes
        self.seconds = seconds
        megabytesPerSecond = Double(totalBytes * passes) / 1_000_000 / seconds
        tagsPerSecond = Double(inputs.count * passes) / seconds
    }
}

struct Settings: Sendable {
    var paths: [String] = []
    var minSeconds = 2.0
    var threads = 1
    /// When set, exactly this many timed passes (for instruction counting under callgrind).
    var passes: Int?
    var stages = ["bare", "decode", "check"]
    /// Single-threaded stages timed in turns (see ``runInterleaved(_:inputs:minSeconds:)``).
    var interleave = false
    /// One stage timed on 1 and on N threads in turns (see ``runScaling(_:inputs:threads:minSeconds:)``).
    var scaling = false
    /// Inputs per batch in the batched stages.
    var batch = TagCheck.batchSize
    /// A `.conform.json` whose settings the rule stages apply (`--config FILE`), as `conform` applies a project's.
    var configPath: String?
}

func parseSettings() -> Settings {
    var settings = Settings()
    var args = Array(CommandLine.arguments.dropFirst())
    while !args.isEmpty {
        let a = args.removeFirst()
        switch a {
        case "--seconds": settings.minSeconds = Double(args.removeFirst()) ?? 2
        case "--threads": settings.threads = Int(args.removeFirst()) ?? 1
        case "--passes": settings.passes = Int(args.removeFirst())
        case "--stages": settings.stages = args.removeFirst().split(separator: ",").map(String.init)
        case "--interleave": settings.interleave = true
        case "--batch": settings.batch = Int(args.removeFirst()) ?? TagCheck.batchSize
        case "--scaling": settings.scaling = true
        case "--config": settings.configPath = args.removeFirst()
        default: settings.paths.append(a)
        }
    }
    return settings
}

if CommandLine.arguments.dropFirst().first == "json-coders" {
    do {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for timing in try runJSONCoders(Array(CommandLine.arguments.dropFirst(2))) {
            print(String(decoding: try encoder.encode(timing), as: UTF8.self))
        }
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("conform-bench json-coders: \(error)\n".utf8))
        exit(2)
    }
}

let settings = parseSettings()
/// The configuration the rule stages run with: `--config FILE`, or the default.
let configuration: Configuration = {
    guard let path = settings.configPath else { return .default }
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("conform-bench: cannot read \(path)\n".utf8))
        exit(2)
    }
    do {
        return try Configuration.parse(data, knownRuleIDs: Set(AllRules.types.map { $0.description.id })).0
    } catch {
        FileHandle.standardError.write(Data("conform-bench: \(path): \(error)\n".utf8))
        exit(2)
    }
}()
// The allocator is the conform executable's: tcmalloc, linked in (see the CTCMalloc module).
let allocatorName: String = {
    var major: Int32 = 0, minor: Int32 = 0
    _ = tc_version(&major, &minor, nil)
    return "tcmalloc \(major).\(minor)"
}()
let threads = settings.threads
let minSeconds = settings.minSeconds

func collect(_ path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
    guard isDirectory.boolValue else { return [path] }
    let entries = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
    return entries.filter { $0.hasSuffix(".xml") }.sorted().map { "\(path)/\($0)" }
}

let files = settings.paths.flatMap(collect)
let inputs = files.compactMap { FileManager.default.contents(atPath: $0) }
let totalBytes = inputs.reduce(0) { $0 + $1.count }
guard !inputs.isEmpty else {
    FileHandle.standardError.write(Data("conform-bench: no .xml files found\n".utf8))
    exit(2)
}

@Sendable func pass(_ stage: String, _ data: Data) -> Int {
    switch stage {
    case "bare":
        return XMLParser.bareParse(data) ? 1 : 0
    case "bare-pull":
        return XMLParser.bareParse(data, pull: true) ? 1 : 0
    case "shim":
        return XMLParser.shimParse(data) ? 1 : 0
    case "tree":
        return XMLParser.parse(data).root == nil ? 0 : 1
    case "decode":
        return VASTDecoder.decode(data).isDecoded ? 1 : 0
    case "rules-only":
        // The check stage without tracking collection, to see what the collector costs.
        let input = VASTDecoder.decode(data)
        return Validator.validate(input, configuration: configuration).count
    default:
        // `check`: parse, decode, every rule, and the tracking URLs the runner collects per document.
        let input = VASTDecoder.decode(data)
        let findings = Validator.validate(input, configuration: configuration).count
        return findings + (input.vast.map(DocumentTracking.collect)?.count ?? 0)
    }
}

/// The inputs a batched stage checks together (`--batch N`; by default as many as the corpus runner batches).
let batchSize = max(settings.batch, 1)

/// One pass of `stage` over `inputs`. The batched stages (`check-batch`, and `rules-batch` without tracking
/// collection) decode `batchSize` inputs at a time and run the rules over them together, as `conform run`
/// does; every other stage takes one input at a time.
@Sendable func wholePass(_ stage: String, _ inputs: [Data]) -> Int {
    var sink = 0
    guard stage == "check-batch" || stage == "rules-batch" else {
        for data in inputs { sink &+= pass(stage, data) }
        return sink
    }
    var start = 0
    while start < inputs.count {
        let end = min(start + batchSize, inputs.count)
        let decoded = inputs[start ..< end].map { VASTDecoder.decode($0) }
        for result in Validator.results(batch: decoded, configuration: configuration) { sink &+= result.findings.count }
        if stage == "check-batch" {
            for input in decoded { sink &+= input.vast.map(DocumentTracking.collect)?.count ?? 0 }
        }
        start = end
    }
    return sink
}

func run(_ stage: String, inputs: [Data], threads: Int, minSeconds: Double) -> Stage {
    // Warm-up pass.
    var sink = 0
    sink &+= wholePass(stage, inputs)
    if sink == Int.min { print(sink) }
    let workers = max(threads, 1)
    let done = PassCounts(workers: workers)
    let start = Date()
    // Every worker runs whole passes over the set (splitting the files between workers left one 350 KB
    // tag deciding the time), on its own until the time is up, as the runner's workers do: no worker
    // waits for another between passes.
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
        var local = 0
        var passes = 0
        while settings.passes.map({ passes < $0 }) ?? (Date().timeIntervalSince(start) < minSeconds) {
            local &+= wholePass(stage, inputs)
            passes += 1
        }
        done.record(worker: worker, passes: passes, sink: local)
    }
    return Stage(stage: stage, threads: threads, passes: done.total, seconds: Date().timeIntervalSince(start))
}

/// Times single-threaded stages in turns: each turn runs every stage for a slice of about 20 ms (at least one
/// pass over the set), so that a drift of the machine's speed while they run touches every stage alike, and
/// the ratio of two stages measures the code, not the moment. Runs until every stage has `minSeconds` of
/// passes (or, with `--passes N`, exactly N passes of each stage, for instruction counting).
func runInterleaved(_ stages: [String], inputs: [Data], minSeconds: Double) -> [Stage] {
    var sink = 0
    for stage in stages { sink &+= wholePass(stage, inputs) }
    var elapsed = [Double](repeating: 0, count: stages.count)
    var passes = [Int](repeating: 0, count: stages.count)
    func done(_ i: Int) -> Bool { settings.passes.map { passes[i] >= $0 } ?? (elapsed[i] >= minSeconds) }
    while !stages.indices.allSatisfy(done) {
        for (i, stage) in stages.enumerated() where !done(i) {
            let start = DispatchTime.now().uptimeNanoseconds
            var slice = 0.0
            repeat {
                sink &+= wholePass(stage, inputs)
                passes[i] += 1
                slice = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            } while slice < 0.02 && !done(i) && settings.passes == nil
            elapsed[i] += slice
        }
    }
    if sink == Int.min { print(sink) }
    return stages.indices.map { i in
        Stage(stage: stages[i], threads: 1, passes: passes[i], seconds: elapsed[i])
    }
}

/// Passes completed per worker, written once by each worker when it stops.
final class PassCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [Int]
    private var sink = 0

    init(workers: Int) { counts = Array(repeating: 0, count: workers) }

    func record(worker: Int, passes: Int, sink value: Int) {
        lock.lock()
        counts[worker] = passes
        sink &+= value
        lock.unlock()
    }

    var total: Int {
        lock.lock()
        defer { lock.unlock() }
        if sink == Int.min { print(sink) }
        return counts.reduce(0, +)
    }
}

/// Per-rule cost: every rule alone over every input, slowest first (the `rules` stage).
func profileRules(inputs: [Data]) {
    let decoded = inputs.map { VASTDecoder.decode($0) }
    var rows: [(String, Double)] = []
    for type in AllRules.types {
        let start = Date()
        var passes = 0
        while Date().timeIntervalSince(start) < 0.05 {
            for input in decoded { _ = Validator.validate(input, rules: [type]) }
            passes += 1
        }
        rows.append((type.description.id, Date().timeIntervalSince(start) / Double(passes) * 1e6))
    }
    for (id, micros) in rows.sorted(by: { $0.1 > $1.1 }).prefix(25) {
        print(String(format: "%10.1f us/pass  %@", micros, id))
    }
}

/// Per-rule cost inside one full validation (shared facts charged to their first user).
func profileRulesInContext(inputs: [Data]) {
    let decoded = inputs.map { VASTDecoder.decode($0) }
    let observer = RuleTimings()
    var passes = 0
    let start = Date()
    while Date().timeIntervalSince(start) < 2 {
        for input in decoded { _ = Validator.results(batch: [input], timings: observer) }
        passes += 1
    }
    let timings = observer.seconds
    let total = timings.values.reduce(0, +)
    print(String(format: "all rules: %.1f us/pass over %d passes", total / Double(passes) * 1e6, passes))
    for (id, seconds) in timings.sorted(by: { $0.value > $1.value }).prefix(30) {
        print(String(format: "%10.1f us/pass  %@", seconds / Double(passes) * 1e6, id))
    }
}

if settings.stages == ["rules-full"] {
    profileRulesInContext(inputs: inputs)
    exit(0)
}

/// One turn's rates on 1 and on `threads` threads, for ``runScaling(_:inputs:threads:minSeconds:)``.
struct ScalingTurn: Encodable {
    var oneThreadMegabytesPerSecond: Double
    var megabytesPerSecond: Double
    var ratio: Double
}

/// What ``runScaling(_:inputs:threads:minSeconds:)`` measured: every turn, and the median turn ratio.
struct Scaling: Encodable {
    var stage: String
    var threads: Int
    var turns: [ScalingTurn]
    var medianRatio: Double
}

/// Times `stage` on one thread and on `threads` threads in turns of about 100 ms each (every worker runs
/// whole passes over the set until the turn's time is up, as in ``run(_:inputs:threads:minSeconds:)``), so
/// that the machine's drift touches both sides of each turn alike; each turn gives a ratio of the two
/// rates, and the median of the turns' ratios is the figure. Runs until each side has `minSeconds`.
func runScaling(_ stage: String, inputs: [Data], threads: Int, minSeconds: Double) -> Scaling {
    var sink = 0
    sink &+= wholePass(stage, inputs)
    if sink == Int.min { print(sink) }
    let workers = max(threads, 2)
    func turn(_ workers: Int) -> Double {
        let done = PassCounts(workers: workers)
        let start = Date()
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var local = 0, passes = 0
            repeat {
                local &+= wholePass(stage, inputs)
                passes += 1
            } while Date().timeIntervalSince(start) < 0.1
            done.record(worker: worker, passes: passes, sink: local)
        }
        return Double(totalBytes * done.total) / 1_000_000 / Date().timeIntervalSince(start)
    }
    var turns: [ScalingTurn] = []
    var elapsed = 0.0
    while elapsed < minSeconds {
        let start = Date()
        let one = turn(1)
        let many = turn(workers)
        turns.append(ScalingTurn(oneThreadMegabytesPerSecond: one, megabytesPerSecond: many, ratio: many / one))
        elapsed += Date().timeIntervalSince(start) / 2
    }
    let ratios = turns.map(\.ratio).sorted()
    let median = ratios.count % 2 == 1 ? ratios[ratios.count / 2] : (ratios[ratios.count / 2 - 1] + ratios[ratios.count / 2]) / 2
    return Scaling(stage: stage, threads: workers, turns: turns, medianRatio: median)
}

if settings.scaling {
    let result = runScaling(settings.stages.first ?? "check", inputs: inputs, threads: threads, minSeconds: minSeconds)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    print(String(decoding: try! encoder.encode(result), as: UTF8.self))
    exit(0)
}

if settings.stages == ["rules"] {
    profileRules(inputs: inputs)
    exit(0)
}

let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]
if settings.interleave && threads == 1 {
    for result in runInterleaved(settings.stages, inputs: inputs, minSeconds: minSeconds) {
        print(String(decoding: try! encoder.encode(result), as: UTF8.self))
    }
} else {
    for stage in settings.stages {
        let result = run(stage, inputs: inputs, threads: threads, minSeconds: minSeconds)
        print(String(decoding: try! encoder.encode(result), as: UTF8.self))
    }
}
