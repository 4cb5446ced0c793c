import FoundationEssentials

/// The two indices Open-Meteo serves, their category bands and the pollutant that drives a
/// reading's index. The bands and breakpoints are the service's: open-meteo/open-meteo
/// `Sources/App/Helper/AirQuality.swift` (`EuropeanAirQuality`, the EEA's bands as revised in
/// 2024; `UnitedStatesAirQuality`, the EPA's) and open-meteo/open-meteo-website
/// `src/routes/en/docs/air-quality-api/+page.svelte` (the tables of both indices). An index is
/// the highest of its pollutants' sub-indices, each interpolated between its band's thresholds.
/// Its raw value is its id in `rain show --json` (`"very_poor"`), never translated.
public enum AirQualityCategory: String, Sendable, CaseIterable {
    // European: 0-20 good, 20-40 fair, 40-60 moderate, 60-80 poor, 80-100 very poor, above 100
    // extremely poor. US: 0-50 good, 51-100 moderate, 101-150 unhealthy for sensitive groups,
    // 151-200 unhealthy, 201-300 very unhealthy, 301 and above hazardous.
    case good, fair, moderate, poor, veryPoor = "very_poor", extremelyPoor = "extremely_poor"
    case unhealthyForSensitiveGroups = "unhealthy_for_sensitive_groups", unhealthy, veryUnhealthy = "very_unhealthy", hazardous

    /// The category of `index` (rounded to a whole number, as it is shown) on `scale`.
    public init(index: Double, on scale: AirQualityScale) {
        let value = index.rounded()
        switch scale {
        case .european:
            switch value {
            case ..<20: self = .good
            case ..<40: self = .fair
            case ..<60: self = .moderate
            case ..<80: self = .poor
            case ...100: self = .veryPoor
            default: self = .extremelyPoor
            }
        case .us:
            switch value {
            case ...50: self = .good
            case ...100: self = .moderate
            case ...150: self = .unhealthyForSensitiveGroups
            case ...200: self = .unhealthy
            case ...300: self = .veryUnhealthy
            default: self = .hazardous
            }
        }
    }

    /// Its word on a screen, marked for translation.
    public var word: String {
        switch self {
        case .good: return N_("Good")
        case .fair: return N_("Fair")
        case .moderate: return N_("Moderate")
        case .poor: return N_("Poor")
        case .veryPoor: return N_("Very poor")
        case .extremelyPoor: return N_("Extremely poor")
        case .unhealthyForSensitiveGroups: return N_("Unhealthy for sensitive groups")
        case .unhealthy: return N_("Unhealthy")
        case .veryUnhealthy: return N_("Very unhealthy")
        case .hazardous: return N_("Hazardous")
        }
    }
}

/// The pollutants an index is made of. Its raw value is its key in the forecast document's
/// `air` readings (`"nitrogen_dioxide"`).
public enum Pollutant: String, Sendable, CaseIterable {
    case pm2_5, pm10, ozone, nitrogenDioxide = "nitrogen_dioxide", sulphurDioxide = "sulphur_dioxide", carbonMonoxide = "carbon_monoxide"

    /// Its short name on a screen (chemical formulas are not translated).
    public var symbol: String {
        switch self {
        case .pm2_5: return "PM2.5"
        case .pm10: return "PM10"
        case .ozone: return "O₃"
        case .nitrogenDioxide: return "NO₂"
        case .sulphurDioxide: return "SO₂"
        case .carbonMonoxide: return "CO"
        }
    }

    /// The same for a terminal that takes ASCII only.
    public var asciiSymbol: String {
        switch self {
        case .ozone: return "O3"
        case .nitrogenDioxide: return "NO2"
        case .sulphurDioxide: return "SO2"
        default: return symbol
        }
    }
}

public enum AirQualityIndex {
    /// The pollutant whose sub-index is the highest at `position` of `hours` on `scale` (the
    /// one that sets the index), from the concentrations served; nil when none is known.
    /// The US sub-indices average the hours before the hour, as the service does (PM over 24
    /// hours, ozone and CO over 8; SO₂ over 24 above 305 ppb): the request asks for the day before.
    public static func drivingPollutant(of hours: [AirQuality.Reading], at position: Int, on scale: AirQualityScale) -> Pollutant? {
        let subIndices = Pollutant.allCases.compactMap { pollutant -> (Pollutant, Double)? in
            let index = scale == .european ? european(pollutant, hours[position])
                                           : us(pollutant, hours, at: position)
            return index.map { (pollutant, $0) }
        }
        return subIndices.max { $0.1 < $1.1 }?.0
    }

    /// The driving pollutant of `air` at `date` (its hour).
    public static func drivingPollutant(of air: AirQuality, at date: Date, on scale: AirQualityScale) -> Pollutant? {
        guard let position = air.hourly.lastIndex(where: { $0.time <= date && date.timeIntervalSince($0.time) < 3600 }) else {
            return nil
        }
        return drivingPollutant(of: air.hourly, at: position, on: scale)
    }

    // MARK: European (hourly concentrations, μg/m³)

    static let europeanThresholds: [Pollutant: [Double]] = [
        .nitrogenDioxide: [0, 10, 25, 60, 100, 150],
        .ozone: [0, 60, 100, 120, 160, 180],
        .sulphurDioxide: [0, 20, 40, 125, 190, 275],
        .pm2_5: [0, 5, 15, 50, 90, 140],
        .pm10: [0, 15, 45, 120, 195, 270],
    ]

