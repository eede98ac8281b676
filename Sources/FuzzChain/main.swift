import Chain
import Foundation
import FuzzDriver
import VAST

// libFuzzer target: wrapper resolution and tracking collection over an in-memory fetcher.
// The input is split into documents at "\n--hop--\n"; document K answers https://fuzz.test/K
// (and relative "K"), so mutated VASTAdTagURIs walk, loop and break chains in every way.
// Built only by `scripts/fuzz`; a crash, hang or sanitizer report is a bug.

struct MemoryFetcher: Fetcher {
    let documents: [Data]

    func fetch(_ uri: URL, referrer: URL?) throws(FetchError) -> FetchedDocument {
        guard uri.scheme == "https", uri.host == "fuzz.test",
              let index = Int(uri.lastPathComponent), documents.indices.contains(index) else {
            throw .httpStatus(uri: uri.absoluteString, code: 404)
        }
        return FetchedDocument(data: documents[index], finalURI: uri, statusCode: 200)
    }
}

let separator = Data("\n--hop--\n".utf8)

fuzz(data: { data in
    var parts: [Data] = []
    var rest = data[...]
    while let range = rest.range(of: separator), parts.count < 16 {
        parts.append(Data(rest[..<range.lowerBound]))
        rest = rest[range.upperBound...]
    }
    parts.append(Data(rest))
    let fetcher = MemoryFetcher(documents: parts)
    let settings = PlayerSettings(name: "fuzz", maxDepth: 8)
    let chain = WrapperResolver.resolve(rootData: parts[0], rootURI: "https://fuzz.test/0", fetcher: fetcher, settings: settings)
    _ = TrackingCollector(macros: ["CACHEBUSTING": "1"]).collect(chain)
})
