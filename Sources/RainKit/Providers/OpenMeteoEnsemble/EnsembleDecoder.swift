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
}

enum EnsembleDecoder {
    static func decode(_ body: Data, model: EnsembleModel, units: UnitSystem) throws(ForecastError) -> EnsembleRuns {
        try ForecastError.decoding(body) { root throws(JSONError) in
            guard root.kind == .object else { throw root.mismatch(N_("an object")) }
            let columns = try OpenMeteoDecoder.Columns(try root.requiredMember("hourly"))
            let labels = try root.member("hourly_units")
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
            let degrees = units == .us ? "°F" : "°C"
            var temperature: [[Double?]] = [], precipitation: [[Double?]] = []
            for member in 0..<model.members {
                let suffix = member == 0 ? "" : "_member" + (member < 10 ? "0" : "") + String(member)
                if let values = try column("temperature_2m" + suffix, unit: degrees) { temperature.append(values) }
                // Sums of the hour before each time, moved to the hour they fell in.
                if let values = try column("precipitation" + suffix, unit: "mm") {
                    precipitation.append(OpenMeteoDecoder.Columns.endingAtNext(values))
                }
            }
            guard !temperature.isEmpty else { throw root.error(N_("missing \"{key}\""), ["key": .verbatim("temperature_2m")]) }
            return EnsembleRuns(model: model, times: columns.times, temperature: temperature, precipitation: precipitation)
        }
    }
}
