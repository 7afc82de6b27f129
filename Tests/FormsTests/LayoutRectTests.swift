import Testing
@testable import Forms

@Suite struct LayoutRectTests {
    @Test func normalizesCornersAndMeasuresOverlap() {
        let a = LayoutRect(left: 10, top: 20, right: 0, bottom: 0)
        #expect(a.left == 0 && a.top == 0 && a.right == 10 && a.bottom == 20)
        let b = LayoutRect(left: 5, top: 0, right: 15, bottom: 20)
        #expect(a.intersection(b) == LayoutRect(left: 5, top: 0, right: 10, bottom: 20))
        #expect(abs(a.iou(b) - 100.0 / 300.0) < 1e-9)
        #expect(a.iou(LayoutRect(left: 20, top: 20, right: 30, bottom: 30)) == 0)
        #expect(a.union(b) == LayoutRect(left: 0, top: 0, right: 15, bottom: 20))
    }
}
