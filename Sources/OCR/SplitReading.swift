import Imaging

/// Reading a page in two parts on two engines at once when the pool has a worker that would
/// otherwise idle (a one-page document at `-j 2`): the page is cut where its text reads in
/// order (`PixImage.readingCut`), this worker reads the first part while an idle one reads
/// the second, and the words are joined in part order with their boxes moved back exactly
/// (`OCRPage.joined`). Recognition's cost grows with the text, not the page, so two halves
/// cost about what the whole does and the page's wall time nearly halves.
enum SplitReading {
    /// Reads `image` with `engine`, in two parts when `sharing` has an idle worker and the page
    /// has a safe cut; else whole, as `engine.recognize` does. Blocks: call it on a pool worker.
    static func recognize(_ image: PixImage, dpi: Int, engine: any OCREngine, sharing: WorkSharing?,
                          timeout: Double?) throws -> OCRPage {
        guard let sharing, sharing.idleWorkers > 0, let cut = try image.readingCut(dpi: dpi) else {
            return try engine.recognize(image, dpi: dpi, timeout: timeout)
        }
        let regions = cut.parts(width: image.width, height: image.height)
        let images = try cut.images(of: image)
        let first = images[0], second = images[1]
        guard let offered = sharing.offer({ other in try other.recognize(second, dpi: dpi, timeout: timeout) }) else {
            return try engine.recognize(image, dpi: dpi, timeout: timeout)
        }
        let firstPage = try engine.recognize(first, dpi: dpi, timeout: timeout)
        let secondPage = try offered.result(orRunWith: engine)
        // A part read turned (the engine's orientation retry on a page that looked upright)
        // means the parts' order is not the text's: the page is read whole after all.
        guard readsUpright(firstPage), readsUpright(secondPage) else {
            return try engine.recognize(image, dpi: dpi, timeout: timeout)
        }
        return OCRPage.joined([(firstPage, regions[0]), (secondPage, regions[1])], width: image.width, height: image.height, dpi: dpi)
    }

    /// Whether most of the page's lines have baselines running left to right across the image.
    static func readsUpright(_ page: OCRPage) -> Bool {
        let lines = page.lines
        let upright = lines.filter { $0.baseline.x1 - $0.baseline.x0 > abs($0.baseline.y1 - $0.baseline.y0) }.count
        return 2 * upright >= lines.count
    }
}
