import Foundation

extension OCRJob {
    /// OCRmyPDF's fast web view (`--fast-web-view MB`): linearize the output when `input` is
    /// larger than `megabytes` megabytes (10^6 bytes); 0 never turns it on. An unreadable
    /// input counts as empty (the run itself reports it).
    public mutating func linearize(ifInput input: URL, isLargerThan megabytes: Double) {
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: input.path))?[.size] as? NSNumber)?.intValue ?? 0
        if megabytes > 0 && Double(bytes) > megabytes * 1_000_000 { linearize = true }
    }
}
