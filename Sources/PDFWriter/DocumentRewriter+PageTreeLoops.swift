import PDF

extension DocumentRewriter {
    /// How deep the page tree is followed when looking for loops (`PageTreeWalk.maxDepth`'s value).
    static let maxPageTreeDepth = 256

    /// Makes the page tree as written acyclic: a `/Kids` entry that leads back to one of its
    /// ancestors is dropped (the reader already skips it, so no page is lost), and the
    /// `/Count` of every node above a change is made right again. A node listed twice is kept
    /// (the writer copies repeated pages); it is walked once. A loop (`/Kids [3 0 R 2 0 R]` in node 2) was copied into the output, where
    /// qpdf reports "Loop detected in /Pages structure".
    func breakPageTreeLoops() {
        prunePageTree(removing: [])
    }

    /// Takes the page objects `pages` out of the page tree as written: every `/Kids` entry
    /// that lists one of them is dropped and the `/Count` of every node above is made right
    /// again (loops are dropped too, as `breakPageTreeLoops` does). The page objects are not
    /// written unless something else still refers to them. Changes made through the tree
    /// as written, so it may be called after other page changes.
    public func removePages(_ pages: Set<ObjectRef>) {
        guard !pages.isEmpty else { return }
        prunePageTree(removing: pages)
    }

    private func prunePageTree(removing: Set<ObjectRef>) {
        guard let root = (try? source.catalog())?["Pages"]?.referenceValue else { return }
        var ancestors: Set<ObjectRef> = []
        var walked: [ObjectRef: Int] = [:]
        _ = prunedPageCount(root, depth: 0, removing: removing, ancestors: &ancestors, walked: &walked)
    }

    /// The pages under `ref`, with its loops and the pages in `removing` dropped; whether
    /// anything under it changed.
    private func prunedPageCount(_ ref: ObjectRef, depth: Int, removing: Set<ObjectRef>, ancestors: inout Set<ObjectRef>,
                                 walked: inout [ObjectRef: Int]) -> (pages: Int, changed: Bool) {
        if let pages = walked[ref] { return (pages, false) }
        ancestors.insert(ref)
        defer { ancestors.remove(ref) }
        guard var node = object(ref).dictionaryValue else { return (0, false) }
        let kidsEntry = node["Kids"]
        guard let entry = kidsEntry,
              let kids = (entry.referenceValue.map { object($0) } ?? entry).arrayValue else { return (1, false) }
        var kept: [PDFObject] = []
        var pages = 0
        var changed = false
        for kid in kids {
            guard let kidRef = kid.referenceValue else {
                kept.append(kid)
                pages += 1
                continue
            }
            if ancestors.contains(kidRef) || depth >= Self.maxPageTreeDepth || removing.contains(kidRef) {
                changed = true
                continue
            }
            kept.append(kid)
            let below = prunedPageCount(kidRef, depth: depth + 1, removing: removing, ancestors: &ancestors, walked: &walked)
            pages += below.pages
            changed = changed || below.changed
        }
        walked[ref] = pages
        if changed {
            node["Kids"] = .array(kept)
            node["Count"] = .int(pages)
            set(ref, .dictionary(node))
        }
        return (pages, changed)
    }
}