    static func european(_ pollutant: Pollutant, _ reading: AirQuality.Reading) -> Double? {
        guard let thresholds = europeanThresholds[pollutant], let value = concentration(pollutant, reading) else { return nil }
        return position(of: value, in: thresholds) * 20
    }

    // MARK: United States

    static let usPM2_5: [Double] = [0, 9, 35.5, 55.5, 125.5, 225.5, 325.5, 500]
    static let usPM10: [Double] = [0, 55, 155, 255, 355, 425, 505, 605]
    static let usCO: [Double] = [0, 4.5, 9.5, 12.5, 15.5, 30.5, 40.5, 50.5]
    static let usNO2: [Double] = [0, 54, 100, 360, 650, 1250, 1650, 2050]
    /// The service's tables as it writes them, NaN where a table does not apply: ozone's
    /// 8-hour mean decides up to 200 ppb, the hour's own from 125 ppb (the higher of the two
    /// between, the hour's alone above 200); SO₂'s hour up to 305 ppb, its 24-hour mean above.
    static let usO3Hourly: [Double] = [.nan, .nan, 125, 165, 205, 405, 505, 605]
    static let usO3EightHours: [Double] = [0, 55, 70, 85, 105, 200, .nan, .nan]
    static let usSO2Hourly: [Double] = [0, 35, 75, 185, 305, .nan, .nan, .nan]
    static let usSO2Day: [Double] = [.nan, .nan, .nan, .nan, 305, 605, 805, 1005]

    /// Class 0...7 to the index 0...500.
    static func scaled(_ value: Double) -> Double { value <= 4 ? value * 50 : value * 100 - 200 }

    /// As open-meteo/open-meteo computes them (`Sources/App/Cams/CamsReader.swift`, `us_aqi_*`;
    /// `Sources/App/Helper/AirQuality.swift`, `UnitedStatesAirQuality`): PM's 24-hour and CO's
    /// 8-hour means, and ozone's 8-hour mean, are of the hours before the hour, without it
    /// (`time.with(start: -24 h)` and `slidingAverageDroppingFirstDt`); nil where a mean lacks
    /// an hour or no table applies.
    static func us(_ pollutant: Pollutant, _ hours: [AirQuality.Reading], at position: Int) -> Double? {
        func mean(_ count: Int) -> Double? {
            guard position >= count else { return nil }
            let values = hours[(position - count)..<position].compactMap { concentration(pollutant, $0) }
            return values.count == count ? values.reduce(0, +) / Double(count) : nil
        }
        func index(_ position: Double) -> Double? { position.isNaN ? nil : scaled(position) }
        guard let hourly = concentration(pollutant, hours[position]) else { return nil }
        switch pollutant {
        case .pm2_5: return mean(24).flatMap { index(extrapolated($0, in: usPM2_5)) }
        case .pm10: return mean(24).flatMap { index(extrapolated($0, in: usPM10)) }
        case .carbonMonoxide: return mean(8).flatMap { index(extrapolated($0 / 1.15 / 1000, in: usCO)) }
        case .nitrogenDioxide: return index(extrapolated(hourly / 1.88, in: usNO2))
        case .sulphurDioxide:
            let hour = extrapolated(hourly / 2.62, in: usSO2Hourly)
            return hour.isNaN ? mean(24).flatMap { index(extrapolated($0 / 2.62, in: usSO2Day)) } : index(hour)
        case .ozone:
            let hour = extrapolated(hourly / 1.96, in: usO3Hourly)
            let eight = mean(8).map { extrapolated($0 / 1.96, in: usO3EightHours) } ?? .nan
            if hour.isNaN { return index(eight) }
            return eight.isNaN ? index(hour) : index(max(hour, eight))
        }
    }

    /// The service's `positionExtrapolated` to the letter: where `value` falls among
    /// `thresholds`, extrapolated past the last; NaN below a NaN threshold or past one.
    static func extrapolated(_ value: Double, in thresholds: [Double]) -> Double {
        var previous = Double.nan, slope = Double.nan
        for (i, threshold) in thresholds.enumerated() {
            slope = threshold - previous
            if value < threshold { return Double(i - 1) + (value - previous) / slope }
            previous = threshold
        }
        return Double(thresholds.count - 1) + (value - previous) / slope
    }

    // MARK: Both

    static func concentration(_ pollutant: Pollutant, _ reading: AirQuality.Reading) -> Double? {
        switch pollutant {
        case .pm2_5: return reading.pm2_5
        case .pm10: return reading.pm10
        case .ozone: return reading.ozone
        case .nitrogenDioxide: return reading.nitrogenDioxide
        case .sulphurDioxide: return reading.sulphurDioxide
        case .carbonMonoxide: return reading.carbonMonoxide
        }
    }

    /// Where `value` falls among `thresholds` as a fractional position (2.5: half-way between
    /// the third and fourth), extrapolated beyond the last (the service's `positionExtrapolated`).
    static func position(of value: Double, in thresholds: [Double]) -> Double {
        guard value > thresholds[0] else { return 0 }
        for i in 1..<thresholds.count where value < thresholds[i] {
            return Double(i - 1) + (value - thresholds[i - 1]) / (thresholds[i] - thresholds[i - 1])
        }
        let n = thresholds.count
        return Double(n - 2) + (value - thresholds[n - 2]) / (thresholds[n - 1] - thresholds[n - 2])
    }
}
