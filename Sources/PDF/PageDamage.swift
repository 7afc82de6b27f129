/// What a damaged file lost from a page: a content stream, or an image or form the content
/// paints, that the file refers to but that is missing or cannot be read or decoded. A
/// truncated scan keeps its page objects (they come first) and loses the images after them;
/// such a page looks blank to every later stage, and recognizing it would report an empty page
/// as done. A page with such damage is a failed page instead, kept as it was.
///
/// Only what the page refers to counts: a page without `/Contents`, or a name its content
/// paints that its resources never listed (a producer's slip, nothing lost), is not damage.
public enum PageDamage {
    /// How deep nested forms are followed (as `ImagePlacementFinder` follows them).
    static let maxFormDepth = 12
    /// How many forms one page is checked through in all: forms painting each other many times
    /// must not multiply the work.
    static let maxForms = 4096

    /// Why the page cannot be read as the file meant it, or nil when nothing it refers to is lost.
    public static func find(_ page: PDFPage, in document: PDFDocument) -> String? {
        if let reason = unreadable(page.dictionary["Resources"], in: document, what: "its resources") { return reason }
        guard let contents = page.dictionary["Contents"] else { return nil }
        if let reason = unreadable(contents, in: document, what: "its content") { return reason }
        var parts: [PDFObject] = []
        switch document.resolve(contents) {
        case .array(let items): parts = items
        case .stream: parts = [contents]
        default: return "its content is not a stream"
        }
        var data: [UInt8] = []
        for part in parts {
            if let reason = unreadable(part, in: document, what: "its content stream") { return reason }
            guard case .stream(let stream) = document.resolve(part) else { return "its content stream\(number(part)) is not a stream" }
            do { data += try document.decodedData(of: stream) + [0x0A] } catch {
                return "its content stream\(number(part)) cannot be decoded: \(error)"
            }
        }
        var walk = Walk(document: document)
        return walk.paintedObjects(data, resources: page.resources, depth: 0)
    }

    /// Why `object` (when it is a reference) cannot be loaded: missing from the file, or unreadable.
    fileprivate static func unreadable(_ object: PDFObject?, in document: PDFDocument, what: String) -> String? {
        guard case .reference(let ref)? = object else { return nil }
        do {
            if try document.object(ref) == .null { return "\(what) (object \(ref.number)) is missing from the file" }
        } catch {
            return "\(what) (object \(ref.number)) cannot be read: \(error)"
        }
        return nil
    }

    fileprivate static func number(_ object: PDFObject) -> String {
        if case .reference(let ref) = object { return " (object \(ref.number))" }
        return ""
    }

    /// Follows the content's `Do` operators through forms.
    private struct Walk {
        let document: PDFDocument
        var formsLeft = PageDamage.maxForms

        mutating func paintedObjects(_ content: [UInt8], resources: PDFDictionary, depth: Int) -> String? {
            if let reason = PageDamage.unreadable(resources["XObject"], in: document, what: "its image and form list") { return reason }
            let xobjects = document.resolve(resources["XObject"] ?? .null).dictionaryValue
            var tokens = ContentStreamTokenizer(content)
            while true {
                let operation: ContentOperation?
                do { operation = try tokens.nextOperation() } catch { return "its content cannot be read: \(error)" }
                guard let operation else { return nil }
                guard operation.op == "Do", let name = operation.operands.first?.nameValue, let entry = xobjects?[name] else { continue }
                if let reason = PageDamage.unreadable(entry, in: document, what: "/\(name)") { return reason }
                guard case .stream(let stream) = document.resolve(entry) else { return "/\(name)\(PageDamage.number(entry)) is not an image or a form" }
                guard stream.dictionary["Subtype"]?.nameValue == "Form", depth < PageDamage.maxFormDepth, formsLeft > 0 else { continue }
                formsLeft -= 1
                let inner: [UInt8]
                do { inner = try document.decodedData(of: stream) } catch {
                    return "the form /\(name)\(PageDamage.number(entry)) cannot be decoded: \(error)"
                }
                let formResources = document.resolve(stream.dictionary["Resources"] ?? .null).dictionaryValue ?? resources
                if let reason = paintedObjects(inner, resources: formResources, depth: depth + 1) { return reason }
            }
        }
    }
}
