extension FormsDetector {
    /// Legible's detector: `RasterPrimitiveFinder` for scans, `FieldAssembler` for every page's
    /// primitives, `FieldNamer` for the document, `VectorPrimitiveReader` for born-digital pages, all with
    /// `parameters`.
    public static func standard(_ parameters: FormDetectionParameters = FormDetectionParameters()) -> FormsDetector {
        let finder = RasterPrimitiveFinder(parameters: parameters)
        let assembler = FieldAssembler(parameters: parameters)
        let namer = FieldNamer()
        return FormsDetector(rasterPrimitives: { image, page, width, height, words in
            try finder.primitives(of: image, page: page, pageWidth: width, pageHeight: height, words: words)
        }, fields: { assembler.fields(from: $0) }, name: { namer.name($0) },
                             vector: VectorPrimitiveReader(parameters: parameters))
    }

    /// The standard detector with the built-in parameters.
    public static var standard: FormsDetector { standard() }
}
