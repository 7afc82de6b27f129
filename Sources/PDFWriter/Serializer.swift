import Foundation
import PDF

/// Writes PDF objects in their file syntax (ISO 32000-1 §7.3).
public enum Serializer {
    /// Appends the syntax of `object` to `out`. Stream objects write their dictionary only;
    /// the writer emits their data.
    public static func write(_ object: PDFObject, into out: inout [UInt8]) {
        switch object {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .int(let i): out += Array(String(i).utf8)
        case .real(let r): out += Array(formatReal(r).utf8)
        case .string(let s): writeString(s, into: &out)
        case .name(let n): writeName(n, into: &out)
        case .array(let items):
            out.append(0x5B)
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(0x20) }
                write(item, into: &out)
            }
            out.append(0x5D)
        case .dictionary(let dict): writeDictionary(dict, into: &out)
        case .stream(let stream): writeDictionary(stream.dictionary, into: &out)
        case .reference(let ref): out += Array("\(ref.number) \(ref.generation) R".utf8)
        }
    }

    /// The bytes of `object`'s syntax.
    public static func bytes(_ object: PDFObject) -> [UInt8] {
        var out: [UInt8] = []
        write(object, into: &out)
        return out
    }

    /// A real number as the serializer writes it: `PDFNumber.exact`.
    public static func formatReal(_ value: Double) -> String { PDFNumber.exact(value) }

    private static func writeDictionary(_ dict: PDFDictionary, into out: inout [UInt8]) {
        out += [0x3C, 0x3C]
        for (key, value) in dict {
            writeName(key, into: &out)
            if case .name = value {} else if case .array = value {} else if case .dictionary = value {} else if case .string = value {} else {
                out.append(0x20)
            }
            write(value, into: &out)
        }
        out += [0x3E, 0x3E]
    }

    private static func writeName(_ name: String, into out: inout [UInt8]) {
        out.append(0x2F)
        for b in PDFName.bytes(of: name) {
            if b < 0x21 || b > 0x7E || b == 0x23 || "()<>[]{}/%".utf8.contains(b) {
                out += Array(String(format: "#%02X", b).utf8)
            } else {
                out.append(b)
            }
        }
    }

    private static func writeString(_ bytes: [UInt8], into out: inout [UInt8]) {
        // Hex for binary-heavy strings, literal otherwise.
        let binary = bytes.filter { $0 < 0x20 || $0 > 0x7E }.count
        if binary > bytes.count / 4 {
            out.append(0x3C)
            let digits = Array("0123456789ABCDEF".utf8)
            for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 0xF)]) }
            out.append(0x3E)
            return
        }
        out.append(0x28)
        for b in bytes {
            switch b {
            case 0x28, 0x29, 0x5C: out.append(0x5C); out.append(b)
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            default:
                if b < 0x20 || b > 0x7E {
                    out += Array(String(format: "\\%03o", b).utf8)
                } else {
                    out.append(b)
                }
            }
        }
        out.append(0x29)
    }
}
