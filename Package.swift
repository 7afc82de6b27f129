// swift-tools-version:6.0
import PackageDescription

/// Linker flags that put CTesseract's OpenMP entry points (serial_openmp.c) in the executable's
/// dynamic symbol table, where libtesseract's references find them before libgomp's.
var serialOpenMPExports: [String] {
    ["GOMP_parallel", "GOMP_parallel_sections", "GOMP_sections_next", "GOMP_sections_end_nowait",
     "omp_get_num_threads", "omp_get_thread_num"].flatMap { ["-Xlinker", "--export-dynamic-symbol=\($0)"] }
}

let package = Package(
    name: "Legible",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "legible", targets: ["legible"]),
        .library(name: "PDF", targets: ["PDF"]),
        .library(name: "PDFWriter", targets: ["PDFWriter"]),
        .library(name: "Pipeline", targets: ["Pipeline", "RunReports"]),
        // Static, not automatic: `swift build --product Legible` builds only the library and what it
        // needs (SwiftPM builds everything instead for an automatic product).
        .library(name: "Legible", type: .static, targets: ["Legible"]),
    ],
    targets: [
        .systemLibrary(name: "CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        // Not a system-library target either: libleptonica is opened on the first call to it (see
        // include/CLeptonica.h), so that commands which read no image do not load it at start.
        .target(name: "CLeptonica", linkerSettings: [.linkedLibrary("dl")]),
        // Not a system-library target: libtesseract is opened at run time (see include/CTesseract.h).
        .target(name: "CTesseract", linkerSettings: [.linkedLibrary("dl")]),

        .target(name: "PDF", dependencies: ["CZlib"]),
        .target(name: "PDFWriter", dependencies: ["PDF", "CZlib"]),
        // Files the way every run touches them, below the runners (issue 17): inputs read whole
        // with a limit, outputs checked before a run, durable writes and moves, content hashes,
        // folder locks, inotify. `PipelineError` lives here so these throw the run's exit codes.
        .target(name: "FileIO", dependencies: ["PDF", "PDFWriter"]),
        .target(name: "PDFText", dependencies: ["PDF"], exclude: ["Tables/make-tables.py", "Tables/corpus-glyph-names.txt"]),
        .target(name: "Imaging", dependencies: ["PDF", "CLeptonica"]),
        .target(name: "OCR", dependencies: ["Imaging", "PDF"]),
        .target(name: "Tesseract", dependencies: ["OCR", "Imaging", "CTesseract", "CLeptonica"]),
        .target(name: "TextLayer", dependencies: ["PDF", "PDFWriter", "OCR"]),
        // The PDF/A-2 validator (issue 16): reads like PDFText, so the writer stays free of it.
        // PDFAOutput (convert with the writer, then validate) sits here, above both (issue 17).
        // PDFText: encodings and glyph names for embedding the standard 14 fonts (issue 16).
        .target(name: "PDFA", dependencies: ["PDF", "PDFWriter", "PDFText"]),
        // What a document and its pages hold (`legible info`, triage's page kinds): reads text
        // coverage (PDFText) and image placements (Imaging), so it sits above both (issue 17).
        .target(name: "DocumentFacts", dependencies: ["PDF", "PDFText", "Imaging", "FileIO"]),
        .target(name: "Forms", dependencies: ["PDF", "PDFText", "Imaging", "OCR", "PDFWriter"]),
        // Image documents: images -> pages, image optimization, scan fixes on a page's image
        // (deskew, clean), and which files are inputs (`InputKind`, `SourceTree`) (issue 17, out
        // of Pipeline). Not in Imaging: they assemble and rewrite PDFs (PDFWriter), and Imaging
        // stays below the writer.
        .target(name: "PDFImages", dependencies: ["PDF", "PDFWriter", "Imaging", "FileIO"]),
        // Headings from measured lines, for `--outline` (issue 20): the detector takes plain
        // values, so recognized and born-digital lines are judged by the same rules; the lines
        // are measured here too, from recognized pages (OCR, their stroke weight from the raster
        // with Imaging) and from page text (PDFText), and the outline entries made (PDFWriter).
        .target(name: "Headings", dependencies: ["PDF", "PDFText", "PDFWriter", "Imaging", "OCR"]),
        .target(name: "Pipeline", dependencies: ["Headings", "PDF", "DocumentFacts", "FileIO", "PDFWriter", "Imaging", "OCR", "TextLayer", "Forms", "PDFText", "PDFA", "PDFImages"]),
        // Reports on Pipeline's runs for people and logs: closing lines, `-v` page lines,
        // `--log-json` lines, a watch's status file (what the command line prints, for library users too).
        .target(name: "RunReports", dependencies: ["Pipeline", "FileIO", "OCR"]),
        // The public, PDFKit-shaped library (issue 17): thin, delegating to the modules above.
        .target(name: "Legible", dependencies: ["PDF", "PDFWriter", "PDFText", "Imaging", "OCR", "Tesseract", "TextLayer", "Forms", "Pipeline", "PDFImages", "FileIO"]),
        .target(name: "LegibleCLI", dependencies: ["Legible", "Pipeline", "RunReports", "DocumentFacts", "FileIO", "Tesseract", "PDF", "OCR", "PDFText", "Forms", "Imaging", "PDFA", "PDFImages"]),
        // lld: gold warns about mktemp inside the static Foundation that `make build` links.
        // Packed relative relocations (DT_RELR, glibc 2.36+, Debian 12): the loader applies the
        // binary's 76,000 relative relocations from a 15 KB bitmap instead of a 1.8 MB table,
        // a tenth of the CPU time of `legible info` on a small file.
        // The OpenMP entry points of CTesseract/serial_openmp.c are exported, so that libtesseract,
        // opened later, runs its parallel regions through them (one thread: no libgomp team).
        .executableTarget(name: "legible", dependencies: ["LegibleCLI"],
                          linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
                                                        + serialOpenMPExports)]),

        .target(name: "TestSupport", dependencies: ["PDF", "PDFWriter"], path: "Tests/TestSupport"),
        .testTarget(name: "PDFTests", dependencies: ["PDF", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "PDFTextTests", dependencies: ["PDFText", "PDF", "TestSupport"]),
        .testTarget(name: "PDFWriterTests", dependencies: ["PDFWriter", "PDF", "TestSupport"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "PDF", "TestSupport"]),
        .testTarget(name: "OCRTests", dependencies: ["OCR", "Imaging", "PDF", "TestSupport"]),
        .testTarget(name: "TesseractTests", dependencies: ["Tesseract", "CTesseract", "Imaging", "OCR", "TestSupport"]),
        .testTarget(name: "TextLayerTests", dependencies: ["TextLayer", "PDF", "PDFWriter", "OCR", "TestSupport"]),
        .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "RunReports", "DocumentFacts", "FileIO", "OCR", "PDF", "Imaging", "Tesseract", "TestSupport", "PDFImages", "PDFA"], exclude: ["Fixtures"]),
        .testTarget(name: "FormsTests", dependencies: ["Forms", "PDF", "PDFText", "Imaging", "OCR", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "LegibleTests", dependencies: ["Legible", "TestSupport"]),
        .testTarget(name: "PDFATests", dependencies: ["PDFA", "PDF", "PDFWriter", "TestSupport"]),
        .testTarget(name: "DocumentFactsTests", dependencies: ["DocumentFacts", "FileIO", "PDF", "TestSupport"]),
        .testTarget(name: "PDFImagesTests", dependencies: ["PDFImages", "FileIO", "Imaging", "PDF", "TestSupport"]),
        .testTarget(name: "RunReportsTests", dependencies: ["RunReports", "Pipeline", "FileIO", "OCR", "TestSupport"]),
        .testTarget(name: "HeadingsTests", dependencies: ["Headings", "PDF", "PDFText", "TestSupport"]),
        .testTarget(name: "FileIOTests", dependencies: ["FileIO", "PDFWriter", "TestSupport"]),
        .testTarget(name: "LegibleCLITests", dependencies: ["LegibleCLI", "DocumentFacts", "FileIO", "RunReports", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

