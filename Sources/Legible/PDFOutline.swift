import Foundation
import PDF

/// A place in a document: a page and a point on it, PDFKit's `PDFDestination`. Immutable.
public final class PDFDestination: Sendable {
    /// The page; nil when the destination names a page the document does not have.
    public let page: PDFPage?
    /// The point to show at the top-left of the view, in the page's user space; coordinates
    /// the destination leaves unspecified are `kPDFDestinationUnspecifiedValue`.
    public let point: CGPoint

    /// A destination on `page` at `point`.
    public init(page: PDFPage?, at point: CGPoint) {
        self.page = page
        self.point = point
    }
}

/// The value of a destination's coordinate the file leaves unspecified (PDFKit's constant).
public let kPDFDestinationUnspecifiedValue = CGFloat.greatestFiniteMagnitude

/// One entry of a document's outline (its bookmarks), PDFKit's `PDFOutline`:
/// `PDFDocument.outlineRoot` is the invisible root, whose children are the top-level entries.
///
/// Build or edit a tree with `init()`, `label`, `destination`, `insertChild(_:at:)` and
/// `removeFromParent()`, set it as `PDFDocument.outlineRoot`, and it is written with the
/// document. A reference type whose properties sit behind a lock, so it is safe to share
/// between tasks.
///
/// ```swift
/// let root = PDFOutline()
/// let chapter = PDFOutline()
/// chapter.label = "1 Introduction"
/// chapter.destination = PDFDestination(page: page, at: CGPoint(x: 72, y: 700))
/// root.insertChild(chapter, at: 0)
/// document.outlineRoot = root
/// ```
public final class PDFOutline: Sendable {
    private let state: Protected<State>

    private struct State {
        var label: String?
        var destination: PDFDestination?
        var isOpen: Bool
        var children: [PDFOutline] = []
        weak var parent: PDFOutline?
    }

    /// An empty entry without a label, destination or children (also the way to make a root).
    public convenience init() {
        self.init(label: nil, destination: nil, isOpen: false, children: [])
    }

    init(label: String?, destination: PDFDestination?, isOpen: Bool, children: [PDFOutline]) {
        state = Protected(State(label: label, destination: destination, isOpen: isOpen))
        for child in children { insertChild(child, at: numberOfChildren) }
    }

    /// The entry's title as shown; nil for the root.
    public var label: String? {
        get { state.withLock { $0.label } }
        set { state.withLock { $0.label = newValue } }
    }

    /// Where the entry leads; nil when it leads nowhere in this document (or is an action
    /// other than going to a page).
    public var destination: PDFDestination? {
        get { state.withLock { $0.destination } }
        set { state.withLock { $0.destination = newValue } }
    }

    /// Whether its children are shown expanded (written as a positive `/Count`).
    public var isOpen: Bool {
        get { state.withLock { $0.isOpen } }
        set { state.withLock { $0.isOpen = newValue } }
    }

    /// The entry this one is a child of; nil for the root and for an entry not in a tree.
    public var parent: PDFOutline? { state.withLock { $0.parent } }

    /// The entry's position among its parent's children (0 without a parent).
    public var index: Int {
        parent?.state.withLock { $0.children.firstIndex { $0 === self } } ?? 0
    }

    /// The number of children.
    public var numberOfChildren: Int { state.withLock { $0.children.count } }

    /// The child at `index`; nil outside `0..<numberOfChildren`.
    public func child(at index: Int) -> PDFOutline? {
        state.withLock { $0.children.indices.contains(index) ? $0.children[index] : nil }
    }

    /// Makes `child` this entry's child at `index` (clamped to `0...numberOfChildren`), taking
    /// it from its earlier parent. Inserting an entry into itself or one of its descendants
    /// does nothing: an outline is a tree.
    public func insertChild(_ child: PDFOutline, at index: Int) {
        var ancestor: PDFOutline? = self
        while let node = ancestor {
            if node === child { return }
            ancestor = node.parent
        }
        child.removeFromParent()
        child.state.withLock { $0.parent = self }
        state.withLock { $0.children.insert(child, at: min(max(0, index), $0.children.count)) }
    }

    /// Takes the entry (with its children) out of its parent's children.
    public func removeFromParent() {
        guard let parent = state.withLock({ state in defer { state.parent = nil }; return state.parent }) else { return }
        parent.state.withLock { $0.children.removeAll { $0 === self } }
    }

    /// The children, in order.
    var children: [PDFOutline] { state.withLock { $0.children } }
}
