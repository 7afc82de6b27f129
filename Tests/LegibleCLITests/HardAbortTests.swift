import Foundation
import Testing
import TestSupport

/// A writer stopped before its rename leaves nothing in the output's folder: the output is
/// written to a file without a name (`O_TMPFILE`) that is linked under its name only at the
/// commit, so even SIGKILL or an abort leaves nothing behind (a named temporary stayed for
/// good: `.lg-PID-RANDOM.tmp`, 0 bytes after the abort of issue 18 item 8). That a file open
/// and written to is not in the folder is pinned by `OutputFileTests`; a kill at a chosen
/// moment of writing cannot be timed here without making the test depend on the machine's
/// speed, so this stops the writer at a known write with the file-size limit.
@Suite struct HardAbortTests {
    @Test func aWriteStoppedByTheFileSizeLimitLeavesNothingBehind() throws {
        try LegibleBinary.requireBuilt()
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        // 16 blocks of 512 bytes (POSIX sh): far below the ~70 KB PDF made of scan.png.
        let command = "ulimit -c 0; ulimit -f 16; exec '\(LegibleBinary.url.path)' images "
            + "'\(Fixtures.sample("scan.png").path)' '\(output.path)'"
        let result = try Tool.run("/bin/sh", ["-c", command])
        // The write fails with EFBIG (the runtime's threads block SIGXFSZ): exit 5, nothing left.
        #expect(result.status == 5, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("File too large"), "\(result.stderr)")
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
