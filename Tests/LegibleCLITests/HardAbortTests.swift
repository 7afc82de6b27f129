import Foundation
import Testing
import TestSupport

/// A writer killed before its rename (SIGKILL, an abort, a file-size limit) leaves nothing in
/// the output's folder: the temporary file has no name until the commit (`O_TMPFILE`). A named
/// temporary stayed behind for good (`.lg-PID-RANDOM.tmp`; 0 bytes after the abort of issue 18
/// item 8), and nothing removed it outside batch and watch.
@Suite struct HardAbortTests {
    /// The kernel ends the writer with SIGXFSZ at the write that passes `ulimit -f` (no handler
    /// runs, as with kill -9), a known point in the middle of writing, not a timed kill.
    @Test func aWriterKilledInTheMiddleOfWritingLeavesNoFileBehind() throws {
        try LegibleBinary.requireBuilt()
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        // 16 blocks of 512 bytes (POSIX sh): far below the ~70 KB PDF made of scan.png. No core file.
        let command = "ulimit -c 0; ulimit -f 16; exec '\(LegibleBinary.url.path)' images "
            + "'\(Fixtures.sample("scan.png").path)' '\(output.path)'"
        let result = try Tool.run("/bin/sh", ["-c", command])
        // Killed by SIGXFSZ (25); a writer that finished would exit 0 with out.pdf in place.
        #expect(result.status == SIGXFSZ, "\(result.status): \(result.stderr)")
        #expect(folder.contents().isEmpty, "\(folder.contents())")
    }

    /// Without the limit the same command writes the PDF, so the test above stops a real write.
    @Test func theSameCommandWritesItsOutputWithoutTheLimit() throws {
        try LegibleBinary.requireBuilt()
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        let result = try Tool.run(LegibleBinary.url.path, ["images", Fixtures.sample("scan.png").path, output.path])
        #expect(result.status == 0, "\(result.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int)
        #expect(size > 16 * 512)
        #expect(folder.contents() == ["out.pdf"])
    }
}
