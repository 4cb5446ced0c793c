import Foundation
@testable import RainKit
import RainTestSupport
import Testing

@Suite struct ForecastCacheTests {
    @Test func roundTripsTheFixtureThroughTheFile() throws {
        let folder = try ForecastTemporaryFolder()
        let cache = ForecastCache(directory: folder.path + "/cache/forecasts")
        let cached = try ForecastFixtures.berlinCached()
        try cache.save(cached)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/cache/forecasts/6f1c2a4e-93b0-4c47-9e1d-2b8a5c7d9e01.json"))
        #expect(try cache.load(for: cached.location.id) == cached)
    }

    @Test func roundTripsEveryOptionalField() throws {
        var forecast = try ForecastFixtures.berlinForecast()
        forecast.nextHour = .init(summary: "Rain soon", minutes: [
            .init(time: Date(timeIntervalSince1970: 1_787_229_420), precipIntensity: 0.2, precipProbability: 0.6, precipType: "rain"),
            .init(time: Date(timeIntervalSince1970: 1_787_229_480)),
        ])
        forecast.current?.precipType = "snow"
        forecast.alerts.append(.init(title: "Bare"))
        forecast.units = .us
        let cached = CachedForecast(location: ForecastFixtures.berlin, fetchedAt: Date(timeIntervalSince1970: 1_787_229_000),
                                    source: "darksky", forecast: forecast)
        let bytes = ForecastCache.encode(cached)
        #expect(try ForecastCache.decode(bytes, path: "x") == cached)
    }

    @Test func documentUsesSnakeCaseISOTimesAndOmitsAbsentValues() throws {
        let text = String(decoding: ForecastCache.encode(try ForecastFixtures.berlinCached()), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"alerts\": [\n    {\n"))
        #expect(text.contains(#""schema_version": 1,"#))
        #expect(text.contains(#""fetched_at": "2026-08-20T12:37:00Z""#))
        #expect(text.contains(#""source": "darksky""#))
        #expect(text.contains(#""id": "6f1c2a4e-93b0-4c47-9e1d-2b8a5c7d9e01""#))
        #expect(text.contains(#""timezone": "Europe/Berlin""#))
        #expect(text.contains(#""apparent_temperature": 24.9"#))
        #expect(text.contains(#""temperature_low": 14.2"#))
        #expect(text.contains(#""expires": "2026-08-20T21:00:00Z""#))
        #expect(text.contains(#""uri": "https://severeweather.wmo.int/v2/cap-alerts/example.xml""#))
        #expect(!text.contains("next_hour"), "the fixture has no minutely block")
        #expect(!text.contains("null"))
        #expect(!text.contains("-999"))
        #expect(!text.contains("precip_type\": \"none"))
        #expect(text.hasSuffix("}\n"))
        // Valid JSON with keys in sorted order.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["schema_version"] as? Int == 1)
        let keys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys == keys.sorted())
        #expect(keys == ["alerts", "current", "daily", "daily_summary", "fetched_at", "forecast_coordinate", "hourly",
                         "hourly_summary", "location", "schema_version", "source", "timezone", "units", "utc_offset_seconds"])
    }

    @Test func stringsAreEscaped() throws {
        var cached = try ForecastFixtures.berlinCached()
        cached.location.name = "Quote \" backslash \\ tab \t bell \u{07} ü"
        let bytes = ForecastCache.encode(cached)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""Quote \" backslash \\ tab \t bell \u0007 ü""#))
        #expect(try ForecastCache.decode(bytes, path: "x").location.name == cached.location.name)
    }

    @Test func missingFileIsNil() throws {
        let folder = try ForecastTemporaryFolder()
        #expect(try ForecastCache(directory: folder.path).load(for: UUID()) == nil)
        #expect(try ForecastCache(directory: folder.path + "/not-yet").load(for: UUID()) == nil)
    }

    @Test(arguments: CorruptFile.all)
    func corruptFileIsReportedAndLeftAlone(_ corrupt: CorruptFile) throws {
        let folder = try ForecastTemporaryFolder()
        let cache = ForecastCache(directory: folder.path)
        let id = ForecastFixtures.berlin.id
        let path = cache.path(for: id)
        let content = try corrupt.content()
        try Data(content.utf8).write(to: URL(filePath: path))
        #expect(throws: CacheError.corrupt(path: path, reason: corrupt.reason, field: corrupt.field)) {
            try cache.load(for: id)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == content)
    }

    @Test func aFreshSaveReplacesACorruptFile() throws {
        let folder = try ForecastTemporaryFolder()
        let cache = ForecastCache(directory: folder.path)
        let cached = try ForecastFixtures.berlinCached()
        try Data("garbage".utf8).write(to: URL(filePath: cache.path(for: cached.location.id)))
        try cache.save(cached)
        #expect(try cache.load(for: cached.location.id) == cached)
    }

    @Test func failedWriteLeavesTheOldFileIntact() throws {
        let folder = try ForecastTemporaryFolder()
        let cache = ForecastCache(directory: folder.path)
        var cached = try ForecastFixtures.berlinCached()
        try cache.save(cached)
        let before = try Data(contentsOf: URL(filePath: cache.path(for: cached.location.id)))

        // A failure that holds for root too (unlike a read-only folder): the cache folder of a
        // second cache is an existing file, so nothing can be written there.
        let blocked = ForecastCache(directory: cache.path(for: cached.location.id))
        cached.source = "other"
        #expect(throws: CacheError.self) { try blocked.save(cached) }
        #expect(try Data(contentsOf: URL(filePath: cache.path(for: cached.location.id))) == before)

        // The target path is a folder: rename cannot replace it, nothing else changes.
        let other = Location(name: "Elsewhere", coordinate: Coordinate(latitude: 1, longitude: 2))
        try FileManager.default.createDirectory(atPath: cache.path(for: other.id) + "/inside", withIntermediateDirectories: true)
        #expect(throws: CacheError.self) {
            try cache.save(CachedForecast(location: other, fetchedAt: .now, source: "darksky", forecast: cached.forecast))
        }
        #expect(FileManager.default.fileExists(atPath: cache.path(for: other.id) + "/inside"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
        #expect(try Data(contentsOf: URL(filePath: cache.path(for: cached.location.id))) == before)
    }

    /// A folder in a forecast's place is no forecast, never will be: damaged, so it is set aside.
    @Test func aFolderIsADamagedFileAndIsSetAside() throws {
        let folder = try ForecastTemporaryFolder()
        let cache = ForecastCache(directory: folder.path)
        let id = UUID()
        try FileManager.default.createDirectory(atPath: cache.path(for: id) + "/inside", withIntermediateDirectories: true)
        #expect(throws: CacheError.corrupt(path: cache.path(for: id), reason: "a folder, not a regular file", field: nil)) {
            try cache.load(for: id)
        }
        let aside = try cache.setAside(for: id)
        #expect(FileManager.default.fileExists(atPath: aside + "/inside") && !FileManager.default.fileExists(atPath: cache.path(for: id)))
    }

    @Test func fileOfAnotherLocationIsCorrupt() throws {
        let folder = try ForecastTemporaryFolder()
        let cache = ForecastCache(directory: folder.path)
        let cached = try ForecastFixtures.berlinCached()
        let otherID = UUID()
        try Data(ForecastCache.encode(cached)).write(to: URL(filePath: cache.path(for: otherID)))
        #expect(throws: CacheError.self) { try cache.load(for: otherID) }
    }

    @Test func removeDeletesAndToleratesAMissingFile() throws {
        let folder = try ForecastTemporaryFolder()
        let cache = ForecastCache(directory: folder.path)
        let cached = try ForecastFixtures.berlinCached()
        try cache.save(cached)
        try cache.remove(for: [cached.location.id])
        #expect(try cache.load(for: cached.location.id) == nil)
        try cache.remove(for: [cached.location.id])
    }

    @Test func ageAndStaleness() throws {
        let cached = try ForecastFixtures.berlinCached()
        let fetched = cached.fetchedAt
        #expect(cached.age(now: fetched.addingTimeInterval(300)) == .seconds(300))
        #expect(!cached.isStale(maxAge: .seconds(1800), now: fetched.addingTimeInterval(1800)))
        #expect(cached.isStale(maxAge: .seconds(1800), now: fetched.addingTimeInterval(1801)))
        #expect(!cached.isStale(maxAge: .seconds(1800), now: fetched.addingTimeInterval(-30)), "a little clock skew is fine")
        #expect(cached.isStale(maxAge: .seconds(1800), now: fetched.addingTimeInterval(-3600)), "a fetch from the future is not trusted")
    }
}

