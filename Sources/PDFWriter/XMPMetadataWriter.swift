import Foundation
import PDF

/// Builds the XMP packet of a PDF/A file from its document information, so the two agree
/// (ISO 19005-2 6.6.3): Title ↔ dc:title, Author ↔ dc:creator, Subject ↔ dc:description,
/// Keywords ↔ pdf:Keywords, Creator ↔ xmp:CreatorTool, Producer ↔ pdf:Producer,
/// CreationDate ↔ xmp:CreateDate, ModDate ↔ xmp:ModifyDate.
struct XMPMetadataWriter {
    var part = 2
    var conformance = "B"
    var title: String?
    var author: String?
    var subject: String?
    var keywords: String?
    var creatorTool: String?
    var producer: String?
    /// ISO 8601 dates, e.g. 2026-12-01T16:21:47Z.
    var createDate: String
    var modifyDate: String
    /// `rdf:Description` elements kept from the input's packet (`PDFAConversion.keepInputMetadata`).
    var kept = ""

    /// The properties this packet writes, as namespace URI + local name: the input's are
    /// replaced by these (pdfaid's always are).
    var writtenProperties: Set<String> {
        let dc = "http://purl.org/dc/elements/1.1/", xmp = "http://ns.adobe.com/xap/1.0/", pdf = "http://ns.adobe.com/pdf/1.3/"
        var names: Set<String> = [dc + "format", xmp + "CreateDate", xmp + "ModifyDate", xmp + "MetadataDate"]
        if title != nil { names.insert(dc + "title") }
        if author != nil { names.insert(dc + "creator") }
        if subject != nil { names.insert(dc + "description") }
        if creatorTool != nil { names.insert(xmp + "CreatorTool") }
        if producer != nil { names.insert(pdf + "Producer") }
        if keywords != nil { names.insert(pdf + "Keywords") }
        return names
    }

    func packet() -> [UInt8] {
        var lines: [String] = []
        lines.append("<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>")
        lines.append("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">")
        lines.append(" <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">")
        lines.append("  <rdf:Description rdf:about=\"\" xmlns:pdfaid=\"http://www.aiim.org/pdfa/ns/id/\">")
        lines.append("   <pdfaid:part>\(part)</pdfaid:part>")
        lines.append("   <pdfaid:conformance>\(conformance)</pdfaid:conformance>")
        lines.append("  </rdf:Description>")
        lines.append("  <rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">")
        lines.append("   <dc:format>application/pdf</dc:format>")
        if let title { lines.append("   <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escape(title))</rdf:li></rdf:Alt></dc:title>") }
        if let author { lines.append("   <dc:creator><rdf:Seq><rdf:li>\(escape(author))</rdf:li></rdf:Seq></dc:creator>") }
        if let subject { lines.append("   <dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escape(subject))</rdf:li></rdf:Alt></dc:description>") }
        lines.append("  </rdf:Description>")
        lines.append("  <rdf:Description rdf:about=\"\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\">")
        lines.append("   <xmp:CreateDate>\(createDate)</xmp:CreateDate>")
        lines.append("   <xmp:ModifyDate>\(modifyDate)</xmp:ModifyDate>")
        lines.append("   <xmp:MetadataDate>\(modifyDate)</xmp:MetadataDate>")
        if let creatorTool { lines.append("   <xmp:CreatorTool>\(escape(creatorTool))</xmp:CreatorTool>") }
        lines.append("  </rdf:Description>")
        lines.append("  <rdf:Description rdf:about=\"\" xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\">")
        if let producer { lines.append("   <pdf:Producer>\(escape(producer))</pdf:Producer>") }
        if let keywords { lines.append("   <pdf:Keywords>\(escape(keywords))</pdf:Keywords>") }
        lines.append("  </rdf:Description>")
        if !kept.isEmpty { lines.append(kept.hasSuffix("\n") ? String(kept.dropLast()) : kept) }
        lines.append(" </rdf:RDF>")
        lines.append("</x:xmpmeta>")
        // Padding lets later editors update the packet in place, as XMP recommends.
        let padding = String(repeating: String(repeating: " ", count: 99) + "\n", count: 20)
        return Array((lines.joined(separator: "\n") + "\n" + padding + "<?xpacket end=\"w\"?>").utf8)
    }

    private func escape(_ s: String) -> String {
        XMLEscaping.text(s, escapingDoubleQuotes: true)
    }

    /// `D:YYYYMMDDHHmmSS+HH'mm'` → `YYYY-MM-DDTHH:mm:SS+HH:mm` (missing parts as in ISO 32000-1 7.9.4).
    static func isoDate(fromPDF text: String) -> String? {
        var s = Substring(text)
        if s.hasPrefix("D:") { s = s.dropFirst(2) }
        let digits = s.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= 4 else { return nil }
        func field(_ from: Int, _ length: Int, _ fallback: String) -> String {
            let start = digits.index(digits.startIndex, offsetBy: min(from, digits.count))
            let end = digits.index(start, offsetBy: min(length, digits.distance(from: start, to: digits.endIndex)))
            let value = String(digits[start..<end])
            return value.count == length ? value : fallback
        }
        let date = "\(field(0, 4, "0000"))-\(field(4, 2, "01"))-\(field(6, 2, "01"))T\(field(8, 2, "00")):\(field(10, 2, "00")):\(field(12, 2, "00"))"
        var zone = s.dropFirst(digits.count)
        guard let sign = zone.first, sign == "+" || sign == "-" else { return date + "Z" }
        zone = zone.dropFirst()
        let parts = zone.split(whereSeparator: { $0 == "'" }).map(String.init)
        let hours = parts.first.flatMap { $0.count == 2 ? $0 : nil } ?? "00"
        let minutes = parts.count > 1 && parts[1].count == 2 ? parts[1] : "00"
        return "\(date)\(sign)\(hours):\(minutes)"
    }

    /// The PDF form of an ISO date made by `isoDate` or `now`.
    static func pdfDate(fromISO iso: String) -> String {
        let digits = iso.prefix(19).filter { $0.isNumber }
        var zone = "Z"
        if iso.hasSuffix("Z") { zone = "Z" } else if iso.count >= 25 {
            let z = iso.suffix(6)
            zone = "\(z.prefix(3))'\(z.suffix(2))'"
        }
        return "D:\(digits)\(zone)"
    }

    /// Now, in UTC, as an ISO date.
    static func now(_ date: Date = Date()) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
