/// A tag tree (T.800 B.10.2): a quad-tree of minima over a grid of code-blocks, each node's
/// value sent once as increments of its lower bound.
struct JPXTagTree {
    private var lower: [Int]
    private var known: [Bool]
    /// For each level from the leaves up: (first node index, width).
    private var levels: [(start: Int, width: Int)] = []

    init(width: Int, height: Int) {
        var w = max(width, 1), h = max(height, 1), total = 0
        while true {
            levels.append((total, w))
            total += w * h
            if w == 1 && h == 1 { break }
            w = (w + 1) / 2
            h = (h + 1) / 2
        }
        lower = [Int](repeating: 0, count: total)
        known = [Bool](repeating: false, count: total)
    }

    /// Reads bits until the leaf (x, y) is known or its lower bound reaches `threshold`;
    /// returns the leaf's value when known below `threshold`, nil otherwise.
    mutating func decode(x: Int, y: Int, threshold: Int, bits: inout JPXPacketBits) throws -> Int? {
        var path: [Int] = []
        path.reserveCapacity(levels.count)
        for (level, info) in levels.enumerated() {
            path.append(info.start + (y >> level) * info.width + (x >> level))
        }
        var floor = 0
        for node in path.reversed() {
            if lower[node] < floor { lower[node] = floor }
            while !known[node] && lower[node] < threshold {
                if try bits.bit() == 1 { known[node] = true } else { lower[node] += 1 }
            }
            floor = lower[node]
        }
        let leaf = path[0]
        return known[leaf] ? lower[leaf] : nil
    }
}

/// The packet-header bit reader (B.10.1): after a 0xFF byte the next byte carries seven bits.
struct JPXPacketBits {
    private let data: [UInt8]
    private(set) var position: Int
    private var current = 0
    private var left = 0
    private var lastWasFF = false

    init(_ data: [UInt8], position: Int) {
        self.data = data
        self.position = position
    }

    mutating func bit() throws -> Int {
        if left == 0 {
            guard position < data.count else { throw JPXFailure.damaged("packet header runs past the data") }
            current = Int(data[position])
            left = lastWasFF ? 7 : 8
            lastWasFF = current == 0xFF
            position += 1
        }
        left -= 1
        return current >> left & 1
    }

    mutating func bits(_ count: Int) throws -> Int {
        var value = 0
        for _ in 0..<count { value = value << 1 | (try bit()) }
        return value
    }

    /// Ends the header at a byte boundary; a final 0xFF is followed by a stuffed byte.
    mutating func align() {
        left = 0
        if lastWasFF { position += 1 }
        lastWasFF = false
    }
}
