import FileIO
import Foundation
@testable import Pipeline
import Testing
import TestSupport

/// The scan fixes in a job definition: read from their keys, part of the fingerprint only
/// when set (so journals of jobs without them stay valid), refused with forms.
@Suite struct ScanFixesJobTests {
    private func load(_ json: String) throws -> OCRJob {
        let folder = try TemporaryDirectory()
        let url = folder.file("job.json")
        try Data(json.utf8).write(to: url)
        return try OCRJob.load(from: url)
    }

    @Test func keysTurnOnTheirFixes() throws {
        let job = try load(#"{"deskew": true, "clean-final": true, "remove-blank-pages": true, "clean": false}"#)
        #expect(job.scanFixes == [.deskew, .cleanFinal, .removeBlankPages])
        #expect(job.scanFixes.changesImages && job.scanFixes.cleansRaster)
        #expect(try load("{}").scanFixes.isEmpty)
        #expect(throws: PipelineError.self) { try load(#"{"deskew": "yes"}"#) }
    }

    @Test func theFingerprintChangesOnlyWhenAFixIsSet() throws {
        let plain = OCRJob()
        var fixed = OCRJob()
        #expect(fixed.fingerprint == plain.fingerprint)
        fixed.scanFixes = [.deskew]
        #expect(fixed.fingerprint != plain.fingerprint)
    }

    @Test func fixesAreNotCombinedWithForms() {
        var job = OCRJob()
        job.forms = true
        job.scanFixes = [.deskew]
        #expect(throws: PipelineError.self) { try job.validate() }
    }
}
