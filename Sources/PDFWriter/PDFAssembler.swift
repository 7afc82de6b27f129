import Foundation
import PDF

/// Assembles a new PDF file in memory from numbered objects, with a classic cross-reference
/// table. Used to build documents from scratch (e.g. pages from image files).
public struct PDFAssembler {
    private var objects: [PDFObject] = []

    /// Creates an empty assembler.
    public init() {}

    /// Reserves the next object number.
    public mutating func reserve() -> ObjectRef {
        objects.append(.null)
        return ObjectRef(objects.count, 0)
    }

    /// Sets the object at `ref`.
    public mutating func set(_ ref: ObjectRef, _ object: PDFObject) {
        objects[ref.number - 1] = object
    }

    /// Adds an object and returns its reference.
    public mutating func add(_ object: PDFObject) -> ObjectRef {
        let ref = reserve()
        set(ref, object)
        return ref
    }

    /// The file's bytes with `root` as the catalog.
    public func bytes(root: ObjectRef, version: String = "1.4") -> [UInt8] {
        var out = Array("%PDF-\(version)\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(index + 1) 0 obj\n".utf8)
            if case .stream(var stream) = object {
                stream.dictionary["Length"] = .int(stream.data.count)
                Serializer.write(.stream(stream), into: &out)
                out += Array("\nstream\n".utf8) + stream.data + Array("\nendstream".utf8)
            } else {
                Serializer.write(object, into: &out)
            }
            out += Array("\nendobj\n".utf8)
        }
        let xref = out.count
        out += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f\r\n".utf8)
        for offset in offsets { out += Array(String(format: "%010d 00000 n\r\n", offset).utf8) }
        out += Array("trailer\n".utf8)
        Serializer.write(.dictionary(PDFDictionary([("Size", .int(objects.count + 1)), ("Root", .reference(root))])), into: &out)
        out += Array("\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }
}
