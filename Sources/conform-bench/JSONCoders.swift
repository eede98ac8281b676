import Conformance
import Foundation

// `conform-bench json-coders RESULTS [CORPUS]`: the project's compact JSON coders against Foundation's, on the
// two real workloads: the results stream a corpus run writes and its reports read back (every case of a
// `results.json`), and the expectation sidecars a run reads (every `*.expect.json` under CORPUS). Each
// pair is timed in turns, several rounds, and the best round of each is kept; the ratio is what decides
// whether a hand-written coder stays (it must win by 1.5x or more).

struct CoderTiming: Encodable {
    var workload: String
    var items: Int
    var bytes: Int
    var compactSeconds: Double
    var foundationSeconds: Double
    /// Foundation's time over the compact coder's: above 1, the compact coder is faster.
    var speedup: Double
}

private struct ResultsFile: Decodable {
    var cases: [CaseResult]
}

/// The best of `rounds` timings of `a` and of `b`, taken in turns so that drift hits both alike.
private func timeInTurns(rounds: Int, _ a: () throws -> Void, _ b: () throws -> Void) rethrows -> (Double, Double) {
    var bestA = Double.infinity, bestB = Double.infinity
    for _ in 0 ..< rounds {
        var start = DispatchTime.now().uptimeNanoseconds
        try a()
        bestA = min(bestA, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        start = DispatchTime.now().uptimeNanoseconds
        try b()
        bestB = min(bestB, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return (bestA, bestB)
}

func runJSONCoders(_ arguments: [String]) throws -> [CoderTiming] {
    guard let resultsPath = arguments.first, let data = FileManager.default.contents(atPath: resultsPath) else {
        throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: arguments.first ?? "(no results file given)"])
    }
    let rounds = 7
    var timings: [CoderTiming] = []

    // The results stream: each case encoded as one line, then every line read back.
    let cases = try JSONDecoder().decode(ResultsFile.self, from: data).cases
    let foundationEncoder = JSONEncoder()
    foundationEncoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let lines = try cases.map { try foundationEncoder.encode($0) }
    for (line, result) in zip(lines, cases) where try CompactJSONEncoder().encode(result) != line {
        throw CocoaError(.coderInvalidValue, userInfo: [NSDebugDescriptionErrorKey: "the coders disagree on \(result.id)"])
    }
    let lineBytes = lines.reduce(0) { $0 + $1.count }
    var (compact, foundation) = try timeInTurns(rounds: rounds,
        { for result in cases { _ = try CompactJSONEncoder().encode(result, terminator: 0x0A) } },
        { for result in cases { _ = try foundationEncoder.encode(result) } })
    timings.append(CoderTiming(workload: "results: encode", items: cases.count, bytes: lineBytes,
                               compactSeconds: compact, foundationSeconds: foundation, speedup: foundation / compact))
    let foundationDecoder = JSONDecoder()
    (compact, foundation) = try timeInTurns(rounds: rounds,
        { for line in lines { _ = try CompactJSONDecoder().decode(CaseResult.self, from: line, fallback: foundationDecoder) } },
        { for line in lines { _ = try foundationDecoder.decode(CaseResult.self, from: line) } })
    timings.append(CoderTiming(workload: "results: decode", items: lines.count, bytes: lineBytes,
                               compactSeconds: compact, foundationSeconds: foundation, speedup: foundation / compact))

    // The expectation sidecars of a corpus.
    if let corpus = arguments.dropFirst().first {
        let names = (FileManager.default.enumerator(atPath: corpus)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".expect.json") }.sorted()
        let sidecars = names.compactMap { FileManager.default.contents(atPath: corpus + "/" + $0) }
        (compact, foundation) = try timeInTurns(rounds: rounds,
            { for sidecar in sidecars { _ = try CompactJSONDecoder().decode(CaseExpectation.self, from: sidecar, fallback: foundationDecoder) } },
            { for sidecar in sidecars { _ = try foundationDecoder.decode(CaseExpectation.self, from: sidecar) } })
        timings.append(CoderTiming(workload: "expectations: decode", items: sidecars.count, bytes: sidecars.reduce(0) { $0 + $1.count },
                                   compactSeconds: compact, foundationSeconds: foundation, speedup: foundation / compact))
    }
    return timings
}
