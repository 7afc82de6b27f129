import Foundation
import Testing
@testable import OCR
import TestSupport

/// The default number of OCR engines fits the memory: under `ulimit -v 600000` two engines
/// aborted `ocr` (exit 134, a 0-byte temporary left behind) where one works.
@Suite struct WorkerMemoryTests {
    @Test func theDefaultIsBetweenOneAndTheCores() {
        let jobs = WorkerMemory.defaultJobs(cores: 64)
        #expect(jobs >= 1 && jobs <= 64)
        #expect(WorkerMemory.defaultJobs(cores: 1) == 1)
        #expect(WorkerMemory.memoryAvailable().map { $0 > 0 } ?? true)
    }

    @Test func ocrUnderA600MBAddressSpaceLimitWorksWithTheDefaultJobs() throws {
        try LegibleBinary.requireBuilt()
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        let command = "ulimit -v 600000; exec '\(LegibleBinary.url.path)' ocr '\(Fixtures.sample("scan-g4.pdf").path)' '\(output.path)'"
        let result = try Tool.run("/bin/sh", ["-c", command], environment: ["OMP_THREAD_LIMIT": "1"])
        #expect(result.status == 0, "\(result.status): \(result.stderr)")
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(folder.contents() == ["out.pdf"])
    }
}
