import FoundationEssentials

/// The `spread` object of `rain show --json --spread` (`docs/forecast-json.md`).
enum ForecastSpreadFields {
    typealias Field = JSONField

    /// A percentile to a hundredth of a degree, a share to a thousandth: what the runs can
    /// tell, without the interpolation's float noise (`2.1900000000000004`).
    private static func hundredths(_ value: Double?) -> Double? { value.map { ($0 * 100).rounded() / 100 } }
    private static func thousandths(_ value: Double?) -> Double? { value.map { ($0 * 1000).rounded() / 1000 } }

    static let hour = JSONFields<ForecastSpread.Hour>([
        Field("time", .time({ $0.time }, { $0.time = $1 })),
        Field("temperature_p10", .number({ hundredths($0.temperatureP10) }, { $0.temperatureP10 = $1 })),
        Field("temperature_p50", .number({ hundredths($0.temperatureP50) }, { $0.temperatureP50 = $1 })),
        Field("temperature_p90", .number({ hundredths($0.temperatureP90) }, { $0.temperatureP90 = $1 })),
        Field("precip_chance", .number({ thousandths($0.precipChance) }, { $0.precipChance = $1 })),
    ], naming: .rain)

    static let day = JSONFields<ForecastSpread.Day>([
        Field("time", .time({ $0.time }, { $0.time = $1 })),
        Field("temperature_high_p10", .number({ hundredths($0.highP10) }, { $0.highP10 = $1 })),
        Field("temperature_high_p50", .number({ hundredths($0.highP50) }, { $0.highP50 = $1 })),
        Field("temperature_high_p90", .number({ hundredths($0.highP90) }, { $0.highP90 = $1 })),
        Field("temperature_low_p10", .number({ hundredths($0.lowP10) }, { $0.lowP10 = $1 })),
        Field("temperature_low_p50", .number({ hundredths($0.lowP50) }, { $0.lowP50 = $1 })),
        Field("temperature_low_p90", .number({ hundredths($0.lowP90) }, { $0.lowP90 = $1 })),
        Field("precip_chance", .number({ thousandths($0.precipChance) }, { _, _ in })),
        Field("rain_runs", .number({ Double($0.rainRuns) }, { $0.rainRuns = Int($1 ?? 0) })),
        Field("runs", .number({ Double($0.runs) }, { $0.runs = Int($1 ?? 0) })),
    ], naming: .rain)

    static let spread = JSONFields<ForecastSpread>([
        Field("model", .name({ $0.model }, { $0.model = $1 })),
        Field("members", .number({ Double($0.members) }, { $0.members = Int($1 ?? 0) })),
        Field("hourly", .list({ $0.hourly }, { $0.hourly = $1 }, hour, ForecastSpread.Hour(time: .distantPast))),
        Field("daily", .list({ $0.daily }, { $0.daily = $1 }, day, ForecastSpread.Day(time: .distantPast, rainRuns: 0, runs: 0))),
    ], naming: .rain)
}
