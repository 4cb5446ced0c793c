#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// The last good forecast of each saved place: `<directory>/<location-id>.json`, replaced whole
/// but not synced (`AtomicFile.Durability.derived`: the next refresh fetches it again). A failed
/// fetch simply does not call `save`, so the last good file stays.
public struct ForecastCache: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The file of one place: `<directory>/<lower-case id>.json`.
    func path(for id: UUID) -> String {
        "\(directory)/\(Self.fileName(for: id))"
    }

    private static func fileName(for id: UUID) -> String { id.lowercasedString() + ".json" }

    /// The cached forecast of the place, or nil when there is none. A file that cannot be
    /// read or understood is an error naming it; it is left on disk as it is.
    public func load(for id: UUID) throws(CacheError) -> CachedForecast? {
        let path = path(for: id)
        let bytes: [UInt8]?
        do {
            bytes = try RegularFile.readTellingUnusable(path, limit: .forecast)
        } catch {
            // Not a regular file, or too large: not a forecast document, set aside like a damaged one.
            if error.isUnusableFile { throw .corrupt(path: path, reason: error.error.problem, field: nil) }
            throw .unreadable(path: path, reason: error.error.problem)
        }
        guard let bytes else { return nil }
        let cached = try Self.decode(bytes, path: path)
        guard cached.location.id == id else {
            throw .corrupt(path: path, reason: LocalizedText(N_("holds the forecast of another location ({id})"), ["id": .verbatim(cached.location.idString)]),
                           field: "location.id")
        }
        return cached
    }

    /// What `load` reads, with a file that cannot be read as a forecast counting as none:
    /// `problem` says why, and a damaged one is set aside (never overwritten) first, the problem
    /// then saying where it went (`setAside`), so the next refresh can write a good one.
    public func loadSettingAside(for id: UUID, now: Date = Date()) -> (cached: CachedForecast?, problem: LocalizedText?, setAside: Bool) {
        do {
            return (try load(for: id), nil, false)
        } catch {
            guard case .corrupt = error, let aside = try? setAside(for: id, now: now) else { return (nil, error.text, false) }
            return (nil, LocalizedText(N_("{problem}; moved it aside to {path}"), ["problem": error.text, "path": .verbatim(aside)]), true)
        }
    }

    /// Replaces the place's file whole (compact JSON), creating the folder when needed. When
    /// this throws, the previous file is intact; after a power cut it may be old, empty or
    /// missing, never a mix (a damaged one is set aside by the next read).
    public func save(_ cached: CachedForecast) throws(CacheError) {
        let path = path(for: cached.location.id)
        var kept = cached
        kept.displayUnits = nil
        kept.forecast.air?.shownIndex = nil
        let bytes = ForecastDocument.bytes(of: kept, compactly: true)
        if bytes.count > RegularFile.Limit.forecast.bytes {
            throw .tooLarge(path: path, reason: RegularFile.tooLarge(path, .forecast).error.problem)
        }
        do {
            try AtomicFile.createFolder(directory)
            try AtomicFile.write(bytes, to: path, durability: .derived, limit: .forecast)
        } catch {
            throw .unwritable(path: error.path, reason: error.problem)
        }
    }

    /// Moves a file that cannot be read as a forecast out of the way, so the next refresh can
    /// write a good one without destroying it. Returns where it went: a name no other file has
    /// (`<id>.json.damaged-<unix time>-<n>`). Only the newest damaged file of a place is kept
    /// (the one set aside before it is deleted), so a file damaged again at every read cannot
    /// fill the disk; it goes with the place when the place is removed.
    public func setAside(for id: UUID, now: Date = Date()) throws(CacheError) -> String {
        let path = path(for: id)
        let aside = try moveAside(path, now: now)
        let name = Self.fileName(for: id) + Self.damagedMarker
        for older in Self.names(in: directory) where older.hasPrefix(name) && "\(directory)/\(older)" != aside {
            removeSetAside("\(directory)/\(older)")
        }
        return aside
    }

    private func moveAside(_ path: String, now: Date) throws(CacheError) -> String {
        for attempt in 0..<1000 {
            let aside = "\(path)\(Self.damagedMarker)\(Int(now.timeIntervalSince1970))-\(attempt)"
            // link() refuses an existing name where rename() would replace it.
            if link(path, aside) == 0 {
                unlink(path)
                return aside
            }
            if errno == EEXIST { continue }
            // A folder has no second link: it is renamed, to a name nothing has.
            var existing = stat()
            guard errno == EPERM, lstat(aside, &existing) != 0 && errno == ENOENT else { break }
            if rename(path, aside) == 0 { return aside }
            break
        }
        throw .unwritable(path: path, reason: SystemErrorText.text(errno))
    }

    /// Deletes a damaged file set aside; a folder that was in the file's place only when it
    /// is empty (what is in it is not rain's to delete).
    private func removeSetAside(_ path: String) {
        if unlink(path) != 0 { rmdir(path) }
    }

    static let damagedMarker = ".damaged-"

    /// Deletes each place's file and any damaged ones set aside (missing files are fine), the
    /// folder listed once however many there are; the first error after trying them all.
    public func remove(for ids: [UUID]) throws(CacheError) {
        let setAside = Self.names(in: directory).filter { $0.contains(Self.damagedMarker) }
        var failure: CacheError?
        for id in ids {
            let name = Self.fileName(for: id)
            for aside in setAside where aside.hasPrefix(name + Self.damagedMarker) {
                unlink("\(directory)/\(aside)")
            }
            let path = "\(directory)/\(name)"
            if unlink(path) != 0 && errno != ENOENT && failure == nil {
                failure = .unwritable(path: path, reason: SystemErrorText.text(errno))
            }
        }
        if let failure { throw failure }
    }

    /// Deletes the files of every place not in `saved` (forecasts a refresh wrote after the
    /// place was removed, those older versions of rain left behind, damaged ones too) and what
    /// killed writers left behind, in one listing of the folder.
    public func sweep(keeping saved: Set<UUID>) {
        for name in Self.names(in: directory) {
            let isUnsaved = Self.placeID(inFileName: name).map { !saved.contains($0) } ?? false
            if isUnsaved || AtomicFile.isAbandonedTemporaryFile(name) { unlink("\(directory)/\(name)") }
        }
    }

    /// The places that have a file here ("<id>.json"), in one listing of the folder.
    public var placeIDs: Set<UUID> {
        Set(Self.names(in: directory).compactMap { $0.hasSuffix(".json") ? Self.placeID(inFileName: $0) : nil })
    }

    /// The place whose file this is ("<id>.json", "<id>.json.damaged-...", "<id>.json.tmp-...");
    /// nil for the folder's other files.
    private static func placeID(inFileName name: String) -> UUID? {
        guard name.utf8.count >= 41, name.dropFirst(36).hasPrefix(".json") else { return nil }
        return UUID(uuidString: String(name.prefix(36)))
    }

    /// Deletes the files last written before `date` (a lookup's forecast, after a day unused),
    /// all but the `count` last written of the others (so that thousands of places looked up
    /// in a day cannot fill the disk), and what killed writers left behind, in one listing of
    /// the folder. The places whose forecast it deleted.
    @discardableResult
    public func sweep(writtenBefore date: Date, keepingNewest count: Int = .max) -> [UUID] {
        let limit = Int(date.timeIntervalSince1970)
        var young: [(name: String, written: Int)] = []
        var deleted: [String] = []
        for name in Self.names(in: directory) {
            let path = "\(directory)/\(name)"
            if name.hasSuffix(".json") || name.contains(Self.damagedMarker) {
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                if Int(info.st_mtim.tv_sec) < limit {
                    if unlink(path) == 0 { deleted.append(name) }
                } else {
                    young.append((name, Int(info.st_mtim.tv_sec) * 1_000_000_000 + info.st_mtim.tv_nsec))
                }
            } else if AtomicFile.isAbandonedTemporaryFile(name) {
                unlink(path)
            }
        }
        if young.count > count {
            young.sort { $0.written != $1.written ? $0.written > $1.written : $0.name > $1.name }
            for file in young[count...] where unlink("\(directory)/\(file.name)") == 0 { deleted.append(file.name) }
        }
        return deleted.compactMap { $0.hasSuffix(".json") ? Self.placeID(inFileName: $0) : nil }
    }

    private static func names(in directory: String) -> [String] { folderNames(directory) ?? [] }

    /// The forecast document (pretty, keys sorted, ending in a newline): what `rain show --json`
    /// prints; the cache file holds the same document compactly. Format: `docs/forecast-json.md`.
    public static func encode(_ cached: CachedForecast) -> [UInt8] {
        ForecastDocument.bytes(of: cached, compactly: false)
    }

    /// Several forecast documents as one JSON array (`rain show --all --json`).
    public static func encode(_ forecasts: [CachedForecast]) -> [UInt8] {
        ForecastDocument.bytes(of: forecasts)
    }

    /// Reads a forecast document; `path` is only used to name it in errors.
    public static func decode(_ bytes: [UInt8], path: String) throws(CacheError) -> CachedForecast {
        let root: JSONNode
        do {
            root = try JSONNode.document(bytes)
        } catch {
            throw .corrupt(path: path, reason: error.notValidJSON(), field: nil)
        }
        do {
            return try ForecastDocument.cachedForecast(from: root)
        } catch {
            throw .corrupt(path: path, reason: error.problem, field: error.path.flatMap { $0.isEmpty ? nil : $0 })
        }
    }
}
