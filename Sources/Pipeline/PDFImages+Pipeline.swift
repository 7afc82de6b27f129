// Re-exported: Pipeline's image jobs (`ImagesToPDF`, `--optimize`) take and return PDFImages'
// types, so code that imports Pipeline (the command line, Legible) sees them as before the
// types moved out of Pipeline. A typealias of the same name would be ambiguous beside them.
@_exported import PDFImages
