import Foundation
import Testing
import TestSupport

/// Small files that declare huge images are refused or failed as a page in bounded memory.
/// A 2.7 KB image declaring 30,000×30,000 pixels took 0.9 GB (raw, Flate, predictor, JPEG),
/// 1.7–2.6 GB (Flate RGB, RunLength, raw) and 4.4 GB (JPEG 2000) in ocr, thumbnails and
/// forms, and ended as a "blank page", exit 0; JBIG2 decoded for minutes. The peak is the
/// child's own (GNU time), read once it exited: nothing here depends on time.
@Suite struct HostileMemoryTests {
    /// Far above what these commands need for a refused page (a debug build with Tesseract's
    /// English model loaded peaks near 190 MB), far below the gigabytes the images declare.
    static let peakLimitMegabytes = 300

    private func run(_ arguments: [String]) throws -> MeasuredRun {
        try LegibleBinary.requireBuilt()
        return try PeakMemory.run(LegibleBinary.url.path, arguments, environment: ["OMP_THREAD_LIMIT": "1"])
    }

    @Test(arguments: HostilePDFs.HugeImage.allCases)
    func aTinyImageDeclaringAHugeSizeFailsItsPageInBoundedMemory(_ kind: HostilePDFs.HugeImage) throws {
        let folder = try TemporaryDirectory()
        let input = folder.file("huge-\(kind.rawValue).pdf")
        let bytes = HostilePDFs.imageDeclaringHugeSize(kind)
        #expect(bytes.count < 8_000)
        try Data(bytes).write(to: input)
        for command in [["ocr", input.path, folder.file("out.pdf").path], ["thumbnails", input.path, folder.file("thumbs").path],
                        ["forms", input.path, folder.file("form.pdf").path]] {
            let result = try run(command)
            // 7: the page failed (ocr, forms); 2: the only page cannot be read (thumbnails).
            #expect([2, 7].contains(result.status), "\(kind) \(command[0]): exit \(result.status): \(result.stderr)")
            #expect(result.peakMegabytes < Self.peakLimitMegabytes, "\(kind) \(command[0]): \(result.peakMegabytes) MB")
            #expect(result.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("legible") }, "\(kind) \(command[0]): \(result.stderr)")
        }
    }

    /// The measure itself: a page that really composes a large raster shows up in the peak,
    /// so a low figure above is not the measure failing.
    @Test func thePeakOfAChildIsMeasured() throws {
        let folder = try TemporaryDirectory()
        let input = folder.file("big.pdf")
        // 12,000×12,000 gray (144 MB decoded) that its data really holds.
        try Data(HostilePDFs.flateGrayImagePage(side: 12_000)).write(to: input)
        let result = try run(["thumbnails", input.path, folder.file("thumbs").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.peakMegabytes > 144, "\(result.peakMegabytes) MB")
    }
}

/// A cut JPEG on a page: libjpeg's "Premature end of JPEG file" no longer reaches standard
/// error raw, and the page fails (exit 7) instead of passing as a blank page (exit 0).
@Suite struct DamagedJPEGPageTests {
    /// The size in a JPEG's first baseline or progressive frame header.
    private func frameSize(_ jpeg: [UInt8]) -> (width: Int, height: Int)? {
        var at = 2
        while at + 9 < jpeg.count {
            guard jpeg[at] == 0xFF else { return nil }
            let marker = jpeg[at + 1], length = Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3])
            if marker == 0xC0 || marker == 0xC1 || marker == 0xC2 {
                return (Int(jpeg[at + 7]) << 8 | Int(jpeg[at + 8]), Int(jpeg[at + 5]) << 8 | Int(jpeg[at + 6]))
            }
            at += 2 + length
        }
        return nil
    }

    @Test func aPageWhoseJPEGIsCutShortFailsWithoutRawLibjpegLines() throws {
        try LegibleBinary.requireBuilt()
        let jpeg = try Fixtures.bytes(Fixtures.sample("scan.jpg"))
        let size = try #require(frameSize(jpeg))
        let folder = try TemporaryDirectory()
        let input = folder.file("cut-jpeg.pdf")
        try Data(HostilePDFs.imagePage(dictionary: "/Width \(size.width) /Height \(size.height) /ColorSpace /DeviceRGB "
            + "/BitsPerComponent 8 /Filter /DCTDecode", data: Array(jpeg.prefix(jpeg.count * 6 / 10)))).write(to: input)
        for command in [["ocr", input.path, folder.file("out.pdf").path], ["forms", input.path, folder.file("form.pdf").path],
                        ["thumbnails", input.path, folder.file("thumbs").path]] {
            let result = try Tool.run(LegibleBinary.url.path, command, environment: ["OMP_THREAD_LIMIT": "1"])
            #expect([2, 7].contains(result.status), "\(command[0]): exit \(result.status): \(result.stderr)")
            #expect(result.stderr.contains("Premature end of JPEG file"), "\(command[0]): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("legible") }, "\(command[0]): \(result.stderr)")
        }
    }
}
