import Foundation
import FuzzDriver
import VAST
import Validation
import XMLCore

// libFuzzer target: any bytes through parse, decode and every rule, strict and recovering. It also
// holds the parser's two reads to one result: the default (libxml2's push parser, then its pull parser
// when the push read reports anything) and the pull parser alone must give equal documents.
// Built only by `scripts/fuzz` (with -sanitize=fuzzer,address); a crash or sanitizer report is a bug.

fuzz(data: { data in
    let automatic = XMLParser.parse(data, options: XMLParseOptions(maxBytes: 1 << 20))
    let pull = XMLParser.parse(data, options: XMLParseOptions(maxBytes: 1 << 20, pullParserOnly: true))
    if automatic != pull {
        FileHandle.standardError.write(Data("the default read and the pull parser's differ\n".utf8))
        abort()
    }
    for recover in [false, true] {
        let input = VASTDecoder.decode(data, options: XMLParseOptions(recover: recover, maxBytes: 1 << 20))
        _ = Validator.validate(input)
    }
})
