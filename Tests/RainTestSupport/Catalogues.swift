import Foundation

/// rain's catalogues as the tests use them: `po/LANG.po` compiled with Debian's
/// `msgfmt --check` into the build folder's `locale/LANG/LC_MESSAGES/rain.mo`, where a rain run
/// from the build folder (and the test bundle, which sits beside it) finds them, as
/// `make catalogues` puts them there.
public enum Catalogues {
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The languages there are a `po/LANG.po` for.
    public static var languages: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/po")) ?? [])
            .filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }.sorted()
    }

    /// The build's locale folder, compiled once per test run; what msgfmt said when it refused one.
    public static func compiled() throws -> String {
        try compilation.get()
    }

    private static let compilation: Result<String, CatalogueCompileError> = {
        let folder = BuiltProduct.folder + "/locale"
        for language in languages {
            let target = "\(folder)/\(language)/LC_MESSAGES"
            try? FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            let temporary = "\(target)/rain.mo.\(ProcessInfo.processInfo.processIdentifier)"
            let result = msgfmt(["--check", "-o", temporary, "\(repositoryRoot)/po/\(language).po"])
            guard result.status == 0 else { return .failure(CatalogueCompileError(language: language, output: result.output)) }
            guard rename(temporary, "\(target)/rain.mo") == 0 else { return .failure(CatalogueCompileError(language: language, output: "rename failed")) }
        }
        return .success(folder)
    }()

    /// Runs msgfmt (or another gettext tool) with `arguments`; its status and what it wrote
    /// (standard output, then standard error).
    public static func msgfmt(_ arguments: [String], tool: String = "/usr/bin/msgfmt", environment: [String: String]? = nil) -> (status: Int32, output: String) {
        let process = BuiltProduct.startSystem(tool, arguments, environment: environment ?? ProcessInfo.processInfo.environment)
        do {
            let result = try process.finishBlocking()
            return (result.status, result.output + result.error)
        } catch {
            return (-1, "\(error)")
        }
    }
}

public struct CatalogueCompileError: Error, CustomStringConvertible {
    public let language: String
    public let output: String
    public var description: String { "msgfmt --check refused po/\(language).po: \(output)" }
}
