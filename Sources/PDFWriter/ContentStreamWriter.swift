import PDF

/// Writes content-stream operations back as bytes, the inverse of `ContentStreamTokenizer`.
public enum ContentStreamWriter {
    /// The bytes of `operations`, one operator per line.
    public static func bytes(_ operations: [ContentOperation]) -> [UInt8] {
        var out: [UInt8] = []
        for operation in operations {
            if operation.op == "BI", case .dictionary(let dict)? = operation.operands.first {
                out += Array("BI".utf8)
                for (key, value) in dict {
                    out.append(0x20)
                    Serializer.write(.name(key), into: &out)
                    out.append(0x20)
                    Serializer.write(value, into: &out)
                }
                out += Array(" ID ".utf8)
                out += operation.inlineData ?? []
                out += Array("\nEI\n".utf8)
                continue
            }
            for operand in operation.operands {
                Serializer.write(operand, into: &out)
                out.append(0x20)
            }
            out += Array(operation.op.utf8)
            out.append(0x0A)
        }
        return out
    }
}
