/// A number of columns or lines read from outside rain (`COLUMNS`, `LINES`), taken as what a
/// terminal can have: 1 to 65535 (a `winsize` field). 0, a negative number or no number is
/// unknown; a bigger one, however many digits it has, is 65535, so that no width or height from
/// the environment sizes a line, a frame or a loop past what a terminal could.
package enum TerminalDimension {
    package static let largest = Int(UInt16.max)

    package static func parse(_ text: String?) -> Int? {
        guard let text, !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        let significant = text.drop { $0 == "0" }
        guard !significant.isEmpty else { return nil }
        return significant.count > 5 ? largest : min(Int(significant) ?? largest, largest)
    }
}
