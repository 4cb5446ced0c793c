import Foundation

/// A fresh folder under the system's temporary folder, removed with everything in it when
/// the body returns or throws.
public func withTemporaryDirectory<Result>(
    _ body: (String) async throws -> Result
) async rethrows -> Result {
    let path = NSTemporaryDirectory() + "rain-tests-" + UUID().uuidString.lowercased()
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try await body(path)
}

/// The bytes of a file, or nil when it does not exist.
public func fileBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map(Array.init)
}

public func writeFile(_ path: String, _ text: String) {
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
}
