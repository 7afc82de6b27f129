/// An indirect object's identity: object number and generation.
public struct ObjectRef: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Object number.
    public var number: Int
    /// Generation number.
    public var generation: Int

    /// Creates a reference to object `number` generation `generation`.
    public init(_ number: Int, _ generation: Int = 0) {
        self.number = number
        self.generation = generation
    }

    public static func < (lhs: ObjectRef, rhs: ObjectRef) -> Bool {
        (lhs.number, lhs.generation) < (rhs.number, rhs.generation)
    }

    public var description: String { "\(number) \(generation) R" }
}

/// A PDF stream: its dictionary and its data exactly as stored in the file (still encoded).
public struct PDFStream: Sendable, Equatable {
    /// The stream dictionary. `/Length` is recomputed by writers.
    public var dictionary: PDFDictionary
    /// The encoded bytes between `stream` and `endstream`.
    public var data: [UInt8]

    /// Creates a stream from its dictionary and encoded data.
    public init(dictionary: PDFDictionary, data: [UInt8]) {
        self.dictionary = dictionary
        self.data = data
    }
}

/// A PDF object (ISO 32000-1 §7.3).
public indirect enum PDFObject: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case real(Double)
    /// A literal or hexadecimal string, as raw bytes.
    case string([UInt8])
    /// A name, without its leading slash and with `#xx` escapes resolved.
    case name(String)
    case array([PDFObject])
    case dictionary(PDFDictionary)
    case stream(PDFStream)
    case reference(ObjectRef)

    /// The integer value, if this is an integer (or a real with an integral value).
    public var intValue: Int? {
        switch self {
        case .int(let v): return v
        case .real(let v) where v.rounded() == v && abs(v) < 1e15: return Int(v)
        default: return nil
        }
    }

    /// The numeric value of an integer or real.
    public var numberValue: Double? {
        switch self {
        case .int(let v): return Double(v)
        case .real(let v): return v
        default: return nil
        }
    }

    /// The name, if this is a name.
    public var nameValue: String? {
        if case .name(let n) = self { return n }
        return nil
    }

    /// The array elements, if this is an array.
    public var arrayValue: [PDFObject]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The dictionary, if this is a dictionary or a stream (its dictionary).
    public var dictionaryValue: PDFDictionary? {
        switch self {
        case .dictionary(let d): return d
        case .stream(let s): return s.dictionary
        default: return nil
        }
    }

    /// The stream, if this is a stream.
    public var streamValue: PDFStream? {
        if case .stream(let s) = self { return s }
        return nil
    }

    /// The reference, if this is an indirect reference.
    public var referenceValue: ObjectRef? {
        if case .reference(let r) = self { return r }
        return nil
    }

    /// The string bytes, if this is a string.
    public var stringBytes: [UInt8]? {
        if case .string(let s) = self { return s }
        return nil
    }
}

/// A PDF dictionary. Keys are names without the leading slash; insertion order is kept
/// so that rewritten files stay recognisable to people reading them.
public struct PDFDictionary: Sendable, Equatable, Sequence {
    private var keys: [String] = []
    private var values: [String: PDFObject] = [:]

    /// Creates an empty dictionary.
    public init() {}

    /// Creates a dictionary from key–value pairs, in order.
    public init(_ pairs: [(String, PDFObject)]) {
        for (k, v) in pairs { self[k] = v }
    }

    /// The value for `key`, or nil. Setting nil (or `.null`) removes the key.
    public subscript(key: String) -> PDFObject? {
        get { values[key] }
        set {
            if let newValue, newValue != .null {
                if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if values.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// Number of entries.
    public var count: Int { keys.count }

    /// Keys in insertion order.
    public var orderedKeys: [String] { keys }

    public func makeIterator() -> AnyIterator<(key: String, value: PDFObject)> {
        var index = 0
        return AnyIterator {
            guard index < keys.count else { return nil }
            defer { index += 1 }
            let key = keys[index]
            return (key, values[key]!)
        }
    }

    public static func == (lhs: PDFDictionary, rhs: PDFDictionary) -> Bool {
        lhs.values == rhs.values
    }
}

/// How name bytes are held in `PDFObject.name`: one Unicode scalar per byte (ISO 8859-1),
/// which keeps distinct byte sequences distinct and lets writers restore the exact bytes.
public enum PDFName {
    /// The string for the name's bytes.
    public static func string(fromBytes bytes: [UInt8]) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: bytes.map { UnicodeScalar($0) })
        return String(scalars)
    }

    /// The name's bytes (scalars above U+00FF, which files never produce, are written as UTF-8).
    public static func bytes(of name: String) -> [UInt8] {
        var out: [UInt8] = []
        for scalar in name.unicodeScalars {
            if scalar.value <= 0xFF { out.append(UInt8(scalar.value)) } else { out += Array(String(scalar).utf8) }
        }
        return out
    }
}
