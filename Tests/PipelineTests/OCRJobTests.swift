import FileIO
import Foundation
import Testing
@testable import Pipeline
import TestSupport

struct OCRJobTests {
    @Test func readyPipelinesLoad() throws {
        let folder = Fixtures.repositoryRoot.appendingPathComponent("Pipelines")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(!files.isEmpty)
        for file in files { _ = try OCRJob.load(from: folder.appendingPathComponent(file)) }
        #expect(try OCRJob.load(from: folder.appendingPathComponent("ocr-force.json")).mode == .forceOCR)
    }

    @Test func unknownKeysAndBadValuesAreNamed() throws {
        let folder = try TemporaryDirectory()
        let cases: [(String, String)] = [
            (#"{"languages": ["eng"], "colour": true}"#, "colour"),
            (#"{"mode": "sometimes"}"#, "mode"),
            (#"{"jobs": 0}"#, "jobs"),
            (#"{"pages": "3-1"}"#, "3-1"),
            (#"[1, 2]"#, "not a JSON object"),
        ]
        for (index, (json, mention)) in cases.enumerated() {
            let url = folder.file("job\(index).json")
            try Data(json.utf8).write(to: url)
            do {
                _ = try OCRJob.load(from: url)
                Issue.record("accepted \(json)")
            } catch let error as PipelineError {
                #expect(error.code == .badArguments)
                #expect(error.message.contains(mention), "\(error.message)")
                #expect(error.message.contains("job\(index).json"))
            }
        }
    }

    @Test func outputTypeParsesOCRmyPDFNames() {
        #expect(OutputType(argument: "pdfa") == .pdfa)
        #expect(OutputType(argument: "pdfa-2") == .pdfa2b)
        #expect(OutputType(argument: "pdfa-3") == .pdfa3b)
        #expect(OutputType(argument: "pdfa-1") == nil)
    }
}
