import Foundation
import PDF

/// Makes a document PDF/A (ISO 19005-2 level B or U, or 19005-3 level B) as far as that
/// needs no change to how its pages look: XMP metadata identifying the part and level and
/// agreeing with the information dictionary (dates in both forms), a PDF/A output intent
/// with an sRGB profile built here (an input's valid PDF/A intent is kept), no JavaScript,
/// forbidden actions or additional actions, annotations set to print and shown, forms without
/// NeedAppearances or XFA, LZW streams decoded (the writer stores them Flate-compressed),
/// image interpolation off. The caller writes unencrypted and at most PDF 1.7
/// (`writeOptions(_:)`) and validates the result: what cannot be fixed without changing the
/// appearance (fonts not embedded, DeviceCMYK without a CMYK intent…) is left for the
/// validator to find.
///
/// ```swift
/// let conversion = PDFAConversion(part: 2, conformance: "B", producer: "Legible 0.1.0")
/// let notes = conversion.apply(to: rewriter)
/// try rewriter.write(to: output, options: conversion.writeOptions(options))
/// ```
public struct PDFAConversion: Sendable {
    /// 2 or 3.
    public var part: Int
    /// "B" or "U".
    public var conformance: String
    /// The Producer recorded in Info and XMP.
    public var producer: String
    /// The modification date; now by default (a fixed one for deterministic output).
    public var date: Date
    /// Given the input's XMP packet and the properties the conversion writes (namespace URI +
    /// local name), returns the input's other properties as `rdf:Description` elements to keep
    /// (PDFA's `XMPMerge.keptDescriptions`); nil replaces the input's packet entirely.
    public var keepInputMetadata: (@Sendable ([UInt8], Set<String>) -> String?)?
    /// The profile of the output intent made when the input has no valid PDF/A intent.
    public var outputIntent: OutputIntentProfile = .sRGB
    /// Whether a valid PDF/A output intent of the input is kept (true) or replaced by
    /// `outputIntent` (for inputs whose RGB intent does not describe the CMYK they paint in).
    public var keepsInputOutputIntent = true
    /// Whether the resources get a `DefaultCMYK` space: for pages painting in both DeviceRGB
    /// and DeviceCMYK under the sRGB intent (`addDefaultCMYK`).
    public var defaultCMYK = false

    /// The output intent profiles the conversion can make.
    public enum OutputIntentProfile: Sendable {
        /// `PDFAColorProfile.sRGB()`: RGB and gray content.
        case sRGB
        /// `PDFAColorProfile.cmyk()`: pages painted in DeviceCMYK (and gray), none in DeviceRGB.
        case cmyk
    }

    /// The action types PDF/A permits (ISO 19005-2 6.5.1).
    static let allowedActions: Set<String> = ["GoTo", "GoToR", "GoToE", "Thread", "URI", "Named", "SubmitForm"]
    static let allowedNamedActions: Set<String> = ["NextPage", "PrevPage", "FirstPage", "LastPage"]
    /// Annotation flags: Invisible, Hidden, Print, NoView, ToggleNoView (ISO 32000-1 12.5.3).
    static let flagInvisible = 1, flagHidden = 2, flagPrint = 4, flagNoView = 32, flagToggleNoView = 256

    /// Creates a conversion to PDF/A-`part` level `conformance`.
    public init(part: Int = 2, conformance: String = "B", producer: String, date: Date = Date(),
                keepInputMetadata: (@Sendable ([UInt8], Set<String>) -> String?)? = nil) {
        self.keepInputMetadata = keepInputMetadata
        self.part = part
        self.conformance = conformance
        self.producer = producer
        self.date = date
    }

    /// The write options a PDF/A file needs on top of `options`: no encryption, a header of
    /// PDF 1.4–1.7, a full rewrite.
    public func writeOptions(_ options: WriteOptions) -> WriteOptions {
        var out = options
        out.encryption = .remove
        out.newEncryption = nil
        out.incremental = false
        if let v = out.version, WriteOptions.number(v) > 1.7 { out.version = "1.7" }
        if out.version == nil { out.version = "1.7" }
        return out
    }

