import FileIO
import Foundation
import PDFWriter
import Testing
import TestSupport

/// Every name Legible makes is legal for every legal input name: temporary files are short
/// whatever the output is called (`.lg-PID-RANDOM.tmp`), and names derived by adding to an
/// input's name are shortened past 255 bytes. Output names of 230–255 bytes failed with
/// "File name too long" because the temporary name added about 30 bytes.
@Suite struct OutputNameLengthTests {
    @Test func aTemporaryNameIsShortAndRecognised() {
        let name = TemporaryName.make()
        #expect(name.utf8.count <= 24)
        #expect(TemporaryName.isTemporary(name))
        #expect(TemporaryName.isTemporary(".out.pdf.legible-12-34.tmp"), "an older version's leftover")
        #expect(!TemporaryName.isTemporary("scan.tmp.pdf"))
    }

    @Test func aLeftoverIsOneWhoseWriterIsGone() {
        // 4,194,305 is above Linux's largest process id: no process has it.
        #expect(TemporaryName.isLeftover(".lg-4194305-abc.tmp", target: "out.pdf"))
        #expect(!TemporaryName.isLeftover(".lg-1-abc.tmp", target: "out.pdf"), "process 1 is alive")
        #expect(!TemporaryName.isLeftover(TemporaryName.make(), target: "out.pdf"), "our own")
        #expect(TemporaryName.isLeftover(".out.pdf.legible-1-2.tmp", target: "out.pdf"))
        #expect(!TemporaryName.isLeftover(".other.pdf.legible-1-2.tmp", target: "out.pdf"))
    }

    @Test func anOutputWithA255ByteNameIsWritten() throws {
        let folder = try TemporaryDirectory()
        let destination = folder.file(String(repeating: "a", count: 251) + ".pdf")
        let file = try OutputFile(destination: destination)
        try file.write("%PDF-1.7\n")
        try file.commit()
        #expect(FileManager.default.fileExists(atPath: destination.path))
        #expect(folder.contents() == [destination.lastPathComponent])
    }

    @Test func removingLeftoversKeepsLiveWritersFiles() throws {
        let folder = try TemporaryDirectory()
        let dead = folder.file(".lg-4194305-1.tmp"), live = folder.file(".lg-1-2.tmp")
        for url in [dead, live] { try Data("half".utf8).write(to: url) }
        DurableFiles.removeLeftoverTemporaries(of: folder.file("out.pdf"))
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
    }

    @Test func aNoteBesideA255ByteNameIsShortenedAndStaysDistinct() {
        let long = String(repeating: "é", count: 125) + ".pdf" // 254 bytes
        let note = DerivedName.appending(".error.txt", to: "sub/" + long)
        #expect(note.hasPrefix("sub/") && note.hasSuffix(".error.txt"))
        #expect(note.dropFirst(4).utf8.count <= 255)
        let other = DerivedName.appending(".error.txt", to: "sub/" + String(repeating: "é", count: 125) + ".tif")
        #expect(note != other)
        #expect(DerivedName.appending(".error.txt", to: "a/b.pdf") == "a/b.pdf.error.txt")
    }
}
