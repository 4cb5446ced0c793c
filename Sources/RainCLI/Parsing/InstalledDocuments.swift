import Glibc

/// Where the documents `make install` puts beside the binary are: `BINDIR/../share/doc/rain`
/// (the layout of every PREFIX). Help names the installed copy of a document when there is
/// one, and the source tree's path when rain runs from a build folder.
enum InstalledDocuments {
    /// `text` with each `docs/NAME` the source tree has replaced by the installed file's path.
    static func pointing(_ text: String) -> String {
        guard text.contains("docs/"), let folder = installedFolder else { return text }
        var text = text
        for name in ["forecast-json.md", "notify-json.md"] where access(folder + "/" + name, R_OK) == 0 {
            text = text.replacingAll("docs/" + name, with: folder + "/" + name)
        }
        return text
    }

    private static let installedFolder = folder()

    /// `…/share/doc/rain` beside the running binary's folder, from `/proc/self/exe`.
    private static func folder() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = executable.lastIndex(of: "/") else { return nil }
        let binFolder = executable[..<slash]
        guard let parentSlash = binFolder.lastIndex(of: "/") else { return nil }
        return binFolder[..<parentSlash] + "/share/doc/rain"
    }
}
