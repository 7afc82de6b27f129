import Foundation
import Forms

/// Words from Tesseract's TSV output (`tesseract IMAGE OUT tsv`), scaled from pixels to points:
/// how the fixtures and the benchmark harness get OCR words without running the engine.
enum TesseractTSV {
    static func words(_ tsv: String, scale: Double, scaleY: Double? = nil) -> [LayoutWord] {
        let sy = scaleY ?? scale
        return tsv.split(separator: "\n").dropFirst().compactMap { line -> LayoutWord? in
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard cols.count >= 12, cols[0] == "5",
                  let x = Double(cols[6]), let y = Double(cols[7]), let w = Double(cols[8]), let h = Double(cols[9])
            else { return nil }
            let text = String(cols[11]).trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return nil }
            return LayoutWord(text: text, rect: LayoutRect(left: x * scale, top: y * sy, right: (x + w) * scale, bottom: (y + h) * sy),
                              confidence: Double(cols[10]))
        }
    }

    /// The words of a TSV in the image's pixels, with their confidences.
    static func cropWords(_ tsv: String) -> [CropWord] {
        tsv.split(separator: "\n").dropFirst().compactMap { line -> CropWord? in
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard cols.count >= 12, cols[0] == "5", let x = Double(cols[6]), let y = Double(cols[7]),
                  let w = Double(cols[8]), let h = Double(cols[9]), let conf = Double(cols[10]) else { return nil }
            let text = String(cols[11]).trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return nil }
            return CropWord(text: text, left: x, top: y, right: x + w, bottom: y + h, confidence: conf)
        }
    }
}
