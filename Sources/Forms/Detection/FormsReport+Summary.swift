import Foundation

extension FormsReport {
    /// The closing line of a forms run for people: fields and widgets added, how many pages
    /// were read from vectors and from pixels with the mean detection and OCR seconds per
    /// page, earlier fields kept or replaced, text layers added, then `in S s → output`.
    public func summary(output: String, seconds: Double) -> String {
        let vector = pages.filter { $0.method == .vector }
        let raster = pages.filter { $0.method == .raster }
        let looked = vector.count + raster.count
        var parts = ["\(fieldsAdded) field\(fieldsAdded == 1 ? "" : "s") (\(widgetsAdded) widgets)"]
        var how = ["\(looked) page\(looked == 1 ? "" : "s") read: \(vector.count) from vectors, \(raster.count) from pixels"]
        if looked > 0 {
            let detect = (vector + raster).reduce(0) { $0 + $1.detectSeconds } / Double(looked)
            how.append(String(format: "detection %.2f s/page", detect))
        }
        let recognized = raster.filter { $0.ocrSeconds > 0 }
        if !recognized.isEmpty {
            how.append(String(format: "OCR %.2f s/page", recognized.reduce(0) { $0 + $1.ocrSeconds } / Double(recognized.count)))
        }
        parts.append(how.joined(separator: ", "))
        if fieldsKept > 0 { parts.append("\(fieldsKept) earlier fields kept") }
        if fieldsRemoved > 0 { parts.append("\(fieldsRemoved) earlier fields replaced") }
        if pagesWithTextLayer > 0 { parts.append("\(pagesWithTextLayer) pages given a text layer") }
        return parts.joined(separator: "; ") + String(format: " in %.1f s → %@", seconds, output)
    }
}
