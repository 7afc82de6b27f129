import Imaging

/// A box in image pixels (x right, y down): Imaging's `PixelRegion`, under the name the forms
/// finder uses (OCR's `PixelBox`, in edges, is another type).
typealias PixelBox = PixelRegion

extension FormsError {
    /// The result of raster analysis, with Imaging's failure of a step (Leptonica out of memory)
    /// said as the page the forms finder could not read.
    static func analysingRaster<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ImagingError {
            throw FormsError(.unreadablePage, "the page image cannot be analysed for form fields (\(error.message))")
        }
    }
}
