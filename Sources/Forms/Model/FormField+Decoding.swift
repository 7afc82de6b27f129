import Foundation

/// Reading a field from a review file: a field a person adds by hand needs only `page`,
/// `rect` and `kind`; the keys the detector fills for itself (`label`, `confidence`,
/// `isDate`, and `name`, which `ReviewFile.decode` then makes) may be left out.
extension FormField {
    private enum ReviewKeys: String, CodingKey {
        case page, rect, kind, name, label, confidence, maxLength, exportValue, isDate
    }

    /// The confidence of a field a person wrote: certain.
    static let handAddedConfidence = 1.0

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ReviewKeys.self)
        self.init(page: try container.decode(Int.self, forKey: .page),
                  rect: try container.decode(LayoutRect.self, forKey: .rect),
                  kind: try container.decode(FieldKind.self, forKey: .kind),
                  name: try container.decodeIfPresent(String.self, forKey: .name) ?? "",
                  label: try container.decodeIfPresent(String.self, forKey: .label) ?? "",
                  confidence: try container.decodeIfPresent(Double.self, forKey: .confidence) ?? Self.handAddedConfidence,
                  maxLength: try container.decodeIfPresent(Int.self, forKey: .maxLength),
                  exportValue: try container.decodeIfPresent(String.self, forKey: .exportValue),
                  isDate: try container.decodeIfPresent(Bool.self, forKey: .isDate) ?? false)
    }
}
