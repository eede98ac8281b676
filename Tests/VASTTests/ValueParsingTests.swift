import Testing
@testable import VAST

@Suite("XML value parsing")
struct ValueParsingTests {
    @Test("xs:integer: sign, surrounding whitespace, digits only, no overflow")
    func integers() {
        #expect(parseXMLInteger("640") == 640)
        #expect(parseXMLInteger(" \t480\n") == 480)
        #expect(parseXMLInteger("+5") == 5)
        #expect(parseXMLInteger("-12") == -12)
        #expect(parseXMLInteger("-0") == 0)
        #expect(parseXMLInteger("007") == 7)
        #expect(parseXMLInteger("9223372036854775807") == Int.max)
        #expect(parseXMLInteger("-9223372036854775808") == Int.min)
        for bad in ["", " ", "+", "-", "1.5", "12px", "1 2", "0x10", "9223372036854775808", "١٢", "+-1", "1e3"] {
            #expect(parseXMLInteger(bad) == nil, "\(bad)")
        }
    }

    @Test("xs:boolean: true/false/1/0, trimmed, case-sensitive")
    func booleans() {
        #expect(parseXMLBoolean("true") == true)
        #expect(parseXMLBoolean(" 1 ") == true)
        #expect(parseXMLBoolean("false") == false)
        #expect(parseXMLBoolean("0\n") == false)
        for bad in ["", "TRUE", "False", "yes", "2", "t"] {
            #expect(parseXMLBoolean(bad) == nil, "\(bad)")
        }
    }

    @Test("xs:decimal: the byte-level check agrees with the parser on every string over a small alphabet")
    func decimalCheckAgreesWithParser() {
        // Every string of up to five characters from digits, sign, point, space, a letter and the
        // exponent mark, plus long digit runs on both sides of the 15-digit fast path.
        let alphabet: [Character] = ["0", "7", "+", "-", ".", " ", "x", "e"]
        var strings: [String] = [""]
        var layer: [String] = [""]
        for _ in 1...5 {
            layer = layer.flatMap { prefix in alphabet.map { prefix + String($0) } }
            strings += layer
        }
        for length in 13...18 {
            strings.append(String(repeating: "9", count: length))
            strings.append("-" + String(repeating: "1", count: length) + ".5")
        }
        strings += ["25.00", " 1.5 ", "1.", ".5", "+.5", "-0", "1.2.3", "+-1", "1-2", "١٢"]
        let disagreements = strings.filter { isXMLDecimal($0) != (parseXMLDecimal($0) != nil) }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
        #expect(strings.count > 37_000)
        #expect(isXMLDecimal("25.00"))
        #expect(!isXMLDecimal("free"))
    }
}
