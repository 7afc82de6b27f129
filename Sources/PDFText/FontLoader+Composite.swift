import PDF

extension FontLoader {
    /// A Type0 font and its descendant CIDFont (§9.7).
    func loadComposite(_ dict: PDFDictionary) -> PDFFont {
        let baseFont = document.resolve(dict["BaseFont"] ?? .null).nameValue ?? ""
        let descendants = document.resolve(dict["DescendantFonts"] ?? .null).arrayValue ?? []
        let cidFont = descendants.first.flatMap { document.resolve($0).dictionaryValue } ?? PDFDictionary()
        let descriptor = document.resolve(cidFont["FontDescriptor"] ?? .null).dictionaryValue

        let cmap = encodingCMap(document.resolve(dict["Encoding"] ?? .null))
        let toUnicode = toUnicodeMap(dict)

        var collection: String?
        if let info = document.resolve(cidFont["CIDSystemInfo"] ?? .null).dictionaryValue,
           let registry = document.resolve(info["Registry"] ?? .null).stringBytes,
           let ordering = document.resolve(info["Ordering"] ?? .null).stringBytes {
            let name = String(decoding: registry, as: UTF8.self) + "-" + String(decoding: ordering, as: UTF8.self)
            if name != "Adobe-Identity", CMapLibrary.hasTable(for: name) { collection = name }
        }

        let defaultWidth = (document.resolve(cidFont["DW"] ?? .null).numberValue ?? 1000) / 1000
        let (widths, ranges) = CIDWidths.read(document.resolve(cidFont["W"] ?? .null).arrayValue ?? [], document: document)

        let ascent = (document.resolve(descriptor?["Ascent"] ?? .null).numberValue ?? 0) / 1000
        let descent = (document.resolve(descriptor?["Descent"] ?? .null).numberValue ?? 0) / 1000
        let (a, d) = FontLoader.saneExtent(ascent, descent, standard: nil)
        return PDFFont(composite: FontLoader.displayName(baseFont), ascent: a, descent: d, cmap: cmap, toUnicode: toUnicode,
                       widths: widths, widthRanges: ranges, defaultWidth: defaultWidth.isFinite ? defaultWidth : 1,
                       collection: collection)
    }

    /// The `/Encoding` of a Type0 font: a predefined CMap's name or an embedded CMap stream,
    /// which may build on another through `usecmap` or `/UseCMap` (followed a few levels deep).
    func encodingCMap(_ object: PDFObject, depth: Int = 0) -> CMap {
        switch object {
        case .name(let name):
            return CMapLibrary.cmap(named: name) ?? .identity(vertical: name.hasSuffix("-V"))
        case .stream(let stream):
            guard let bytes = try? document.decodedData(of: stream) else { return .identity(vertical: false) }
            var (map, parentName) = CMapParser.parse(bytes)
            if depth < CMapLibrary.maxUseDepth {
                if let use = stream.dictionary["UseCMap"] {
                    map.inherit(from: encodingCMap(document.resolve(use), depth: depth + 1))
                } else if let parentName, let parent = CMapLibrary.cmap(named: parentName) {
                    map.inherit(from: parent)
                }
            }
            if let wmode = document.resolve(stream.dictionary["WMode"] ?? .null).intValue { map.isVertical = wmode == 1 }
            if map.codespaces.isEmpty { map.codespaces = [CMap.Codespace(low: [0, 0], high: [0xFF, 0xFF])] }
            return map
        default:
            return .identity(vertical: false)
        }
    }
}
