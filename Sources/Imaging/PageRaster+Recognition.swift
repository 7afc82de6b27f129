extension PageRaster {
    /// The raster as the engine reads it: reduced to `maxResolution` and gray (colour adds
    /// nothing to recognition but four times the memory). Cheap when it already is.
    public func forRecognition(maxResolution: Int) throws -> PageRaster {
        let reduced = try self.reduced(toAtMost: maxResolution)
        guard reduced.image.depth == 32 else { return reduced }
        return PageRaster(image: try reduced.image.gray8(), dpi: reduced.dpi, pixelToPage: reduced.pixelToPage)
    }
}
