import FoundationEssentials

extension ConfigExample {
    /// The config.example.json an installed rain has beside it (PREFIX/share/doc/rain for
    /// PREFIX/bin/rain, as `make install` and the Debian package put it), when it is there.
    public static func installedFile(executable: String? = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) -> String? {
        guard let executable else { return nil }
        let prefix = URL(fileURLWithPath: executable).deletingLastPathComponent().deletingLastPathComponent().path
        let path = (prefix == "/" ? "" : prefix) + "/share/doc/rain/config.example.json"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Where to read every key with its default: the installed file, or else an example written
    /// out by `rain config init` in the current folder (which never overwrites).
    static var hintText: LocalizedText {
        if let file = installedFile() { return LocalizedText(N_("{path} lists every key with its default"), ["path": .verbatim(file)]) }
        return LocalizedText(N_("every key with its default:")) + .dataLine("rain config init --config rain-example.json")
    }
}
