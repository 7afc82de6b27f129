import Foundation

extension PostScriptCalculator {
    /// The operand stack may hold this many values (the limit ISO 32000-1 §7.10.5 names).
    static let maxStack = 100
    /// Steps one evaluation may take; programs have no loops, so this only guards mistakes.
    static let maxSteps = 1_000_000

    /// Runs the program on `input` and returns the top `outputs` values, bottom first. An
    /// error in the program (stack underflow or overflow, wrong types) yields zeros.
    func evaluate(_ input: [Double], outputs: Int) -> [Double] {
        var stack = input.map { Value.real($0) }
        guard (try? run(&stack)) != nil, stack.count >= outputs else { return [Double](repeating: 0, count: outputs) }
        return stack.suffix(outputs).map { $0.number }
    }

    private func run(_ stack: inout [Value]) throws {
        var pc = 0, steps = 0
        while pc < code.count {
            steps += 1
            guard steps <= Self.maxSteps, stack.count <= Self.maxStack else { throw CalculatorFault() }
            switch code[pc] {
            case .push(let v): stack.append(v)
            case .jump(let t): pc = t; continue
            case .jumpUnless(let t):
                guard case .bool(let flag)? = stack.popLast() else { throw CalculatorFault() }
                if !flag { pc = t; continue }
            case .op(let op): try apply(op, &stack)
            }
            pc += 1
        }
    }

    private func apply(_ op: Operator, _ s: inout [Value]) throws {
        func pop() throws -> Value { guard let v = s.popLast() else { throw CalculatorFault() }; return v }
        func popNumber() throws -> Double { try pop().number }
        func popInt() throws -> Int { guard case .int(let i) = try pop() else { throw CalculatorFault() }; return i }
        switch op {
        case .true: s.append(.bool(true))
        case .false: s.append(.bool(false))
        case .abs, .neg, .ceiling, .floor, .round, .truncate:
            let v = try pop()
            if case .int(let i) = v {
                switch op {
                case .abs: s.append(i == .min ? .real(-Double(i)) : .int(Swift.abs(i)))
                case .neg: s.append(i == .min ? .real(-Double(i)) : .int(-i))
                default: s.append(.int(i))
                }
            } else {
                let d = v.number
                switch op {
                case .abs: s.append(.real(Swift.abs(d)))
                case .neg: s.append(.real(-d))
                case .ceiling: s.append(.real(d.rounded(.up)))
                case .floor: s.append(.real(d.rounded(.down)))
                case .round: s.append(.real((d + 0.5).rounded(.down)))
                default: s.append(.real(d.rounded(.towardZero)))
                }
            }
        case .add, .sub, .mul:
            let b = try pop(), a = try pop()
            if case .int(let x) = a, case .int(let y) = b {
                let r = op == .add ? x.addingReportingOverflow(y) : op == .sub ? x.subtractingReportingOverflow(y)
                    : x.multipliedReportingOverflow(by: y)
                if !r.overflow { s.append(.int(r.partialValue)); return }
            }
            let x = a.number, y = b.number
            s.append(.real(op == .add ? x + y : op == .sub ? x - y : x * y))
        case .div:
            let y = try popNumber(), x = try popNumber()
            guard y != 0 else { throw CalculatorFault() }
            s.append(.real(x / y))
        case .idiv, .mod:
            let y = try popInt(), x = try popInt()
            guard y != 0, !(x == .min && y == -1) else { throw CalculatorFault() }
            s.append(.int(op == .idiv ? x / y : x % y))
        case .atan:
            let den = try popNumber(), num = try popNumber()
            var angle = atan2(num, den) * 180 / .pi
            if angle < 0 { angle += 360 }
            s.append(.real(angle))
        case .cos: s.append(.real(Foundation.cos(try popNumber() * .pi / 180)))
        case .sin: s.append(.real(Foundation.sin(try popNumber() * .pi / 180)))
        case .sqrt: s.append(.real(try popNumber().squareRoot()))
        case .ln: s.append(.real(Foundation.log(try popNumber())))
        case .log: s.append(.real(log10(try popNumber())))
        case .exp:
            let e = try popNumber(), base = try popNumber()
            s.append(.real(pow(base, e)))
        case .cvi:
            let d = try popNumber()
            guard d.isFinite, Swift.abs(d) < 9e18 else { throw CalculatorFault() }
            s.append(.int(Int(d.rounded(.towardZero))))
        case .cvr: s.append(.real(try popNumber()))
        case .eq, .ne:
            let b = try pop(), a = try pop()
            let same: Bool
            if case .bool(let x) = a, case .bool(let y) = b { same = x == y } else { same = a.number == b.number }
            s.append(.bool(op == .eq ? same : !same))
        case .ge, .gt, .le, .lt:
            let y = try popNumber(), x = try popNumber()
            s.append(.bool(op == .ge ? x >= y : op == .gt ? x > y : op == .le ? x <= y : x < y))
        case .and, .or, .xor:
            let b = try pop(), a = try pop()
            if case .bool(let x) = a, case .bool(let y) = b {
                s.append(.bool(op == .and ? x && y : op == .or ? x || y : x != y))
            } else if case .int(let x) = a, case .int(let y) = b {
                s.append(.int(op == .and ? x & y : op == .or ? x | y : x ^ y))
            } else { throw CalculatorFault() }
        case .not:
            switch try pop() {
            case .bool(let x): s.append(.bool(!x))
            case .int(let x): s.append(.int(~x))
            case .real: throw CalculatorFault()
            }
        case .bitshift:
            let shift = try popInt(), x = try popInt()
            s.append(.int(shift >= 0 ? (shift < 64 ? x << shift : 0) : (shift > -64 ? x >> -shift : 0)))
        case .dup:
            guard let top = s.last else { throw CalculatorFault() }
            s.append(top)
        case .exch:
            guard s.count >= 2 else { throw CalculatorFault() }
            s.swapAt(s.count - 1, s.count - 2)
        case .pop: _ = try pop()
        case .copy:
            let n = try popInt()
            guard n >= 0, n <= s.count, s.count + n <= Self.maxStack else { throw CalculatorFault() }
            s += s.suffix(n)
        case .index:
            let n = try popInt()
            guard n >= 0, n < s.count else { throw CalculatorFault() }
            s.append(s[s.count - 1 - n])
        case .roll:
            let j = try popInt(), n = try popInt()
            guard n >= 0, n <= s.count else { throw CalculatorFault() }
            guard n > 0 else { return }
            let shift = ((j % n) + n) % n
            let top = Array(s.suffix(n))
            s.removeLast(n)
            s += top.suffix(shift) + top.prefix(n - shift)
        }
    }
}

extension PostScriptCalculator.Value {
    /// The value as a number (booleans as 0 and 1).
    var number: Double {
        switch self {
        case .int(let i): return Double(i)
        case .real(let d): return d
        case .bool(let b): return b ? 1 : 0
        }
    }
}

/// A program fault while running (stack underflow, a type error): the evaluation gives up.
private struct CalculatorFault: Error {}
