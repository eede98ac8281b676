import Foundation
import FuzzDriver
import Trafficking

// libFuzzer target: any bytes, read as UTF-8 (lossy), through the trafficking-parameter analyzer.
// Built only by `scripts/fuzz`; a crash, hang or sanitizer report is a bug.

fuzz(bytes: { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    let analysis = TraffickingAnalyzer.analyze(text)
    _ = TraffickingAnalyzer.looksLikeParameterString(text)
    // Every diagnostic must point inside the string.
    let length = text.count
    for diagnostic in analysis.diagnostics {
        if let offset = diagnostic.offset, offset < 0 || offset > length { fatalError("offset \(offset) outside 0...\(length)") }
    }
})
