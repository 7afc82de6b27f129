import FileIO
import Foundation
import Testing
import OCR
import PDF
@testable import Pipeline
import TestSupport

/// Truncated and damaged inputs never pass for done (issue 18, item 3): a page whose content,
/// image or form the file lost is a failed page (exit 7, `pages-failed` in a batch), a document
/// with no readable page is bad input (exit 2); never an exit 0 with an empty or image-less
/// result. Truncations and byte mutations of real scans are made here, at test time.
struct DamagedInputTests {
    private let pool = OCRWorkerPool(factory: FakeEngineFactory(words: ["Quokka"]), workers: 2)

    /// Real scans: several pages, G4, JPEG, Flate, rotated, skewed.
    private static let scans = [Fixtures.corpus("scans/cardinal.pdf"), Fixtures.corpus("scans/multipage.pdf"),
                                Fixtures.corpus("scans/rotated_skew.pdf"),
                                Fixtures.corpus("scans/aspect.pdf"), Fixtures.corpus("scans/epson.pdf"),
                                Fixtures.sample("scan-g4.pdf"), Fixtures.sample("scan-jpeg.pdf"), Fixtures.sample("two-pages.pdf")]

    /// Scans small enough to run many mutants of in a debug build, and how many of each.
    private static let mutated = [Fixtures.corpus("scans/epson.pdf"), Fixtures.corpus("scans/cardinal.pdf"),
                                  Fixtures.corpus("scans/aspect.pdf"), Fixtures.sample("scan-g4.pdf"),
                                  Fixtures.sample("scan-jpeg.pdf"), Fixtures.sample("two-pages.pdf")]
    private static let mutantsPerScan = 8

    /// What one run made of a file: the page outcomes, or the error that stopped it.
    private enum Run: Equatable {
        case pages([PageOutcome], damaged: [Int])
        case stopped(PipelineError.Code, String)
    }

    private func run(_ input: URL, in folder: TemporaryDirectory) async -> Run {
        do {
            let report = try await OCRRunner(engines: pool).run(input: input, output: folder.file("out-\(UUID().uuidString).pdf"), job: OCRJob())
            return .pages(report.outcomes, damaged: report.damagedPages)
        } catch let error as PipelineError {
            return .stopped(error.code, error.message)
        } catch {
            return .stopped(.other, "\(error)")
        }
    }

