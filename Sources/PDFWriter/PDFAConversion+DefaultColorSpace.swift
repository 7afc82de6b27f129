import PDF

/// A `DefaultCMYK` colour space for pages that paint in both DeviceCMYK and DeviceRGB: one
/// output intent covers one device space only, and ISO 19005-2 6.2.4.3 accepts the other
/// when the resources in effect name a Default space for it (ISO 32000-1 8.6.5.6). The
/// output intent stays sRGB, so RGB and gray content is untouched, and DeviceCMYK is read
/// through `PDFAColorProfile.viewerCMYK()`, which describes how viewers showed it.
/// (The other way round, a CMYK intent with DefaultRGB, changes the look in poppler: it
/// proofs ICC-based colour through a CMYK output intent.)
extension PDFAConversion {
    /// Adds `DefaultCMYK` to every page's resources and to the resources of every form
    /// XObject, tiling pattern and Type 3 font that has its own (a pattern's resources replace
    /// the page's). Pages that inherit their resources get a copy of them with the entry.
    /// Returns how many resource dictionaries got it.
    func addDefaultCMYK(_ rewriter: DocumentRewriter) -> Int {
        let source = rewriter.source
        let profile = PDFStream(dictionary: PDFDictionary([("N", .int(4))]), data: PDFAColorProfile.viewerCMYK())
        let space = PDFObject.reference(rewriter.add(.array([.name("ICCBased"), .reference(rewriter.add(.stream(profile)))])))
        var changed = 0
        var done: Set<ObjectRef> = []

        /// `resources` with DefaultCMYK in its ColorSpace dictionary; an indirect ColorSpace
        /// dictionary is changed in place (whoever shares it gets the same default).
        func withDefault(_ resources: PDFDictionary) -> PDFDictionary {
            var resources = resources
            if let entry = resources["ColorSpace"], let ref = entry.referenceValue {
                if !done.contains(ref), var spaces = rewriter.object(ref).dictionaryValue {
                    if spaces["DefaultCMYK"] == nil { spaces["DefaultCMYK"] = space; rewriter.set(ref, .dictionary(spaces)) }
                    done.insert(ref)
                }
                return resources
            }
            var spaces = source.resolve(resources["ColorSpace"] ?? .null).dictionaryValue ?? PDFDictionary()
            if spaces["DefaultCMYK"] == nil { spaces["DefaultCMYK"] = space }
            resources["ColorSpace"] = .dictionary(spaces)
            return resources
        }

        /// Gives the Resources entry of `holder` the default; true when `holder` itself changed.
        func update(_ holder: inout PDFDictionary, inherited: PDFDictionary?) -> Bool {
            if let entry = holder["Resources"], let ref = entry.referenceValue {
                guard !done.contains(ref), let resources = rewriter.object(ref).dictionaryValue else { return false }
                done.insert(ref)
                rewriter.set(ref, .dictionary(withDefault(resources)))
                changed += 1
                return false
            }
            guard let resources = holder["Resources"].flatMap({ source.resolve($0).dictionaryValue }) ?? inherited else { return false }
            holder["Resources"] = .dictionary(withDefault(resources))
            changed += 1
            return true
        }

        for page in (try? source.pages()) ?? [] {
            guard var dictionary = rewriter.object(page.ref).dictionaryValue else { continue }
            if update(&dictionary, inherited: page.resources) { rewriter.set(page.ref, .dictionary(dictionary)) }
        }
        for number in source.objectNumbers {
            let ref = ObjectRef(number)
            switch rewriter.object(ref) {
            case .stream(var stream):
                let d = stream.dictionary
                guard d["Subtype"]?.nameValue == "Form" || d["PatternType"]?.intValue == 1, d["Resources"] != nil else { continue }
                if update(&stream.dictionary, inherited: nil) { rewriter.set(ref, .stream(stream)) }
            case .dictionary(var font):
                guard font["Subtype"]?.nameValue == "Type3", font["Resources"] != nil else { continue }
                if update(&font, inherited: nil) { rewriter.set(ref, .dictionary(font)) }
            default:
                continue
            }
        }
        return changed
    }
}