    /// Applies the changes to `rewriter`'s document and returns notes on what was changed
    /// beyond the metadata (removed JavaScript, decoded LZW streams…).
    @discardableResult
    public func apply(to rewriter: DocumentRewriter) -> [String] {
        let source = rewriter.source
        var notes: [String] = []
        guard let rootRef = source.trailer["Root"]?.referenceValue,
              var catalog = rewriter.object(rootRef).dictionaryValue else { return notes }
        setMetadata(rewriter, catalog: &catalog)
        if !(keepsInputOutputIntent && hasValidOutputIntent(catalog, source: source)) {
            let (components, data, identifier, info) = outputIntent == .cmyk
                ? (4, PDFAColorProfile.cmyk(), "Custom", "CMYK as DeviceCMYK (Legible)")
                : (3, PDFAColorProfile.sRGB(), "sRGB IEC61966-2.1", "sRGB IEC61966-2.1")
            let profile = PDFStream(dictionary: PDFDictionary([("N", .int(components))]), data: data)
            let intent = PDFDictionary([
                ("Type", .name("OutputIntent")), ("S", .name("GTS_PDFA1")),
                ("OutputConditionIdentifier", .string(Array(identifier.utf8))),
                ("Info", .string(Array(info.utf8))),
                ("DestOutputProfile", .reference(rewriter.add(.stream(profile)))),
            ])
            catalog["OutputIntents"] = .array([.reference(rewriter.add(.dictionary(intent)))])
        }
        var removed: Set<String> = []
        for key in ["AA", "NeedsRendering"] where catalog[key] != nil { catalog[key] = nil; removed.insert(key) }
        if let open = catalog["OpenAction"], !actionAllowed(open, source: source) { catalog["OpenAction"] = nil; removed.insert("OpenAction") }
        if let namesEntry = catalog["Names"], var names = source.resolve(namesEntry).dictionaryValue, names["JavaScript"] != nil {
            names["JavaScript"] = nil
            removed.insert("JavaScript")
            if let ref = namesEntry.referenceValue { rewriter.set(ref, .dictionary(names)) } else { catalog["Names"] = .dictionary(names) }
        }
        if let formEntry = catalog["AcroForm"], var form = source.resolve(formEntry).dictionaryValue {
            if form["XFA"] != nil { form["XFA"] = nil; removed.insert("XFA") }
            if form["NeedAppearances"] != nil { form["NeedAppearances"] = nil }
            if let ref = formEntry.referenceValue { rewriter.set(ref, .dictionary(form)) } else { catalog["AcroForm"] = .dictionary(form) }
        }
        let namedConfigurations = nameOptionalContentConfigurations(rewriter, catalog: &catalog)
        if defaultCMYK, addDefaultCMYK(rewriter) > 0 {
            notes.append("PDF/A: the pages paint in DeviceCMYK beside DeviceRGB, so DeviceCMYK is described by a profile of how viewers show it (DefaultCMYK)")
        }
        rewriter.set(rootRef, .dictionary(catalog))
        var lzw = 0
        for number in source.objectNumbers where ObjectRef(number) != rootRef {
            let ref = ObjectRef(number)
            let object = rewriter.object(ref)
            switch object {
            case .dictionary(var d):
                if clean(&d, source: source, removed: &removed) { rewriter.set(ref, .dictionary(d)) }
            case .stream(var s):
                var changed = clean(&s.dictionary, source: source, removed: &removed)
                if let decoded = withoutLZW(s, source: source) { s = decoded; changed = true; lzw += 1 }
                if changed { rewriter.set(ref, .stream(s)) }
            default:
                break
            }
        }
        if !removed.isEmpty { notes.append("PDF/A: removed what PDF/A forbids (\(removed.sorted().joined(separator: ", ")))") }
        if namedConfigurations { notes.append("PDF/A: optional content configurations without a name were named") }
        if lzw > 0 { notes.append("PDF/A: \(lzw) LZW stream\(lzw == 1 ? "" : "s") re-encoded with Flate") }
        return notes
    }

    private func text(_ info: PDFDictionary, _ key: String, _ source: PDFDocument) -> String? {
        guard let bytes = source.resolve(info[key] ?? .null).stringBytes else { return nil }
        let s = PDFTextString.decode(bytes)
        return s.isEmpty ? nil : s
    }

