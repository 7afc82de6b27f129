import PDF

/// Writes a recognized page as ALTO 4 XML (the library and archive standard), with
/// coordinates in raster pixels.
public enum ALTOWriter {
    /// A complete ALTO document for one page.
    public static func document(_ page: OCRPage, pageNumber: Int, imageName: String = "") -> String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <alto xmlns="http://www.loc.gov/standards/alto/ns-v4#" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.loc.gov/standards/alto/ns-v4# http://www.loc.gov/alto/v4/alto-4-2.xsd">
          <Description>
            <MeasurementUnit>pixel</MeasurementUnit>
            <sourceImageInformation><fileName>\(XMLEscaping.attribute(imageName))</fileName></sourceImageInformation>
            <OCRProcessing ID="OCR_0"><ocrProcessingStep><processingSoftware><softwareName>legible</softwareName></processingSoftware></ocrProcessingStep></OCRProcessing>
          </Description>
          <Layout>
            <Page ID="page_\(pageNumber)" PHYSICAL_IMG_NR="\(pageNumber)" WIDTH="\(page.width)" HEIGHT="\(page.height)">
              <PrintSpace HPOS="0" VPOS="0" WIDTH="\(page.width)" HEIGHT="\(page.height)">

        """
        var lineNumber = 0, wordNumber = 0
        for (b, block) in page.blocks.enumerated() {
            let box = HOCRWriter.union(block.lines.map(\.box))
            out += "        <TextBlock ID=\"block_\(b + 1)\" \(geometry(box))>\n"
            for line in block.lines {
                lineNumber += 1
                out += "          <TextLine ID=\"line_\(lineNumber)\" \(geometry(line.box))>\n"
                for (w, word) in line.words.enumerated() {
                    wordNumber += 1
                    if w > 0 {
                        let previous = line.words[w - 1].box
                        out += "            <SP HPOS=\"\(Int(previous.right.rounded()))\" VPOS=\"\(Int(line.box.top.rounded()))\" WIDTH=\"\(max(0, Int((word.box.left - previous.right).rounded())))\"/>\n"
                    }
                    let confidence = HOCRWriter.format(word.confidence / 100)
                    out += "            <String ID=\"string_\(wordNumber)\" \(geometry(word.box)) WC=\"\(confidence)\" CONTENT=\"\(XMLEscaping.attribute(word.text))\"/>\n"
                }
                out += "          </TextLine>\n"
            }
            out += "        </TextBlock>\n"
        }
        out += "      </PrintSpace>\n    </Page>\n  </Layout>\n</alto>\n"
        return out
    }

    private static func geometry(_ box: PixelBox) -> String {
        "HPOS=\"\(Int(box.left.rounded()))\" VPOS=\"\(Int(box.top.rounded()))\" WIDTH=\"\(Int(box.width.rounded()))\" HEIGHT=\"\(Int(box.height.rounded()))\""
    }
}
