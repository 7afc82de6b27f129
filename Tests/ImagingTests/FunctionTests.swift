import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// PDF functions evaluated on their own: the PostScript calculator's operators and limits,
/// and what malformed functions give.
@Suite struct FunctionTests {
    private func calculator(_ program: String) throws -> PostScriptCalculator {
        try PostScriptCalculator(Array(program.utf8))
    }

    @Test func calculatorRunsArithmeticAndStackOperators() throws {
        #expect(try calculator("{ dup mul }").evaluate([0.5], outputs: 1) == [0.25])
        #expect(try calculator("{ 3 1 roll }").evaluate([1, 2, 3], outputs: 3) == [3, 1, 2])
        #expect(try calculator("{ 2 index }").evaluate([7, 8, 9], outputs: 4) == [7, 8, 9, 7])
        #expect(try calculator("{ 2 copy add }").evaluate([1, 2], outputs: 3) == [1, 2, 3])
        #expect(try calculator("{ cvi 3 idiv }").evaluate([10.7], outputs: 1) == [3])
        #expect(try calculator("{ 1 3 bitshift 5 xor }").evaluate([], outputs: 1) == [13])
        #expect(try calculator("{ 90 sin 0 cos add }").evaluate([], outputs: 1) == [2])
        #expect(try calculator("{ -2.5 round -2.5 truncate }").evaluate([], outputs: 2) == [-2, -2])
    }

    @Test func calculatorBranches() throws {
        let program = try calculator("{ dup 0.5 lt { pop 0 } { 1 exch sub } ifelse }")
        #expect(program.evaluate([0.2], outputs: 1) == [0])
        #expect(program.evaluate([0.75], outputs: 1) == [0.25])
        let nested = try calculator("{ dup 0 gt { dup 1 gt { pop 2 } if } { pop -1 } ifelse }")
        #expect(nested.evaluate([5], outputs: 1) == [2])
        #expect(nested.evaluate([0.5], outputs: 1) == [0.5])
        #expect(nested.evaluate([-3], outputs: 1) == [-1])
    }

    @Test func calculatorFaultsGiveZerosNotCrashes() throws {
        // Stack underflow, division by zero, and a stack grown past its limit.
        #expect(try calculator("{ pop pop pop }").evaluate([1], outputs: 1) == [0])
        #expect(try calculator("{ 0 div }").evaluate([1], outputs: 1) == [0])
        let grow = "{ " + String(repeating: "dup ", count: 200) + "}"
        #expect(try calculator(grow).evaluate([1], outputs: 1) == [0])
        #expect(try calculator("{ 50 copy 50 copy }").evaluate(Array(repeating: 1, count: 50), outputs: 1) == [0])
    }

    @Test func malformedProgramsAreRefused() {
        for program in ["dup mul", "{ dup mul", "{ { 1 } }", "{ frobnicate }", "{ 1 { 2 } { 3 } if }", "{ 1.2.3 }"] {
            #expect(throws: ImagingError.self) { try calculator(program) }
        }
        let deep = String(repeating: "{ 1 ", count: 150) + String(repeating: "} if ", count: 150)
        #expect(throws: ImagingError.self) { try calculator("{ true " + deep + "}") }
    }

    /// Functions read from a document: the sampled function interpolates between samples,
    /// stitching picks the subdomain, and hostile sizes are refused.
    @Test func functionsFromADocument() throws {
        var pdf = PDFFixtures.simpleDocument()
        pdf.add(20, bytes: PDFFixtures.streamBody("/FunctionType 0 /Domain [0 1 0 1] /Range [0 1] /Size [2 2] /BitsPerSample 8",
                                                  [0, 255, 255, 0]))
        pdf.add(21, "<< /FunctionType 3 /Domain [0 2] /Bounds [1] /Encode [0 1 0 1] /Functions [<< /FunctionType 2 /Domain [0 1] /C0 [0] /C1 [1] /N 1 >> << /FunctionType 2 /Domain [0 1] /C0 [5] /C1 [6] /N 1 >>] >>")
        pdf.add(22, bytes: PDFFixtures.streamBody("/FunctionType 0 /Domain [0 1] /Range [0 1] /Size [2000000000] /BitsPerSample 8", [0]))
        pdf.add(23, "<< /FunctionType 3 /Domain [0 1] /Bounds [0.5 0.6] /Encode [0 1] /Functions [] >>")
        let document = try PDFDocument(bytes: pdf.bytes)
        let sampled = try PDFFunction.load(.reference(ObjectRef(20)), document: document)
        #expect(sampled.evaluate([0.5, 0.5]) == [0.5])
        #expect(sampled.evaluate([1, 0]) == [1])
        #expect(abs(sampled.evaluate([0.25, 0])[0] - 0.25) < 1e-9)
        let stitched = try PDFFunction.load(.reference(ObjectRef(21)), document: document)
        #expect(stitched.evaluate([0.5]) == [0.5])
        #expect(stitched.evaluate([1.5]) == [5.5])
        #expect(stitched.evaluate([9]) == [6])
        #expect(throws: ImagingError.self) { try PDFFunction.load(.reference(ObjectRef(22)), document: document) }
        #expect(throws: ImagingError.self) { try PDFFunction.load(.reference(ObjectRef(23)), document: document) }
    }
}
