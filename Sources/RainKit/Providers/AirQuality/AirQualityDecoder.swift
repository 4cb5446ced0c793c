import FoundationEssentials

/// Reads an Air Quality API answer (`AirQualityService`): `hourly` columns with a `time`
/// column in unix seconds, their units in `hourly_units`, checked: a column in another unit is
/// refused, one whose unit is "undefined" or whose values are all null is not served. Times that
/// do not increase (all equal: every hour lost) refuse the answer; a value no index or
/// concentration can be (below zero, not finite, an index above `plausibleIndex`) is missing,
/// and with it the index's category and notification. `current` is the hour `now` falls in;
/// `hourly` runs from the hour 24 hours before it to the last asked for
/// (`AirQualityService.hours`).
enum AirQualityDecoder {
    /// The highest index read. Both indices are extrapolated past their top band, but even
    /// the EEA's index of 37 mg/m³ of PM10 (ten times a severe dust storm's) is below it.
    static let plausibleIndex = 10_000.0

    static func decode(_ body: Data, now: Date) throws(ForecastError) -> AirQuality {
        try ForecastError.decoding(body) { root throws(JSONError) in
            guard root.kind == .object else { throw root.mismatch(N_("an object")) }
            let hourly = try root.requiredMember("hourly")
            let columns = try OpenMeteoDecoder.Columns(hourly)
            if zip(columns.times, columns.times.dropFirst()).contains(where: { $0 >= $1 }) {
                throw try hourly.requiredMember("time").error(N_("expected times in rising order"))
            }
            let units = try root.member("hourly_units")
            func values(_ key: String, _ unit: String, upTo highest: Double = .infinity) throws(JSONError) -> [Double?] {
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
            let micrograms = "μg/m³"
            let european = try values("european_aqi", "EAQI", upTo: Self.plausibleIndex)
            let us = try values("us_aqi", "USAQI", upTo: Self.plausibleIndex)
            let pm2_5 = try values("pm2_5", micrograms), pm10 = try values("pm10", micrograms)
            let ozone = try values("ozone", micrograms), no2 = try values("nitrogen_dioxide", micrograms)
            let so2 = try values("sulphur_dioxide", micrograms), co = try values("carbon_monoxide", micrograms)
            let dust = try values("dust", micrograms)
            var pollen: [(PollenKind, [Double?])] = []
            for kind in PollenKind.allCases {
                let column = try values(kind.variable, "grains/m³")
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
