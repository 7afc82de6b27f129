// The `Legible` library: a PDFKit-shaped API over Legible's PDF reader and writer, text
// extraction, OCR and form detection, for Swift on Linux. See Legible.docc.
