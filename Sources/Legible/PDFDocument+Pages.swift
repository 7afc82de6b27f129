import PDF

extension PDFDocument {
    /// Removes the page at `index` (from 0), as PDFKit's method does: the pages after it move
    /// up one index, the removed page's `document` becomes nil, and the next write leaves the
    /// page out of the page tree (its objects are not written unless something else, such as
    /// a link, still refers to them). An index outside `0..<pageCount`, or a locked document,
    /// changes nothing.
    ///
    /// A page object the file lists more than once (the same page shown twice) stays in the
    /// written tree until its last listing is removed.
    ///
    /// ```swift
    /// document.removePage(at: document.pageCount - 1)   // drop the last page
    /// try document.write(to: output)
    /// ```
    public func removePage(at index: Int) {
        let removed: PDFPage? = withOpened { opened in
            guard opened.pages.indices.contains(index) else { return nil }
            let page = opened.pages.remove(at: index)
            opened.removedPages.append(page.source.ref)
            return page
        } ?? nil
        removed?.detach()
    }
}
