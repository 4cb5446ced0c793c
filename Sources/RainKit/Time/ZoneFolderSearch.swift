import Glibc

/// Finds which zone a copied TZif file is (/etc/localtime on images that copy it, or a file
/// `TZ` names): the zone file of the zoneinfo folder with the same bytes, as OpenJDK names a
/// copied /etc/localtime. Only its name hangs on this; the clock is the copy's own.
///
/// It runs on every `notify` where the file is a copy, so it is bounded: links are not
/// followed (tzdata's other names for a zone are links to it), `posix/`, `right/` and the
/// files that are no zone are left out, sizes come from `lstat` and only a file of the copy's
/// size is read. Debian's tzdata (2025b) has 453 zone files and 365 links beside those
/// folders; among them at most 13 share a size.
enum ZoneFolderSearch {
    /// The most entries looked at and files read: several times tzdata's, so a folder that
    /// grows with tzdata is still searched whole, and a folder that is no zoneinfo is not.
    static let entryLimit = 4096
    static let readLimit = 64
    /// "America/Argentina/Buenos_Aires" is the deepest a zone's name goes.
    static let depthLimit = 3

    /// The name of the zone file under `folder` whose bytes are `bytes`: `likely` first (say,
    /// what /etc/timezone names), then the folder, an area's zones ("Asia/Tokyo") before the
    /// top level's old names ("Japan") where they are one file; nil when none has them.
    static func zone(withBytes bytes: [UInt8], in folder: String, likely: String? = nil) -> String? {
        if let likely, let name = ZoneInfo.knownZone(likely), hasBytes(folder + "/" + name, bytes) { return name }
        var budget = Budget()
        return search(folder, under: "", for: bytes, depth: 1, &budget)
    }

    /// What is left to look at; once spent, the search ends without a name.
    private struct Budget {
        var entries = ZoneFolderSearch.entryLimit
        var reads = ZoneFolderSearch.readLimit
        var isSpent: Bool { entries < 0 || reads < 0 }
    }

    private static func search(_ folder: String, under prefix: String, for bytes: [UInt8], depth: Int, _ budget: inout Budget) -> String? {
        guard let names = folderNames(folder) else { return nil }
        var files: [String] = [], folders: [String] = []
        for name in names.sorted() {
            budget.entries -= 1
            guard !budget.isSpent else { return nil }
            let identifier = prefix + name
            guard ZoneInfo.isSafeName(identifier), !ZoneInfo.isNotAZone(identifier), !ZoneInfo.copyFolders.contains(identifier + "/") else { continue }
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG where Int(info.st_size) == bytes.count: files.append(name)
            case S_IFDIR where depth < depthLimit: folders.append(name)
            default: continue
            }
        }
        for name in folders {
            if let found = search(folder + "/" + name, under: prefix + name + "/", for: bytes, depth: depth + 1, &budget) { return found }
            guard !budget.isSpent else { return nil }
        }
        for name in files {
            budget.reads -= 1
            guard !budget.isSpent else { return nil }
            if hasBytes(folder + "/" + name, bytes) { return prefix + name }
        }
        return nil
    }

    private static func hasBytes(_ path: String, _ bytes: [UInt8]) -> Bool {
        (try? RegularFile.read(path, limit: .timeZone)) == bytes
    }
}
