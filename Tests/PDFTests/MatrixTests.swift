import Testing
import PDF

private func xy(_ point: (x: Double, y: Double)) -> [Double] { [point.x, point.y] }

@Suite struct MatrixTests {
    private func close(_ a: Matrix, _ b: Matrix) -> Bool {
        [a.a - b.a, a.b - b.b, a.c - b.c, a.d - b.d, a.e - b.e, a.f - b.f].allSatisfy { abs($0) < 1e-9 }
    }

    @Test func applyMapsPointsAsPDFDoes() {
        let m = Matrix(2, 0, 0, 3, 10, 20)
        #expect(xy(m.apply(1, 1)) == [12, 23])
        let rotate90 = Matrix(0, 1, -1, 0, 0, 0)
        #expect(xy(rotate90.apply(1, 0)) == [0, 1])
        #expect(xy(Matrix.identity.apply(5, 7)) == [5, 7])
    }

    @Test func concatenationAppliesSelfFirst() {
        let scale = Matrix(2, 0, 0, 2, 0, 0)
        let translate = Matrix(1, 0, 0, 1, 100, 0)
        // Scale, then translate: (1, 1) → (2, 2) → (102, 2).
        #expect(xy(scale.concatenating(translate).apply(1, 1)) == [102, 2])
        // Translate, then scale: (1, 1) → (101, 1) → (202, 2).
        #expect(xy(translate.concatenating(scale).apply(1, 1)) == [202, 2])
        #expect(scale.concatenating(.identity) == scale)
    }

    @Test func inverseUndoesTheTransform() throws {
        let m = Matrix(0.5, 0.2, -0.3, 2, 40, -7)
        let inverse = try #require(m.inverted)
        #expect(close(m.concatenating(inverse), .identity))
        let p = m.apply(3, 4)
        let back = inverse.apply(p.x, p.y)
        #expect(abs(back.x - 3) < 1e-9 && abs(back.y - 4) < 1e-9)
        #expect(Matrix(1, 2, 2, 4, 0, 0).inverted == nil)
    }

    @Test func readsSixNumericOperands() {
        #expect(Matrix([.int(1), .real(0.5), .int(0), .int(1), .int(10), .real(-2.5)]) == Matrix(1, 0.5, 0, 1, 10, -2.5))
        #expect(Matrix([.int(1), .int(0), .int(0), .int(1), .int(0)]) == nil)
        #expect(Matrix([.int(1), .int(0), .int(0), .int(1), .int(0), .name("x")]) == nil)
    }
}
