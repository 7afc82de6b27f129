import Foundation
import PDFWriter

extension DocumentAssembly {
    /// Writes the document's outline tree when it differs from the file's: one set through
    /// `outlineRoot` or edited in place. An outline only looked at is left as the file has it
    /// (with whatever actions and styles Legible does not model).
    func writeOutline(of document: PDFDocument) throws {
        guard case .known(let root) = document.outlineSlot else { return }
        let wanted = entries(under: root), inFile = entries(under: document.outlineInFile())
        guard wanted != inFile else { return }
        do { try rewriter.setOutline(wanted) } catch {
            throw LegibleError(.cannotWrite, "the outline cannot be written: \(error)")
        }
    }

    /// The writer's entries for the children of `node`; a destination on a page of another
    /// document leads nowhere.
    private func entries(under node: PDFOutline?) -> [OutlineEntry] {
        (node?.children ?? []).map { child in
            let destination = child.destination
            let page = destination?.page.flatMap { page in pages.contains { $0 === page } ? page.source.ref : nil }
            let point = destination?.point
            return OutlineEntry(title: child.label ?? "", page: page,
                                left: point.flatMap { $0.x == kPDFDestinationUnspecifiedValue ? nil : Double($0.x) },
                                top: point.flatMap { $0.y == kPDFDestinationUnspecifiedValue ? nil : Double($0.y) },
                                isOpen: child.isOpen, children: entries(under: child))
        }
    }
}
