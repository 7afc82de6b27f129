import FileIO
import Testing

/// `--pages` as OCRmyPDF reads it: 1-based numbers and ranges, an open end, and a clear
/// `badArguments` error for anything else.
@Suite struct PageSelectionTests {
    @Test func numbersRangesAndAnOpenEndSelectTheirPages() throws {
        let selection = try PageSelection("1,3-5,9-")
        #expect((0..<12).filter { selection.contains(index: $0) } == [0, 2, 3, 4, 8, 9, 10, 11])
    }

    @Test func malformedSelectionsAreRejected() {
        for bad in ["", "0", "a", "5-2", "1,,2", "-3"] {
            #expect(throws: PipelineError.self, "\(bad)") { try PageSelection(bad) }
        }
    }
}
