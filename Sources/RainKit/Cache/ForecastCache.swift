#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The last good forecast of each saved place: `<directory>/<location-id>.json`, written
/// atomically. A failed fetch simply does not call `save`, so the last good file stays.
public struct ForecastCache: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The file of one place: `<directory>/<lower-case id>.json`.
    public func path(for id: UUID) -> String {
        "\(directory)/\(id.uuidString.lowercased()).json"
    }

    /// The cached forecast of the place, or nil when there is none. A file that cannot be
    /// read or understood is an error naming it; it is left on disk as it is.
    public func load(for id: UUID) throws(CacheError) -> CachedForecast? {
        let path = path(for: id)
        let bytes: [UInt8]?
        do {
            bytes = try AtomicFile.read(path)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        guard let bytes else { return nil }
        let cached = try Self.decode(bytes, path: path)
        guard cached.location.id == id else {
            throw .corrupt(path: path, reason: "holds the forecast of another location (\(cached.location.idString))", field: "location.id")
        }
        return cached
    }

    /// Replaces the place's file atomically (compact JSON), creating the folder when needed.
    /// When this throws, the previous file is intact. With `syncingFolder` false the rename is
    /// made durable only by a later `syncFolder()`: one folder fsync for a whole batch.
    public func save(_ cached: CachedForecast, syncingFolder: Bool = true) throws(CacheError) {
        let path = path(for: cached.location.id)
        do {
            try AtomicFile.createFolder(directory)
            try AtomicFile.write(Array(ForecastDocument.value(of: cached).serializedCompactly().utf8), to: path,
                                 syncingFolder: syncingFolder)
        } catch {
            throw .unwritable(path: error.path, reason: error.reason)
        }
    }

    /// Makes the renames of earlier `save(_:syncingFolder: false)` calls durable.
    public func syncFolder() {
        AtomicFile.syncFolder(directory)
    }

    /// Moves a file that cannot be read as a forecast out of the way, so the next refresh can
    /// write a good one without destroying it. Returns where it went.
    public func setAside(for id: UUID, now: Date = Date()) throws(CacheError) -> String {
        let path = path(for: id)
        let aside = "\(path).damaged-\(Int(now.timeIntervalSince1970))"
        guard rename(path, aside) == 0 else {
            throw .unwritable(path: path, reason: String(cString: strerror(errno)))
        }
        return aside
    }

    /// Deletes the place's file; a missing file is fine.
    public func remove(for id: UUID) throws(CacheError) {
        let path = path(for: id)
        if unlink(path) != 0 && errno != ENOENT {
            throw .unwritable(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// The forecast document (pretty, keys sorted, ending in a newline): what `rain show --json`
    /// prints; the cache file holds the same document compactly. Format: `docs/forecast-json.md`.
    public static func encode(_ cached: CachedForecast) -> [UInt8] {
        Array(ForecastDocument.value(of: cached).serialized().utf8)
    }

    /// Several forecast documents as one JSON array (`rain show --all --json`).
    public static func encode(_ forecasts: [CachedForecast]) -> [UInt8] {
        Array(JSONValue.array(forecasts.map(ForecastDocument.value(of:))).serialized().utf8)
    }

    /// Reads a forecast document; `path` is only used to name it in errors.
    public static func decode(_ bytes: [UInt8], path: String) throws(CacheError) -> CachedForecast {
        let value: JSONValue
        do {
            value = try JSONValue.parse(Data(bytes))
        } catch {
            throw .corrupt(path: path, reason: error.reason == "empty body" ? "empty file" : error.reason, field: nil)
        }
        do {
            return try ForecastDocument.cachedForecast(from: JSONValueNode(value))
        } catch {
            throw .corrupt(path: path, reason: error.reason, field: error.path)
        }
    }
}