    private func setMetadata(_ rewriter: DocumentRewriter, catalog: inout PDFDictionary) {
        let source = rewriter.source
        let info = rewriter.trailerInfo.flatMap { entry -> PDFDictionary? in
            if let ref = entry.referenceValue { return rewriter.object(ref).dictionaryValue }
            return source.resolve(entry).dictionaryValue
        } ?? PDFDictionary()
        let modified = XMPMetadataWriter.now(date)
        let created = text(info, "CreationDate", source).flatMap(XMPMetadataWriter.isoDate(fromPDF:)) ?? modified
        var writer = XMPMetadataWriter(
            part: part, conformance: conformance, title: text(info, "Title", source), author: text(info, "Author", source),
            subject: text(info, "Subject", source), keywords: text(info, "Keywords", source),
            creatorTool: text(info, "Creator", source), producer: producer, createDate: created, modifyDate: modified)
        if let keepInputMetadata, case .stream(let input) = source.resolve(catalog["Metadata"] ?? .null),
           let packet = try? source.decodedData(of: input), let kept = keepInputMetadata(packet, writer.writtenProperties) {
            writer.kept = kept
        }
        rewriter.setInfo([
            (key: "Producer", value: producer),
            (key: "CreationDate", value: XMPMetadataWriter.pdfDate(fromISO: created)),
            (key: "ModDate", value: XMPMetadataWriter.pdfDate(fromISO: modified)),
        ])
        let stream = PDFStream(dictionary: PDFDictionary([("Type", .name("Metadata")), ("Subtype", .name("XML"))]), data: writer.packet())
        if let existing = catalog["Metadata"]?.referenceValue {
            rewriter.set(existing, .stream(stream))
        } else {
            catalog["Metadata"] = .reference(rewriter.add(.stream(stream)))
        }
    }

    /// Whether `document` has a PDF/A output intent the conversion would keep (one profile,
    /// `GTS_PDFA1`, a monitor or printer ICC profile of version 4 or less).
    public static func hasValidOutputIntent(in document: PDFDocument) -> Bool {
        guard let rootRef = document.trailer["Root"]?.referenceValue,
              let catalog = document.resolve(.reference(rootRef)).dictionaryValue else { return false }
        return hasValidOutputIntent(catalog, source: document)
    }

    private func hasValidOutputIntent(_ catalog: PDFDictionary, source: PDFDocument) -> Bool {
        Self.hasValidOutputIntent(catalog, source: source)
    }

    private static func hasValidOutputIntent(_ catalog: PDFDictionary, source: PDFDocument) -> Bool {
        guard let intents = source.resolve(catalog["OutputIntents"] ?? .null).arrayValue, !intents.isEmpty else { return false }
        var profiles: Set<ObjectRef> = []
        var pdfa = false
        for entry in intents {
            guard let intent = source.resolve(entry).dictionaryValue else { return false }
            guard let ref = intent["DestOutputProfile"]?.referenceValue else { continue }
            profiles.insert(ref)
            if intent["S"]?.nameValue == "GTS_PDFA1", case .stream(let s) = source.resolve(.reference(ref)),
               let data = try? source.decodedData(of: s), data.count >= 132, Array(data[36..<40]) == Array("acsp".utf8),
               data[8] <= 4, ["mntr", "prtr"].contains(String(decoding: data[12..<16], as: UTF8.self)) {
                pdfa = true
            }
        }
        return pdfa && profiles.count == 1
    }

    private func actionAllowed(_ object: PDFObject, source: PDFDocument) -> Bool {
        let resolved = source.resolve(object)
        guard let action = resolved.dictionaryValue else { return resolved.arrayValue != nil }
        guard let type = action["S"]?.nameValue else { return true }
        if !PDFAConversion.allowedActions.contains(type) { return false }
        if type == "Named", let n = action["N"]?.nameValue { return PDFAConversion.allowedNamedActions.contains(n) }
        if let next = action["Next"] { return actionAllowed(next, source: source) }
        return true
    }

