import FoundationEssentials

/// Reads an Air Quality API answer (`AirQualityService`): `hourly` columns with a `time`
/// column in unix seconds, their units in `hourly_units`, checked: a column in another unit is
/// refused, one whose unit is "undefined" or whose values are all null is not served. Times that
/// do not increase (all equal: every hour lost) refuse the answer; a value no index or
/// concentration can be (below zero, not finite, above `plausibleIndex`,
/// `plausibleConcentration` or `plausiblePollen`) is missing, its hour kept, and with an index
/// its category and notification. `current` is the hour `now` falls in;
/// `hourly` runs from the hour 24 hours before it to the last asked for
/// (`AirQualityService.hours`).
enum AirQualityDecoder {
    /// The highest index read. Both indices are extrapolated past their top band, but even
    /// the EEA's index of 37 mg/m³ of PM10 (ten times a severe dust storm's) is below it.
    static let plausibleIndex = 10_000.0

    /// The highest concentration read of each variable, μg/m³ (pollen grains/m³): well above
    /// the highest ever measured near the ground, so that a real extreme is shown, and far
    /// below the sentinels and overflows a broken server sends (99,999,999). A value above is
    /// missing, its hour kept, as an index above `plausibleIndex` is.
    static let plausibleConcentration: [String: Double] = [
        // Wildfire smoke and Delhi's winter smog reach a few thousand μg/m³ an hour.
        "pm2_5": 20_000,
        // Dust storms measure above 10,000 μg/m³ an hour; dust is part of PM10.
        "pm10": 50_000, "dust": 50_000,
        // 2,500 μg/m³ is about 1.3 ppm, twice the highest surface ozone measured.
        "ozone": 2_500,
        // 10,000 μg/m³ is about 5 ppm, above the US index's top (2,049 ppb).
        "nitrogen_dioxide": 10_000,
        // Beside erupting volcanoes hourly SO₂ has passed 20,000 μg/m³.
        "sulphur_dioxide": 100_000,
        // 500 mg/m³ is about 430 ppm, several times a wildfire front's and the US index's top (50 ppm).
        "carbon_monoxide": 500_000,
    ]
    /// Grains/m³ of any pollen: the highest hourly counts of birch, the heaviest, are tens of
    /// thousands.
    static let plausiblePollen = 100_000.0

    static func decode(_ body: Data, now: Date) throws(ForecastError) -> AirQuality {
        try ForecastError.decoding(body) { root throws(JSONError) in
            guard root.kind == .object else { throw root.mismatch(N_("an object")) }
            let hourly = try root.requiredMember("hourly")
            let columns = try OpenMeteoDecoder.Columns(hourly)
            if zip(columns.times, columns.times.dropFirst()).contains(where: { $0 >= $1 }) {
                throw try hourly.requiredMember("time").error(N_("expected times in rising order"))
            }
            let units = try root.member("hourly_units")
            func values(_ key: String, _ unit: String, upTo highest: Double) throws(JSONError) -> [Double?] {
                if let label = try units?.member(key) {
                    let text = try label.requiredString()
                    if text == OpenMeteoDecoder.UnitCheck.undefined { return Array(repeating: nil, count: columns.times.count) }
                    guard text == unit else {
                        throw label.error(N_("expected values in {units}, found \"{found}\""),
                                          ["units": .verbatim(unit), "found": .verbatim(String(text.strippingControlCharacters.prefix(20)))])
                    }
                }
                return try columns.numbers(key).map { value in value.flatMap { $0 >= 0 && $0 <= highest && $0.isFinite ? $0 : nil } }
            }
            func micrograms(_ key: String) throws(JSONError) -> [Double?] {
                try values(key, "μg/m³", upTo: Self.plausibleConcentration[key]!)
            }
            let european = try values("european_aqi", "EAQI", upTo: Self.plausibleIndex)
            let us = try values("us_aqi", "USAQI", upTo: Self.plausibleIndex)
            let pm2_5 = try micrograms("pm2_5"), pm10 = try micrograms("pm10")
            let ozone = try micrograms("ozone"), no2 = try micrograms("nitrogen_dioxide")
            let so2 = try micrograms("sulphur_dioxide"), co = try micrograms("carbon_monoxide")
            let dust = try micrograms("dust")
            var pollen: [(PollenKind, [Double?])] = []
            for kind in PollenKind.allCases {
                let column = try values(kind.variable, "grains/m³", upTo: Self.plausiblePollen)
                if column.contains(where: { $0 != nil }) { pollen.append((kind, column)) }
            }
            // The hours asked (`AirQualityService.hours`), by rain's clock; a server whose hour
            // differs, or one that sends more (years of them, megabytes), cannot make what is
            // kept larger than asked, nor so large the cache could not be read back.
            let (first, end) = AirQualityService.hours(now: now)
            let most = Int((end - first) / 3600)
            let kept = Array(columns.times.indices.lazy.filter { (first..<end).contains(columns.times[$0].timeIntervalSince1970) }.prefix(most))
            let hours = kept.map { i in
                var reading = AirQuality.Reading(time: columns.times[i])
                reading.europeanAQI = european[i]
                reading.usAQI = us[i]
                reading.pm2_5 = pm2_5[i]
                reading.pm10 = pm10[i]
                reading.ozone = ozone[i]
                reading.nitrogenDioxide = no2[i]
                reading.sulphurDioxide = so2[i]
                reading.carbonMonoxide = co[i]
                reading.dust = dust[i]
                for (kind, column) in pollen { reading.pollen[kind] = column[i] }
                return reading
            }
            let current = hours.last { $0.time <= now && now.timeIntervalSince($0.time) < 3600 }
            // In whole seconds, as the cache writes times: what is read back is what was kept.
            let fetchedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
            return AirQuality(current: current, hourly: hours, fetchedAt: fetchedAt)
        }
    }
}
