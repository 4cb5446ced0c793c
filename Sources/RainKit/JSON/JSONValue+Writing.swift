import FoundationEssentials

extension JSONValue {
    /// The document as pretty-printed JSON (two-space indent, keys sorted), ending in a newline.
    /// Numbers that are not finite cannot be written in JSON and come out as `null`.
    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// `serialized()` (or, compactly, on one line without spaces) as the UTF-8 bytes a file holds; `capacity`:
    /// the size to expect (the file's size before), so a large document is not copied as it grows.
    public func serializedBytes(compactly: Bool = false, capacity: Int = 16 * 1024) -> [UInt8] {
        var writer = JSONWriter(compactly: compactly, capacity: capacity)
        writer.write(self, depth: 0)
        return writer.finished()
    }

    /// A number as JSON text (see `JSONWriter.write(_:)`): `1`, not `1.0`.
    static func format(_ value: Double) -> String {
        var writer = JSONWriter(capacity: 32)
        writer.write(value)
        return String(decoding: writer.finished().dropLast(), as: UTF8.self)
    }
}
