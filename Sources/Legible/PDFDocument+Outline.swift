import Foundation
import PDF

extension PDFDocument {
    /// The root of the document's outline (`/Outlines`); nil when it has none or is locked.
    /// Read from the file once; the same tree is returned each time, so changes made to it
    /// are written with the document, as is a tree set here (nil removes the outline).
    public var outlineRoot: PDFOutline? {
        get {
            if case .known(let root) = outlineSlot { return root }
            return replaceOutlineSlot(ifUnread: outlineInFile())
        }
        set { outlineSlot = .known(newValue) }
    }

    /// The outline as the file has it, read afresh: what the document's tree is compared
    /// with when written, so an outline only looked at is not rewritten.
    func outlineInFile() -> PDFOutline? {
        guard let opened, let nodes = opened.source.outline(pages: opened.pages.map(\.source)) else { return nil }
        return PDFOutline(label: nil, destination: nil, isOpen: true, children: nodes.map { outline($0, pages: opened.pages) })
    }

    private func outline(_ node: OutlineNode, pages: [PDFPage]) -> PDFOutline {
        let page = node.pageIndex.flatMap { pages.indices.contains($0) ? pages[$0] : nil }
        let destination = node.pageIndex == nil && node.left == nil && node.top == nil ? nil
            : PDFDestination(page: page, at: CGPoint(x: node.left.map { CGFloat($0) } ?? kPDFDestinationUnspecifiedValue,
                                                     y: node.top.map { CGFloat($0) } ?? kPDFDestinationUnspecifiedValue))
        return PDFOutline(label: node.title, destination: destination, isOpen: node.isOpen,
                          children: node.children.map { outline($0, pages: pages) })
    }
}
