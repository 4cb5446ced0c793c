import Glibc

extension Double {
    /// The value with exactly `digits` decimals, rounded as C's printf rounds ("%.2f").
    func fixed(_ digits: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = withVaList([self]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.\(digits)f", arguments)
        }
        guard count >= 0, Int(count) < buffer.count else { return String(self) }
        return String(decoding: buffer[..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