    /// Removes forbidden actions and makes annotations printable; true when `d` changed.
    private func clean(_ d: inout PDFDictionary, source: PDFDocument, removed: inout Set<String>) -> Bool {
        var changed = false
        if d["AA"] != nil { d["AA"] = nil; removed.insert("additional actions"); changed = true }
        for key in ["A", "Next", "PA"] {
            if let action = d[key], !actionAllowed(action, source: source) {
                d[key] = nil; removed.insert("actions"); changed = true
            }
        }
        if d["Subtype"]?.nameValue == "Widget", d["A"] != nil { d["A"] = nil; removed.insert("widget actions"); changed = true }
        if d["S"]?.nameValue == "JavaScript" || d["JS"] != nil, d["Type"]?.nameValue != "Annot" {
            if d["JS"] != nil { d["JS"] = nil; removed.insert("JavaScript"); changed = true }
        }
        let isAnnotation = d["Type"]?.nameValue == "Annot" || (d["Rect"] != nil && d["Subtype"] != nil && d["Subtype"]?.nameValue != "Form" && d["Subtype"]?.nameValue != "Image")
        if isAnnotation, d["Subtype"]?.nameValue != "Popup" {
            let flags = d["F"]?.intValue ?? 0
            let hidden = PDFAConversion.flagHidden | PDFAConversion.flagInvisible | PDFAConversion.flagNoView | PDFAConversion.flagToggleNoView
            // A hidden annotation stays unseen: not printing it keeps the page as it looked.
            let wanted = flags & hidden != 0 ? flags : flags | PDFAConversion.flagPrint
            if d["F"]?.intValue != wanted { d["F"] = .int(wanted); changed = true }
            // 6.3.3: only the normal appearance; the rollover and down ones are never printed.
            if let ap = source.resolve(d["AP"] ?? .null).dictionaryValue, ap.orderedKeys.contains(where: { $0 != "N" }), let normal = ap["N"] {
                d["AP"] = .dictionary(PDFDictionary([("N", normal)]))
                removed.insert("rollover and down appearances")
                changed = true
            }
        }
        if d["Type"]?.nameValue == "Page", dropDegenerateBoxes(&d, source: source) { removed.insert("degenerate page boxes"); changed = true }
        if d["Type"] == nil || d["Type"]?.nameValue == "ExtGState", d["TR"] != nil || d["TR2"] != nil, dropIdentityTransfer(&d, source: source) {
            removed.insert("identity transfer functions"); changed = true
        }
        if d["Subtype"]?.nameValue == "Image", case .bool(true) = source.resolve(d["Interpolate"] ?? .null) {
            d["Interpolate"] = .bool(false); changed = true
        }
        return changed
    }

    /// Gives every optional content configuration (the default `D` and those in `Configs`) a
    /// unique Name, which 6.9 requires (blank.pdf's has none); names only label the
    /// configurations for the user, so the pages look the same. True when one was named.
    private func nameOptionalContentConfigurations(_ rewriter: DocumentRewriter, catalog: inout PDFDictionary) -> Bool {
        let source = rewriter.source
        guard let ocEntry = catalog["OCProperties"], var properties = source.resolve(ocEntry).dictionaryValue else { return false }
        var entries: [PDFObject] = properties["D"].map { [$0] } ?? []
        entries += source.resolve(properties["Configs"] ?? .null).arrayValue ?? []
        var taken = Set(entries.compactMap { source.resolve($0).dictionaryValue?["Name"].flatMap { source.resolve($0).stringBytes } }.map { PDFTextString.decode($0) })
        func fresh() -> String {
            var n = 1
            while taken.contains(n == 1 ? "Layers" : "Layers \(n)") { n += 1 }
            let name = n == 1 ? "Layers" : "Layers \(n)"
            taken.insert(name)
            return name
        }
        var changed = false
        func named(_ entry: PDFObject) -> PDFObject {
            guard var config = source.resolve(entry).dictionaryValue, config["Name"] == nil else { return entry }
            config["Name"] = .string(Array(fresh().utf8))
            changed = true
            if let ref = entry.referenceValue { rewriter.set(ref, .dictionary(config)); return entry }
            return .dictionary(config)
        }
        if let d = properties["D"] { properties["D"] = named(d) }
        if let configsEntry = properties["Configs"], let configs = source.resolve(configsEntry).arrayValue {
            let renamed = PDFObject.array(configs.map(named))
            if let ref = configsEntry.referenceValue { rewriter.set(ref, renamed) } else { properties["Configs"] = renamed }
        }
        guard changed else { return false }
        if let ref = ocEntry.referenceValue { rewriter.set(ref, .dictionary(properties)) } else { catalog["OCProperties"] = .dictionary(properties) }
        return true
    }

