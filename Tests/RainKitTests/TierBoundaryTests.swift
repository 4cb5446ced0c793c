import Foundation
import Testing

/// RainKit is the domain library; everything that draws on or reads from a terminal lives in
/// RainTerminal, above it. This reads RainKit's sources and fails, naming the file and line,
/// when one of them reaches for the terminal again.
@Suite struct TierBoundaryTests {
    struct Forbidden: Sendable, CustomTestStringConvertible {
        let pattern: String
        let why: String
        var testDescription: String { pattern }
    }

    static let forbidden: [Forbidden] = [
        Forbidden(pattern: #"\bimport\s+RainTerminal\b"#, why: "the terminal tier sits above RainKit"),
        Forbidden(pattern: #"\bisatty\b"#, why: "asking whether a descriptor is a terminal"),
        Forbidden(pattern: #"\btc[gs]etattr\b|\btermios\b|\bcfmakeraw\b"#, why: "raw mode"),
        Forbidden(pattern: #"\bTIOCGWINSZ\b|\bSIGWINCH\b"#, why: "the terminal's size"),
        Forbidden(pattern: #"\bST(DIN|DOUT|DERR)_FILENO\b"#, why: "the library never prints or reads keys"),
        Forbidden(pattern: #"(^|[^\w.])print\("#, why: "the library never prints"),
        Forbidden(pattern: #"\\u\{0*1[bB]\}\[|\\u\{0*9[bB]\}"#, why: "ANSI escape sequences"),
    ]

    /// `Sources/RainKit`, found from this file's place in the repository.
    static func rainKitSources(filePath: String = #filePath) -> URL {
        URL(filePath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Sources/RainKit")
    }

    static func swiftFiles() throws -> [URL] {
        let root = rainKitSources()
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }

    @Test func rainKitSourcesAreFound() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 50, "\(Self.rainKitSources().path) holds \(files.count) Swift files")
        #expect(!FileManager.default.fileExists(atPath: Self.rainKitSources().appending(path: "Rendering").path),
                "Sources/RainKit/Rendering is back: screens belong in Sources/RainTerminal")
    }

    @Test(arguments: forbidden)
    func rainKitDoesNotUseTheTerminal(_ forbidden: Forbidden) throws {
        let regex = try Regex(forbidden.pattern)
        let root = Self.rainKitSources().path
        var offences: [String] = []
        for file in try Self.swiftFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // Comments may name what the code does not do.
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                if line.contains(regex) {
                    offences.append("Sources/RainKit\(file.path.dropFirst(root.count)):\(number + 1): \(code)")
                }
            }
        }
        #expect(offences.isEmpty, "RainKit must not use the terminal (\(forbidden.why)); move this to Sources/RainTerminal:\n\(offences.joined(separator: "\n"))")
    }
}
