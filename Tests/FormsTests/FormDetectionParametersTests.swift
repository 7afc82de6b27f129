import Foundation
import Testing
import TestSupport
@testable import Forms

@Suite struct FormDetectionParametersTests {
    @Test func shippedParametersFileLoadsAndMatchesTheDefaults() throws {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Models/forms/parameters.json")
        let loaded = try FormDetectionParameters.load(from: url)
        #expect(loaded == FormDetectionParameters())
    }

    @Test func keysLeftOutKeepTheirDefaults() throws {
        let parameters = try FormDetectionParameters.decode(Data(#"{"underlineFieldHeight": 21, "minCombCells": 5}"#.utf8), source: "test")
        #expect(parameters.underlineFieldHeight == 21)
        #expect(parameters.minCombCells == 5)
        #expect(parameters.inkThreshold == FormDetectionParameters().inkThreshold)
    }

    @Test func malformedParametersAreATypedError() {
        for bad in [#"[1, 2]"#, #"{"inkThreshold": "dark"}"#, "not json"] {
            #expect(throws: FormsError.self) { try FormDetectionParameters.decode(Data(bad.utf8), source: "test") }
        }
        #expect(throws: FormsError.self) { try FormDetectionParameters.load(from: URL(fileURLWithPath: "/nonexistent/parameters.json")) }
    }
}
