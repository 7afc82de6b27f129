import Foundation
import Testing
import PDFWriter
import TestSupport

private struct Interrupted: Error {}

private func inode(_ url: URL) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
}

@Suite struct OutputFileTests {
    @Test func committedBytesArriveWhole() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let destination = folder.file("out.pdf")
        let output = try OutputFile(destination: destination)
        try output.write("%PDF-1.7\n")
        try output.write([0x25, 0xE2, 0x0A])
        #expect(output.offset == 12)
        try output.commit()
        #expect(try PDFFixtures.bytes(of: destination) == Array("%PDF-1.7\n".utf8) + [0x25, 0xE2, 0x0A])
        #expect(folder.contents() == ["out.pdf"])
    }

    @Test func writesLargerThanTheBufferArriveInOrder() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let destination = folder.file("big.bin")
        var expected: [UInt8] = []
        do {
            let output = try OutputFile(destination: destination)
            for chunk in 0..<40 {
                let bytes = [UInt8](repeating: UInt8(chunk), count: 100_000 + chunk)
                expected += bytes
                try output.write(bytes)
            }
            #expect(output.offset == expected.count)
            try output.commit()
        }
        #expect(try PDFFixtures.bytes(of: destination) == expected)
        #expect(folder.contents() == ["big.bin"])
    }

    /// On Linux (ext4, tmpfs, xfs, btrfs) the temporary file has no name until the commit, so
    /// nothing shows in the folder while the output is written.
    @Test func theTemporaryFileHasNoNameUntilTheCommit() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let output = try OutputFile(destination: folder.file("doc.pdf"))
        try output.write([UInt8](repeating: 0x41, count: 2_000_000))   // forces a flush to disk
        #expect(folder.contents().isEmpty)
        try output.commit()
        #expect(folder.contents() == ["doc.pdf"])
        #expect(try PDFFixtures.bytes(of: folder.file("doc.pdf")).count == 2_000_000)
    }

    @Test func anAbandonedOutputLeavesNothingBehind() throws {
        let folder = try PDFFixtures.ScratchFolder()
        do {
            let output = try OutputFile(destination: folder.file("abandoned.pdf"))
            try output.write([UInt8](repeating: 0x42, count: 3_000_000))
        }
        #expect(folder.contents().isEmpty)
    }

    @Test func anErrorBeforeCommitLeavesTheOldFileAndNoTemporary() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let destination = folder.file("report.pdf")
        try PDFFixtures.write(Array("old contents".utf8), to: destination)
        func failingWrite() throws {
            let output = try OutputFile(destination: destination)
            try output.write([UInt8](repeating: 0x43, count: 1_500_000))
            throw Interrupted()
        }
        #expect(throws: Interrupted.self) { try failingWrite() }
        #expect(try PDFFixtures.bytes(of: destination) == Array("old contents".utf8))
        #expect(folder.contents() == ["report.pdf"])
    }

    @Test func commitReplacesAnExistingFileAtomically() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let destination = folder.file("doc.pdf")
        try PDFFixtures.write(Array("old".utf8), to: destination)
        let oldInode = try inode(destination)
        // A reader that opened the old file before the commit keeps reading the old file.
        let reader = try FileHandle(forReadingFrom: destination)
        defer { try? reader.close() }

        let output = try OutputFile(destination: destination)
        try output.write([UInt8](repeating: 0x4E, count: 1_200_000))
        #expect(try PDFFixtures.bytes(of: destination) == Array("old".utf8))   // untouched until commit
        try output.commit()

        #expect(try PDFFixtures.bytes(of: destination) == [UInt8](repeating: 0x4E, count: 1_200_000))
        #expect(try inode(destination) != oldInode)   // renamed over, not rewritten in place
        #expect(try reader.readToEnd() == Data("old".utf8))
        #expect(folder.contents() == ["doc.pdf"])
    }

    @Test func aMissingFolderIsAWriteError() {
        let nowhere = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/out.pdf")
        #expect(throws: WriteError.self) { try OutputFile(destination: nowhere) }
    }

    @Test func aCommitThatCannotRenameIsAWriteErrorAndCleansUp() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let destination = folder.file("occupied")
        let output = try OutputFile(destination: destination)
        // A non-empty folder takes the name after the output was opened: the rename fails.
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
        try PDFFixtures.write([1], to: destination.appendingPathComponent("keep"))
        try output.write("data")
        #expect(throws: WriteError.self) { try output.commit() }
        #expect(folder.contents() == ["occupied"])
    }

    @Test func aDestinationThatIsNotARegularFileIsRefusedBeforeAnythingIsWritten() throws {
        // Renaming over a folder, device or FIFO would replace it (`/dev/null` would become a file).
        let folder = try PDFFixtures.ScratchFolder()
        let taken = folder.file("folder")
        try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: false)
        #expect(throws: WriteError.self) { _ = try OutputFile(destination: taken) }
        #expect(folder.contents() == ["folder"])
    }

    @Test func twoOutputsForOneDestinationDoNotCollide() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let destination = folder.file("same.pdf")
        let first = try OutputFile(destination: destination)
        let second = try OutputFile(destination: destination)
        try first.write("first")
        try second.write("second")
        try first.commit()
        try second.commit()
        #expect(try PDFFixtures.bytes(of: destination) == Array("second".utf8))
        #expect(folder.contents() == ["same.pdf"])
    }

    @Test func aCommittedOutputRefusesFurtherUseAndLeavesOtherFilesAlone() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let destination = folder.file("out.pdf")
        let output = try OutputFile(destination: destination)
        try output.write("first")
        try output.commit()
        // The closed descriptor's number is likely handed to the next file opened.
        let other = try OutputFile(destination: folder.file("other.pdf"))
        try other.write("other")
        #expect(throws: WriteError.self) { try output.write("late") }
        #expect(throws: WriteError.self) { try output.commit() }
        try other.commit()
        #expect(try PDFFixtures.bytes(of: destination) == Array("first".utf8))
        #expect(try PDFFixtures.bytes(of: folder.file("other.pdf")) == Array("other".utf8))
    }
}
