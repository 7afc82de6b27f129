@testable import Forms

/// Primitives written by hand in layout points, for suites that test the assembler's rules on
/// small made-up pages.
protocol HandMadeLayout {}

extension HandMadeLayout {
    /// A word printed in the given box.
    func word(_ text: String, _ left: Double, _ top: Double, _ right: Double, _ bottom: Double) -> LayoutWord {
        LayoutWord(text: text, rect: LayoutRect(left: left, top: top, right: right, bottom: bottom))
    }

    /// A horizontal rule at `y` from `start` to `end`.
    func rule(y: Double, from start: Double, to end: Double, thickness: Double = 0.7) -> Rule {
        Rule(orientation: .horizontal, position: y, start: start, end: end, thickness: thickness)
    }

    /// A vertical rule at `x` from `start` to `end`.
    func vertical(x: Double, from start: Double, to end: Double) -> Rule {
        Rule(orientation: .vertical, position: x, start: start, end: end, thickness: 0.7)
    }
}