    /// Page boundaries allowed by ISO 32000-1 Annex C, in default units (6.1.13).
    static let smallestBox = 3.0, largestBox = 14_400.0

    /// Removes an ArtBox, BleedBox or TrimBox outside 3–14,400 units (a zero ArtBox written by
    /// scanner software: blank.pdf). Viewers draw the CropBox, and without these boxes readers
    /// take the CropBox for them, so the page looks as it did; MediaBox and CropBox are left
    /// for the validator.
    private func dropDegenerateBoxes(_ page: inout PDFDictionary, source: PDFDocument) -> Bool {
        let unit = source.resolve(page["UserUnit"] ?? .null).numberValue ?? 1
        var changed = false
        for key in ["ArtBox", "BleedBox", "TrimBox"] {
            guard let entry = page[key] else { continue }
            let numbers = (source.resolve(entry).arrayValue ?? []).compactMap { source.resolve($0).numberValue }
            let fits = numbers.count == 4 && [abs(numbers[2] - numbers[0]) * unit, abs(numbers[3] - numbers[1]) * unit]
                .allSatisfy { $0 >= PDFAConversion.smallestBox && $0 <= PDFAConversion.largestBox }
            if !fits { page[key] = nil; changed = true }
        }
        return changed
    }

    /// Removes TR and TR2 from a graphics state when they map every value to itself (/Identity,
    /// or a type 2 function from 0 to 1 with exponent 1: type3_font_nomapping.pdf), which 6.2.5
    /// forbids though it changes nothing; any other transfer function is kept for the validator
    /// to reject, since removing it would change how the page looks.
    private func dropIdentityTransfer(_ gs: inout PDFDictionary, source: PDFDocument) -> Bool {
        let entries = ["TR", "TR2"].compactMap { key in gs[key].map { (key, $0) } }
        guard entries.allSatisfy({ isIdentityTransfer($0.1, source: source, depth: 0) }) else { return false }
        for (key, _) in entries { gs[key] = nil }
        return true
    }

    private func isIdentityTransfer(_ object: PDFObject, source: PDFDocument, depth: Int) -> Bool {
        let resolved = source.resolve(object)
        if let name = resolved.nameValue { return name == "Identity" || name == "Default" }
        if let array = resolved.arrayValue {
            return depth == 0 && array.count == 4 && array.allSatisfy { isIdentityTransfer($0, source: source, depth: 1) }
        }
        guard let function = resolved.dictionaryValue ?? resolved.streamValue?.dictionary,
              function["FunctionType"]?.intValue == 2 else { return false }
        func numbers(_ key: String, _ fallback: [Double]) -> [Double] {
            guard let entry = function[key] else { return fallback }
            return (source.resolve(entry).arrayValue ?? []).compactMap { source.resolve($0).numberValue }
        }
        return numbers("Domain", []) == [0, 1] && numbers("C0", [0]) == [0] && numbers("C1", [1]) == [1]
            && source.resolve(function["N"] ?? .null).numberValue == 1
    }

    /// The stream with its LZW (and other non-image) filters decoded; nil when it has no LZW
    /// filter or cannot be decoded (left for the validator to report).
    private func withoutLZW(_ stream: PDFStream, source: PDFDocument) -> PDFStream? {
        let filters = (source.resolve(stream.dictionary["Filter"] ?? .null).arrayValue ?? [stream.dictionary["Filter"] ?? .null]).compactMap(\.nameValue)
        guard filters.contains("LZWDecode") || filters.contains("LZW") else { return nil }
        guard !filters.contains(where: { Filters.imageFilters.contains($0) }),
              let data = try? source.decodedData(of: stream) else { return nil }
        var d = stream.dictionary
        d["Filter"] = nil
        d["DecodeParms"] = nil
        d["Length"] = nil
        return PDFStream(dictionary: d, data: data)
    }
}
