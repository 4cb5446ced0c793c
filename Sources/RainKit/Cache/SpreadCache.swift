import FoundationEssentials

/// `rain show --spread`'s ensemble, kept beside the forecasts (`<cache>/ensembles/<id>.json`,
/// a folder of its own so the forecast cache's sweeps never see it) for 6 hours: ICON's and
/// GFS's ensembles are run 2 to 4 times a day (`Sources/App/Icon/Icon.swift`,
/// `updateIntervalSeconds`: ICON-EU-EPS every 6 hours), and each request weighs several calls.
/// It is derived data: a file that cannot be read is fetched again and replaced.
public struct SpreadCache: Sendable {
    public let directory: String
    public static let freshness: TimeInterval = 6 * 3600

    struct Entry: Sendable {
        var fetchedAt: Date
        var units: UnitSystem
        var spread: ForecastSpread
    }

    static let blank = Entry(fetchedAt: .distantPast, units: .si, spread: ForecastSpread(model: "", members: 0, hourly: [], daily: []))

    static let fields = JSONFields<Entry>([
        JSONField("fetched_at", .time({ $0.fetchedAt }, { $0.fetchedAt = $1 })),
        JSONField("units", .requiredChoice({ $0.units }, { $0.units = $1 })),
        JSONField("spread", .required({ $0.spread }, { $0.spread = $1 }, ForecastSpreadFields.spread, blank.spread)),
    ], naming: .rain)

    /// Beside the forecast cache's folder.
    public init(besideForecastsIn forecasts: String) {
        // Not split and joined again: that built generic types at run time, a fifth of a
        // millisecond of every refresh's sweep.
        let parent = forecasts.lastIndex(of: "/").map { forecasts[..<$0] } ?? ""
        directory = (parent.isEmpty ? "." : String(parent)) + "/ensembles"
    }

    func path(for id: UUID) -> String { "\(directory)/\(id.lowercasedString()).json" }

    /// The place's spread when younger than `freshness` and of this model and unit system.
    func fresh(for id: UUID, model: EnsembleModel, units: UnitSystem, now: Date) -> ForecastSpread? {
        guard let entry = entry(for: id), entry.spread.model == model.rawValue, entry.units == units else { return nil }
        let age = now.timeIntervalSince(entry.fetchedAt)
        guard age >= 0, age < Self.freshness else { return nil }
        return entry.spread
    }

    /// The place's spread in this unit system however old, and when it was fetched: what
    /// `--offline` and `--format` show, never fetching.
    func kept(for id: UUID, units: UnitSystem) -> (spread: ForecastSpread, fetchedAt: Date)? {
        guard let entry = entry(for: id), entry.units == units else { return nil }
        return (entry.spread, entry.fetchedAt)
    }

    private func entry(for id: UUID) -> Entry? {
        guard let bytes = try? RegularFile.readTellingUnusable(path(for: id), limit: .forecast),
              let root = try? JSONNode.document(bytes) else { return nil }
        return try? Self.fields.read(root, startingFrom: Self.blank)
    }

    /// The files are named as the forecasts' are (`<id>.json`): the forecast cache's sweeps
    /// and removal, run on this folder, treat them alike.
    var files: ForecastCache { ForecastCache(directory: directory) }

    /// Keeps it; a spread that could not be kept is fetched again next time, at its cost in
    /// calls, so the caller says so.
    func save(_ spread: ForecastSpread, for id: UUID, units: UnitSystem, fetchedAt: Date) throws(FileError) {
        var writer = JSONWriter(compactly: true, capacity: 32 * 1024)
        Self.fields.write(Entry(fetchedAt: fetchedAt, units: units, spread: spread), to: &writer, depth: 0)
        try AtomicFile.createFolder(directory)
        try AtomicFile.write(writer.finished(), to: path(for: id), durability: .derived, limit: .forecast)
    }
}
