/// UTF-16 code units as text, each unpaired surrogate replaced by U+FFFD, as
/// `String(decoding:as: UTF16.self)` reads them. That initializer reaches the standard
/// library's unspecialized generic path for UTF-16 (an iterator and witness-table call per
/// unit); decoding here, where the compiler specializes it, made reading a font's large
/// `ToUnicode` map (thousands of `bfrange` codes) about twice as fast.
enum UTF16Text {
    static func string(_ units: [UInt16]) -> String {
        var scalars = String.UnicodeScalarView()
        var iterator = units.makeIterator()
        var decoder = UTF16()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .error: scalars.append("\u{FFFD}")
            case .emptyInput: return String(scalars)
            }
        }
    }
}
