import Foundation
import PDF

/// Fonts already loaded from one document, shared by the pages of a run: a font used on a
/// hundred pages is read once. Safe to share between tasks.
public final class FontCache: @unchecked Sendable {
    private let lock = NSLock()
    private var fonts: [ObjectRef: PDFFont] = [:]

    /// Creates an empty cache.
    public init() {}

    /// The font `object` describes, loaded once per indirect object.
    func font(for object: PDFObject, loader: FontLoader) -> PDFFont {
        guard let ref = object.referenceValue else { return loader.load(object) }
        lock.lock()
        if let font = fonts[ref] { lock.unlock(); return font }
        lock.unlock()
        let font = loader.load(object)
        lock.lock()
        fonts[ref] = font
        lock.unlock()
        return font
    }
}