    /// The pages poppler finds images on (1-based), from `pdfimages -list`; nil when poppler
    /// cannot read the file at all.
    private static func popplerImagePages(_ url: URL) throws -> Set<Int>? {
        let listed = try Tool.run("pdfimages", ["-list", url.path])
        guard listed.status == 0 else { return nil }
        return Set(listed.stdout.split(separator: "\n").dropFirst(2).compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).first.flatMap { Int($0) }
        })
    }

    /// Pages the original recognized that the damaged copy reports as done without recognizing
    /// (skipped: "no image to recognize", "blank page"), while the run did not stop: the data
    /// loss this suite is about. Empty when the copy failed those pages or stopped with exit 2.
    /// `counting` says which skip reasons count (all of them when nil).
    private static func silentlyLost(original: [PageOutcome], damaged run: Run, counting reasons: Set<String>? = nil) -> [Int] {
        guard case .pages(let outcomes, _) = run else { return [] }
        return outcomes.indices.filter { index in
            guard index < original.count, case .recognized = original[index] else { return false }
            if case .skipped(let reason) = outcomes[index] { return reasons?.contains(reason) ?? true }
            return false
        }
    }

    @Test func truncatedScansFailTheirLostPagesOrStopWithBadInput() async throws {
        let folder = try TemporaryDirectory()
        var lost: [String] = []
        var damagedPages = 0, stopped = 0, runs = 0
        for scan in Self.scans {
            let bytes = try Fixtures.bytes(scan)
            guard case .pages(let original, _) = await run(scan, in: folder) else {
                Issue.record("the intact \(scan.lastPathComponent) did not run"); continue
            }
            #expect(original.contains { if case .recognized = $0 { return true } else { return false } }, "\(scan.lastPathComponent)")
            for percent in stride(from: 10, through: 90, by: 20) {
                let cut = folder.file("\(scan.deletingPathExtension().lastPathComponent)-\(percent).pdf")
                try Data(bytes.prefix(bytes.count * percent / 100)).write(to: cut)
                let result = await run(cut, in: folder)
                runs += 1
                switch result {
                case .stopped(let code, let message):
                    stopped += 1
                    #expect(code == .badInput, "\(cut.lastPathComponent): \(code) \(message)")
                case .pages(let outcomes, let damaged):
                    damagedPages += damaged.count
                    // A page reported damaged is failed, never skipped or recognized.
                    for index in damaged { #expect(outcomes[index].isFailure, "\(cut.lastPathComponent) page \(index + 1)") }
                }
                for page in Self.silentlyLost(original: original, damaged: result) {
                    lost.append("\(cut.lastPathComponent) page \(page + 1)")
                }
            }
        }
        #expect(lost.isEmpty, "pages silently lost: \(lost)")
        // The suite exercised both outcomes, so it would notice either rule breaking.
        #expect(damagedPages > 0 && stopped > 0, "runs \(runs), damaged pages \(damagedPages), stopped \(stopped)")
    }

    @Test func aFileCutToItsFirst3000BytesIsBadInput() async throws {
        let folder = try TemporaryDirectory()
        for scan in [Fixtures.corpus("scans/blank.pdf"), Fixtures.corpus("scans/cardinal.pdf")] {
            let cut = folder.file("head-" + scan.lastPathComponent)
            try Data(try Fixtures.bytes(scan).prefix(3000)).write(to: cut)
            // poppler agrees there is no page to read.
            #expect(try Tool.run("pdfinfo", [cut.path]).status != 0)
            let result = await run(cut, in: folder)
            guard case .stopped(let code, _) = result else { Issue.record("\(cut.lastPathComponent): \(result)"); continue }
            #expect(code == .badInput)
        }
        #expect(folder.contents().filter { $0.hasPrefix("out-") }.isEmpty)
    }

    @Test func aPageWhoseImageIsLostIsAFailedPageBesideGoodOnes() async throws {
        // two-pages.pdf with the second page's image object made unreadable: page 1 is
        // recognized, page 2 fails, and the output is written (exit 7 on the command line).
        let folder = try TemporaryDirectory()
        let source = try Fixtures.bytes(Fixtures.sample("two-pages.pdf"))
        let document = try PDFDocument(bytes: source)
        let second = try document.pages()[1]
        let xobjects = try #require(document.resolve(second.resources["XObject"] ?? .null).dictionaryValue)
        let image = try #require(xobjects.orderedKeys.first.flatMap { xobjects[$0]?.referenceValue }, "the image is not an indirect object")
        // Break the image object's header ("N 0 obj" → "N 0 xbj") so that it cannot be parsed.
        let header = Array("\n\(image.number) 0 obj".utf8)
        var damaged = source
        let at = try #require(Self.find(header, in: damaged))
        damaged[at + header.count - 3] = UInt8(ascii: "x")
        let input = folder.file("second-image-lost.pdf")
        try Data(damaged).write(to: input)
        let result = await run(input, in: folder)
        guard case .pages(let outcomes, let lost) = result else { Issue.record("\(result)"); return }
        #expect(outcomes[0] == .recognized(words: 1))
        #expect(lost == [1] && outcomes[1].isFailure, "\(outcomes)")
        // The command line says so with exit code 7.
        let output = folder.file("cli.pdf")
        let log = folder.file("cli.log")
        try LegibleBinary.requireBuilt()
        let code = try LegibleBinary.run(["ocr", "-q", "-j", "1", input.path, output.path], environment: ["LEGIBLE_FAKE_OCR": "1"], log: log)
        #expect(code == 7, "\((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
    }

    @Test func mutatedScansNeverReportALostImageAsDone() async throws {
        // Byte mutations made here (a fixed-seed generator): each changes a few bytes of a real
        // scan. Whatever the damage, a page the intact file recognized is recognized, failed,
        // or the run stops with exit 2; when it is skipped for having no image, poppler must
        // agree that the mutant really has no image on it. (Image data that still decodes, to
        // garbage or to an even gray the blank check skips, is not what this pins down: a
        // corrupt JPEG libjpeg reads with warnings is such a case.)
        let folder = try TemporaryDirectory()
        var random = SplitMix64(seed: 18)
        var lost: [String] = []
        var mutants = 0
        for scan in Self.mutated {
            let bytes = try Fixtures.bytes(scan)
            guard case .pages(let original, _) = await run(scan, in: folder) else { continue }
            for index in 0..<Self.mutantsPerScan {
                var mutant = bytes
                for _ in 0..<(1 + index % 4) {
                    let at = Int(random.next() % UInt64(mutant.count))
                    mutant[at] = UInt8(truncatingIfNeeded: random.next())
                }
                let url = folder.file("\(scan.deletingPathExtension().lastPathComponent)-m\(index).pdf")
                try Data(mutant).write(to: url)
                mutants += 1
                let result = await run(url, in: folder)
                if case .stopped(let code, let message) = result {
                    #expect([.badInput, .encrypted].contains(code), "\(url.lastPathComponent): \(code) \(message)")
                }
                let skipped = Self.silentlyLost(original: original, damaged: result, counting: ["no image to recognize"])
                guard !skipped.isEmpty else { continue }
                let poppler = try Self.popplerImagePages(url)
                for page in skipped where poppler == nil || poppler!.contains(page + 1) {
                    lost.append("\(url.lastPathComponent) page \(page + 1): \(result)")
                }
            }
        }
        #expect(mutants == Self.mutated.count * Self.mutantsPerScan)
        #expect(lost.isEmpty, "pages skipped that poppler shows images on: \(lost)")
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}

private extension PageOutcome {
    var isFailure: Bool { if case .failed = self { return true } else { return false } }
}
