import Foundation
import Testing
import TestSupport

/// Tesseract is opened only by commands that recognize text: the dynamic loader's own log
/// (`LD_DEBUG=files`) says which libraries a run of the binary loaded.
struct TesseractLoadingTests {
    private func loadsTesseract(_ arguments: [String], in folder: TemporaryDirectory) throws -> (status: Int32, loaded: Bool) {
        try LegibleBinary.requireBuilt()
        let log = folder.file("loader-\(arguments[0]).log")
        let status = try LegibleBinary.run(arguments, environment: ["LD_DEBUG": "files"], log: log)
        let text = try String(contentsOf: log, encoding: .utf8)
        return (status, text.contains("file=libtesseract.so"))
    }

    @Test func describingAndReadingPDFsNeverLoadsTesseract() throws {
        let folder = try TemporaryDirectory()
        let sample = Fixtures.sample("mixed.pdf").path
        for arguments in [["info", sample], ["text", sample], ["search", sample, "Harbour"]] {
            let run = try loadsTesseract(arguments, in: folder)
            #expect(run.status == 0, "legible \(arguments.joined(separator: " "))")
            #expect(!run.loaded, "legible \(arguments[0]) loaded libtesseract")
        }
    }

    @Test func recognizingLoadsItOnce() throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf").path
        let run = try loadsTesseract(["ocr", "-q", Fixtures.sample("scan-g4.pdf").path, output], in: folder)
        #expect(run.status == 0)
        #expect(run.loaded)
        #expect(try Tool.pdftotext(URL(fileURLWithPath: output)).contains("Lighthouse"))
    }

    /// Tesseract's OpenMP regions bind to the executable's own entry points (serial_openmp.c),
    /// not libgomp's: the loader's log of symbol bindings says which object each came from.
    @Test func tesseractsOpenMPRegionsBindToTheExecutablesEntryPoints() throws {
        try LegibleBinary.requireBuilt()
        let folder = try TemporaryDirectory()
        let log = folder.file("bindings.log")
        let status = try LegibleBinary.run(["ocr", "-q", Fixtures.sample("scan-g4.pdf").path, folder.file("out.pdf").path],
                                           environment: ["LD_DEBUG": "bindings", "OMP_THREAD_LIMIT": "1"], log: log)
        #expect(status == 0)
        let bindings = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("libtesseract.so") && $0.contains("`GOMP_parallel'") }
        #expect(!bindings.isEmpty, "libtesseract's GOMP_parallel was not bound")
        for line in bindings {
            #expect(line.contains("to \(LegibleBinary.url.path) [0]"), "\(line)")
        }
    }

    /// With more than one thread allowed, the regions are libgomp's again, and the words the same.
    @Test func aThreadLimitAboveOneReadsTheSameWordsThroughLibgomp() throws {
        try LegibleBinary.requireBuilt()
        let folder = try TemporaryDirectory()
        var texts: [String] = []
        for limit in ["1", "2"] {
            let output = folder.file("out-\(limit).pdf")
            let status = try LegibleBinary.run(["ocr", "-q", "-j", "1", Fixtures.sample("scan-g4.pdf").path, output.path],
                                               environment: ["OMP_THREAD_LIMIT": limit], log: folder.file("run-\(limit).log"))
            #expect(status == 0, "OMP_THREAD_LIMIT=\(limit)")
            // The words and their boxes; the header before <doc> carries the file's dates.
            let boxes = try Tool.pdftotext(output, ["-bbox"])
            texts.append(String(boxes[(boxes.range(of: "<doc>")?.lowerBound ?? boxes.startIndex)...]))
        }
        #expect(texts[0].contains("Lighthouse"))
        #expect(texts[0] == texts[1])
    }
}