/// A cache file rain must refuse to use, and what it must say.
struct CorruptFile: Sendable, CustomTestStringConvertible {
    let name: String
    /// Builds the file's content from the valid document.
    let edit: @Sendable (String) -> String
    let reason: String
    let field: String?

    var testDescription: String { name }

    func content() throws -> String {
        edit(String(decoding: ForecastCache.encode(try ForecastFixtures.berlinCached()), as: UTF8.self))
    }

    static let all: [CorruptFile] = [
        CorruptFile(name: "empty", edit: { _ in "" }, reason: "the file is empty", field: nil),
        CorruptFile(name: "truncated", edit: { String($0.prefix(100)) }, reason: "not valid JSON: line 4, column 22:\nthe document ends inside a string (a closing '\"' is missing)", field: nil),
        CorruptFile(name: "array", edit: { _ in "[1]" }, reason: "expected an object at the top level, found an array", field: nil),
        CorruptFile(name: "newer schema", edit: { $0.replacingOccurrences(of: #""schema_version": 1"#, with: #""schema_version": 2"#) },
                    reason: "unsupported schema version 2 (this rain reads 1)", field: "schema_version"),
        CorruptFile(name: "temperature is a string", edit: { $0.replacingOccurrences(of: #""temperature": 24.3"#, with: #""temperature": "24.3""#) },
                    reason: "expected a number, found a string", field: "current.temperature"),
        CorruptFile(name: "bad time", edit: { $0.replacingOccurrences(of: "2026-08-20T12:37:00Z", with: "yesterday") },
                    reason: "expected an ISO 8601 time like 2026-08-20T12:00:00Z", field: "current.time"),
        CorruptFile(name: "bad units", edit: { $0.replacingOccurrences(of: #""units": "si""#, with: #""units": "metric""#) },
                    reason: "expected one of si, us, ca, uk, found \"metric\"", field: "units"),
        CorruptFile(name: "bad id", edit: { $0.replacingOccurrences(of: "6f1c2a4e-93b0-4c47-9e1d-2b8a5c7d9e01", with: "nope") },
                    reason: "expected a UUID, found \"nope\"", field: "location.id"),
    ]
}
