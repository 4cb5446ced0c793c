import FoundationEssentials

/// The `air` object of rain's forecast document (the cache and `show --json`,
/// `docs/forecast-json.md`): `current` and `hourly[]`, each reading with its `time`, both
/// indices, the concentrations and `pollen` (grains/m³ by kind, only where served).
enum AirQualityFields {
    typealias Field = JSONField

    static let pollen = JSONFields<AirQuality.Pollen>(PollenKind.allCases.map { kind in
        Field(kind.rawValue, .number({ $0[kind] }, { $0[kind] = $1 }))
    }, naming: .rain)

    static let reading = JSONFields<AirQuality.Reading>([
        Field("time", .time({ $0.time }, { $0.time = $1 })),
        Field("european_aqi", .number({ $0.europeanAQI }, { $0.europeanAQI = $1 })),
        Field("us_aqi", .number({ $0.usAQI }, { $0.usAQI = $1 })),
        Field("pm2_5", .number({ $0.pm2_5 }, { $0.pm2_5 = $1 })),
        Field("pm10", .number({ $0.pm10 }, { $0.pm10 = $1 })),
        Field("ozone", .number({ $0.ozone }, { $0.ozone = $1 })),
        Field("nitrogen_dioxide", .number({ $0.nitrogenDioxide }, { $0.nitrogenDioxide = $1 })),
        Field("sulphur_dioxide", .number({ $0.sulphurDioxide }, { $0.sulphurDioxide = $1 })),
        Field("carbon_monoxide", .number({ $0.carbonMonoxide }, { $0.carbonMonoxide = $1 })),
        Field("dust", .number({ $0.dust }, { $0.dust = $1 })),
        Field("pollen", .object({ $0.pollen.isEmpty ? nil : $0.pollen }, { $0.pollen = $1 ?? AirQuality.Pollen() },
                                pollen, AirQuality.Pollen())),
    ], naming: .rain)

    /// `index`: what the screen shows of the air now, in ids a script compares, not words.
    static let shownIndex = JSONFields<AirQualityShownIndex>([
        Field("scale", .requiredChoice({ $0.scale }, { $0.scale = $1 })),
        Field("time", .time({ $0.time }, { $0.time = $1 })),
        Field("value", .number({ $0.value }, { $0.value = $1 ?? 0 })),
        Field("category", .requiredChoice({ $0.category }, { $0.category = $1 })),
        Field("pollutant", .choice({ $0.pollutant }, { $0.pollutant = $1 })),
    ], naming: .rain)

    static let air = JSONFields<AirQuality>([
        Field("current", .object({ $0.current }, { $0.current = $1 }, reading, .blank)),
        Field("hourly", .list({ $0.hourly }, { $0.hourly = $1 }, reading, .blank)),
        Field("fetched_at", .optionalTime({ $0.fetchedAt }, { $0.fetchedAt = $1 })),
        // Worked out for `rain show --json` (`CachedForecast.showing`); never read back.
        Field("index", .writtenOnly { air in
            air.shownIndex.map { index in .nested { writer, depth in shownIndex.write(index, to: &writer, depth: depth) } }
        }),
    ], naming: .rain)
}
