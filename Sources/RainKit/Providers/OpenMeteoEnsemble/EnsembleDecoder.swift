import FoundationEssentials

/// The runs of an Ensemble API answer (`EnsembleService`): one column per run and variable,
/// `temperature_2m` for the control run and `temperature_2m_member01`... for the others, each
/// checked against its unit in `hourly_units`.
public struct EnsembleRuns: Sendable, Equatable {
    public var model: EnsembleModel
    public var times: [Date]
    /// One column per run, in the forecast's temperature unit.
    public var temperature: [[Double?]]
    /// One column per run: millimetres in the hour starting at each time.
    public var precipitation: [[Double?]]
    /// When the runs are taken to start, for their steps' lead times: 00:00 UTC of the day
    /// they were asked (nil: of the first time).
    public var runStart: Date? = nil
    /// When they were asked: the spread's days begin with that day (nil: every day).
    public var asked: Date? = nil
}

enum EnsembleDecoder {
    /// How the server's answer begins where it found no grid point (`decode`).
    static let noGridPoint = Array(#"{"latitude":nan,"longitude":nan,"#.utf8)

    /// Times must rise, as the server writes them (a day list running backwards is refused);
    /// hours outside the days asked are left out, as the air's are (`OpenMeteoDecoder.askedHours`), so
    /// a server that sends years of them cannot make the spread too large to keep. A run
    /// counts when it has every variable some run has: the header's runs are the rows' runs.
    /// nil where the model does not cover the place: outside a regional model's grid the
    /// server answers 200 with neither `hourly` nor `hourly_units` (open-meteo
    /// `Helper/Reader/GenericReader.swift`, `init` returns nil; `ForecastapiController.swift`,
    /// `MultiDomainsReader.hourly` nil, the section dropped), and with no reader its
    /// `latitude` and `longitude` are `.nan`, which `Helper/Writer/JsonWriter.swift` writes
    /// unquoted as Swift prints them: `{"latitude":nan,"longitude":nan,...`, not JSON. rain
    /// asks only inside the grid (`EnsembleModel.covers`); that exact start, from a cell the
    /// server finds masked at the grid's edge, is read as no cover without parsing the rest.
    static func decode(_ body: Data, model: EnsembleModel, units: UnitSystem, now: Date) throws(ForecastError) -> EnsembleRuns? {
        if body.starts(with: noGridPoint) { return nil }
        return try ForecastError.decoding(body) { root throws(JSONError) -> EnsembleRuns? in
            guard root.kind == .object else { throw root.mismatch(N_("an object")) }
            if try root.member("hourly") == nil, try root.member("hourly_units") == nil { return nil }
            let hourly = try root.requiredMember("hourly")
            let columns = try OpenMeteoDecoder.Columns(hourly)
            if zip(columns.times, columns.times.dropFirst()).contains(where: { $0 >= $1 }) {
                throw try hourly.requiredMember("time").error(N_("expected times in rising order"))
            }
            let labels = try root.member("hourly_units")
            let kept = OpenMeteoDecoder.askedHours(columns.times, pastDays: EnsembleService.pastDays, forecastDays: model.forecastDays, now: now)
            func column(_ key: String, unit: String) throws(JSONError) -> [Double?]? {
                guard try columns.block.member(key) != nil else { return nil }
                if let label = try labels?.member(key) {
                    let text = try label.requiredString()
                    guard text == unit else {
                        throw label.error(N_("expected values in {units}, found \"{found}\""),
                                          ["units": .verbatim(unit), "found": .verbatim(String(text.strippingControlCharacters.prefix(20)))])
                    }
                }
                return try columns.numbers(key)
            }
            func trimmed(_ values: [Double?]?) -> [Double?]? { values.map { values in kept.map { values[$0] } } }
            let degrees = units == .us ? "°F" : "°C"
            var found: [(temperature: [Double?]?, precipitation: [Double?]?)] = []
            for member in 0..<model.members {
                let suffix = member == 0 ? "" : "_member" + (member < 10 ? "0" : "") + String(member)
                // Sums of the hour before each time, moved to the hour they fell in; a sum below
                // zero is none a run can have (missing, not dry).
                let sums = try column("precipitation" + suffix, unit: "mm")
                    .map { $0.map { $0.flatMap { $0 >= 0 ? $0 : nil } } }.map(OpenMeteoDecoder.Columns.endingAtNext)
                found.append((trimmed(try column("temperature_2m" + suffix, unit: degrees)), trimmed(sums)))
            }
            let withRain = found.contains { $0.precipitation != nil }
            let runs = found.filter { $0.temperature != nil && (!withRain || $0.precipitation != nil) }
            guard !runs.isEmpty else { throw root.error(N_("missing \"{key}\""), ["key": .verbatim("temperature_2m")]) }
            return EnsembleRuns(model: model, times: kept.map { columns.times[$0] },
                                temperature: runs.compactMap(\.temperature), precipitation: runs.compactMap(\.precipitation),
                                runStart: Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 86400).rounded(.down) * 86400), asked: now)
        }
    }
}
