import Testing
@testable import PDFA

@Suite struct XMPValueTypeTests {
    @Test func booleansAreCapitalized() {
        let check = XMPValueCheck()
        #expect(check.problem(.simple("True"), type: "Boolean") == nil)
        #expect(check.problem(.simple("false"), type: "Boolean") != nil)
    }

    @Test func integersHaveNoFraction() {
        let check = XMPValueCheck()
        #expect(check.problem(.simple("-52"), type: "Integer") == nil)
        #expect(check.problem(.simple("-52.0"), type: "Integer") != nil)
    }

    @Test func datesFollowISO8601Subset() {
        #expect(XMPValueCheck.isDate("2016-02-01T13:19:21+01:00"))
        #expect(XMPValueCheck.isDate("2016"))
        #expect(!XMPValueCheck.isDate("01/02/2016"))
    }
}
