/// The walk name trees and number trees share (ISO 32000-2 §7.9.6–7.9.7): intermediate nodes
/// hold `/Kids` and `/Limits`, leaves hold key–value pairs under `/Names` or `/Nums`.
///
/// Real files get the details wrong (missing or wrong `/Limits`, a root with both `/Kids`
/// and pairs, unsorted keys), so a lookup only uses `/Limits` to skip a kid when they are
/// readable, and otherwise looks inside. Hostile trees end in a typed error: a kid that is its
/// own ancestor, nesting deeper than `maxDepth`, or more than `maxNodes` nodes in all.
struct SearchTree<Key> {
    /// How deep a tree may nest (real trees are two or three levels deep).
    static var maxDepth: Int { 64 }
    /// How many nodes one walk may visit.
    static var maxNodes: Int { 1_000_000 }

    let root: PDFObject
    let document: PDFDocument
    /// `Names` or `Nums`.
    let leafKey: String
    /// For messages: "name tree" or "number tree".
    let kind: String
    /// The key a (resolved) key object stands for, or nil when it is of the wrong type.
    let readKey: (PDFObject) -> Key?
    /// Whether the first key sorts before the second.
    let precedes: (Key, Key) -> Bool

    /// The value stored for `key` (as stored: possibly a reference), or nil.
    func value(for key: Key) throws -> PDFObject? {
        var found: PDFObject?
        try walk(mayContain: { low, high in !precedes(key, low) && !precedes(high, key) }) { candidate, value in
            guard !precedes(candidate, key), !precedes(key, candidate) else { return true }
            found = value
            return false
        }
        return found
    }

    /// Every pair in tree order, values as stored.
    func entries() throws -> [(key: Key, value: PDFObject)] {
        var out: [(key: Key, value: PDFObject)] = []
        try walk(mayContain: { _, _ in true }) { key, value in
            out.append((key, value))
            return true
        }
        return out
    }

    private struct Walk {
        var ancestors = Set<ObjectRef>()
        var nodes = 0
    }

    /// Visits pairs in order until `visit` returns false, skipping kids whose `/Limits`
    /// `mayContain` rejects.
    private func walk(mayContain: (Key, Key) -> Bool, visit: (Key, PDFObject) throws -> Bool) throws {
        var state = Walk()
        _ = try descend(root, depth: 0, state: &state, mayContain: mayContain, visit: visit)
    }

    /// Returns false once `visit` asked to stop.
    private func descend(_ node: PDFObject, depth: Int, state: inout Walk,
                         mayContain: (Key, Key) -> Bool, visit: (Key, PDFObject) throws -> Bool) throws -> Bool {
        let ref = node.referenceValue
        guard depth < SearchTree.maxDepth else {
            throw PDFError(.limitExceeded, "\(kind) deeper than \(SearchTree.maxDepth) levels", object: ref)
        }
        if let ref, state.ancestors.contains(ref) {
            throw PDFError(.malformed, "\(kind) has a cycle", object: ref)
        }
        state.nodes += 1
        guard state.nodes <= SearchTree.maxNodes else {
            throw PDFError(.limitExceeded, "\(kind) has more than \(SearchTree.maxNodes) nodes", object: ref)
        }
        guard let dictionary = document.resolve(node).dictionaryValue else { return true }
        if depth > 0, let limits = document.resolve(dictionary["Limits"] ?? .null).arrayValue, limits.count == 2,
           let low = readKey(document.resolve(limits[0])), let high = readKey(document.resolve(limits[1])),
           !mayContain(low, high) {
            return true
        }
        if let pairs = document.resolve(dictionary[leafKey] ?? .null).arrayValue {
            for index in stride(from: 0, to: pairs.count - 1, by: 2) {
                guard let key = readKey(document.resolve(pairs[index])) else { continue }
                if try !visit(key, pairs[index + 1]) { return false }
            }
        }
        guard let kids = document.resolve(dictionary["Kids"] ?? .null).arrayValue else { return true }
        if let ref { state.ancestors.insert(ref) }
        defer { if let ref { state.ancestors.remove(ref) } }
        for kid in kids {
            if try !descend(kid, depth: depth + 1, state: &state, mayContain: mayContain, visit: visit) { return false }
        }
        return true
    }
}
