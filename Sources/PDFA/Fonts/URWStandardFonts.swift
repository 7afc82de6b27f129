import Foundation

/// The metric-compatible clones of the standard 14 fonts in (URW)++'s Base 35 set (Debian's
/// fonts-urw-base35, also what poppler and Ghostscript draw for a standard font that is not
/// embedded), found at run time: without the package the PDF/A conversion cannot embed them
/// and falls back to plain PDF as before.
package struct URWStandardFonts: Sendable {
    /// The folder holding the `.t1` programs and `.afm` metrics.
    package let directory: URL

    /// Where distributions install the set: Debian/Ubuntu, then Fedora/Arch.
    static let searchPaths = ["/usr/share/fonts/type1/urw-base35", "/usr/share/fonts/urw-base35"]
    /// Overrides the search (tests point it at an empty folder to see the fallback).
    package static let directoryVariable = "LEGIBLE_URW_FONTS"

    /// The file names (without extension) of each standard font's clone.
    static let clones: [String: String] = [
        "Helvetica": "NimbusSans-Regular", "Helvetica-Bold": "NimbusSans-Bold",
        "Helvetica-Oblique": "NimbusSans-Italic", "Helvetica-BoldOblique": "NimbusSans-BoldItalic",
        "Times-Roman": "NimbusRoman-Regular", "Times-Bold": "NimbusRoman-Bold",
        "Times-Italic": "NimbusRoman-Italic", "Times-BoldItalic": "NimbusRoman-BoldItalic",
        "Courier": "NimbusMonoPS-Regular", "Courier-Bold": "NimbusMonoPS-Bold",
        "Courier-Oblique": "NimbusMonoPS-Italic", "Courier-BoldOblique": "NimbusMonoPS-BoldItalic",
        "Symbol": "StandardSymbolsPS", "ZapfDingbats": "D050000L",
    ]

    /// The installed set, or nil when it is not installed (or the variable names a folder without it).
    package static func installed(environment: [String: String] = ProcessInfo.processInfo.environment) -> URWStandardFonts? {
        let candidates = environment[directoryVariable].map { [$0] } ?? searchPaths
        for path in candidates {
            let url = URL(fileURLWithPath: path)
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("NimbusSans-Regular.t1").path) {
                return URWStandardFonts(directory: url)
            }
        }
        return nil
    }

    /// A set in `directory` (not checked).
    package init(directory: URL) { self.directory = directory }

    /// One clone: its program and metrics.
    struct Clone: Sendable {
        let fileName: String
        let program: Type1FontProgram
        let metrics: AFMMetrics
    }

    /// The clone of the standard font `standardName` ("Helvetica-Bold"…), nil when its files
    /// are missing or unreadable.
    func clone(of standardName: String) -> Clone? {
        guard let file = URWStandardFonts.clones[standardName],
              let programBytes = try? Data(contentsOf: directory.appendingPathComponent(file + ".t1")),
              let afmBytes = try? Data(contentsOf: directory.appendingPathComponent(file + ".afm")),
              let program = Type1FontProgram(bytes: [UInt8](programBytes)),
              let metrics = AFMMetrics(text: String(decoding: afmBytes, as: UTF8.self)) else { return nil }
        return Clone(fileName: file, program: program, metrics: metrics)
    }
}
