/// The few text helpers rain used from Foundation, written against the standard library so the
/// binary links FoundationEssentials alone (no ICU, a faster start).
extension StringProtocol {
    /// Without leading and trailing white space (spaces, tabs, line breaks and the other
    /// Unicode white space), as `trimmingCharacters(in: .whitespacesAndNewlines)`.
    public var trimmed: String { trimmed(where: \.properties.isWhitespace) }

    /// Without leading and trailing spaces and tabs (line breaks stay), as
    /// `trimmingCharacters(in: .whitespaces)`.
    public var trimmingSpaces: String { trimmed { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator } }

    /// Without the leading and trailing scalars `isTrimmed` accepts.
    /// (Through `Substring`'s scalars, not a new `String.UnicodeScalarView`: that one was
    /// built by a generic append whose witnesses the runtime looked up on every call.)
    public func trimmed(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
              let last = scalars.lastIndex(where: { !isTrimmed($0) }) else { return "" }
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return String(self) }
        return String(Substring(scalars[first...last]))
    }

    /// Every occurrence of `target` replaced by `replacement`, as `replacingOccurrences(of:with:)`.
    public func replacingAll(_ target: String, with replacement: String) -> String {
        String(self).replacing(target, with: replacement)
    }
}
