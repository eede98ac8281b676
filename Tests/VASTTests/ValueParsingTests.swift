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
}
