import Glibc

/// The names of what a folder holds ("." and ".." aside), read with `readdir`: one listing,
/// without the stat of each entry and the copies that FileManager's makes; nil when the
/// folder cannot be opened.
func folderNames(_ folder: String) -> [String]? {
    guard let directory = opendir(folder) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}
