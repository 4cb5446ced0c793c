import FoundationEssentials
import RainKit

extension ForecastViewContext {
    /// Today's sun and moon at the place: sunrise, sunset, the day's length and how it changed
    /// since yesterday (or the polar night or midnight sun instead), then the moon's phase, how
    /// much of it is lit, and when it rises and sets. Parts that do not fit the line go to
    /// the next.
    func skySection(on day: Date? = nil) -> [String] {
        guard let today = forecast.daily.first(where: { clock.isSameDay($0.time, day ?? now) }) else { return [] }
        var lines: [String] = []
        let sun = sunParts(today)
        if !sun.isEmpty { lines += flowed(sun, symbol: "☀") }
        let moon = moonParts(today)
        if !moon.isEmpty {
            let symbol = today.moonPhase.map { MoonGlyph.glyph(forFraction: $0, southern: location.coordinate.latitude < 0) } ?? "○"
            lines += flowed(moon, symbol: symbol)
        }
        return lines
    }

    func sunParts(_ day: Forecast.Day) -> [String] {
        switch day.polar {
        case .night: return [tr("Polar night: the sun stays below the horizon")]
        case .day: return [tr("Midnight sun: the sun stays up all day")]
        case nil: break
        }
        guard day.sunrise != nil || day.sunset != nil else { return [] }
        var parts: [String] = []
        if let sunrise = day.sunrise { parts.append(tr("Sunrise {time}", ["time": clock.roundedTime(sunrise)])) }
        if let sunset = day.sunset { parts.append(tr("Sunset {time}", ["time": clock.roundedTime(sunset)])) }
        if let length = day.daylightSeconds {
            let daylight = tr("Daylight {length}", ["length": Self.duration(length, localization)])
            if let change = forecast.daylightChange(forDayStartingAt: day.time, at: location.coordinate) {
                let since = "(\(Self.change(change, localization)))"
                // The change on a line of its own where the line has no room for both (40 columns).
                if 5 + daylight.displayWidth + 1 + since.displayWidth > visibleWidth {
                    parts += [daylight, since]
                } else {
                    parts.append(daylight + " " + since)
                }
            } else {
                parts.append(daylight)
            }
        }
        return parts
    }

    func moonParts(_ day: Forecast.Day) -> [String] {
        guard let phase = day.moonPhase else { return [] }
        let name = tr(MoonPhase.name(forFraction: phase).words)
        var parts = [day.moonIllumination.map { tr("{phase}, {percent} lit", ["phase": name, "percent": MeasureFormat.percent($0)]) } ?? name]
        let moonrise = { (time: Date) in tr("Moonrise {time}", ["time": clock.roundedTime(time)]) }
        let moonset = { (time: Date) in tr("Moonset {time}", ["time": clock.roundedTime(time)]) }
        switch (day.moonrise, day.moonset) {
        case (nil, nil):
            // As the sun's line says polar night and midnight sun.
            switch forecast.moonStaysUp(forDayStartingAt: day.time, at: location.coordinate) {
            case true?: parts.append(tr("The moon stays up all day"))
            case false?: parts.append(tr("The moon stays below the horizon all day"))
            case nil: break
            }
        case (let rise?, let set?) where set < rise:
            parts += [moonset(set), moonrise(rise)]
        default:
            parts.append(day.moonrise.map(moonrise) ?? tr("No moonrise"))
            parts.append(day.moonset.map(moonset) ?? tr("No moonset"))
        }
        return parts
    }

    /// `  ☀  one  ·  two  ·  three`, going on under the first part where the line is full.
    private func flowed(_ parts: [String], symbol: String) -> [String] {
        var lines: [String] = []
        var line = "  \(symbol) "
        let indent = "    "
        for part in parts {
            let isFirst = line.displayWidth <= indent.displayWidth
            if !isFirst && line.displayWidth + 5 + part.displayWidth > visibleWidth {
                lines.append(line)
                line = indent
            }
            line += (line.displayWidth <= indent.displayWidth ? " " : "  ·  ") + part
        }
        lines.append(line)
        return lines
    }

    /// "13 h 36 min".
    static func duration(_ seconds: Double, _ localization: Localization = .english) -> String {
        let minutes = Int((seconds / 60).rounded())
        guard minutes >= 60 else { return localization.tr("{minutes} min", ["minutes": String(minutes)]) }
        return localization.tr("{hours} h {minutes} min", ["hours": String(minutes / 60), "minutes": String(minutes % 60)])
    }

    /// "+3 min 40 s", "-2 min", "-52 s", "±0 s".
    static func change(_ seconds: Double, _ localization: Localization = .english) -> String {
        let whole = Int(seconds.rounded())
        let sign = whole > 0 ? "+" : (whole < 0 ? "-" : "±")
        let size = abs(whole)
        guard size >= 60 else { return sign + localization.tr("{seconds} s", ["seconds": String(size)]) }
        guard size % 60 != 0 else { return sign + localization.tr("{minutes} min", ["minutes": String(size / 60)]) }
        return sign + localization.tr("{minutes} min {seconds} s", ["minutes": String(size / 60), "seconds": String(size % 60)])
    }
}

/// The moon as one column: ○ new, ● full, and the half lit on the side it is lit from where
/// the place is (◑ the right half, ◐ the left): a waxing moon is lit on the right in the
/// northern hemisphere and on the left in the southern.
public enum MoonGlyph {
    public static func glyph(forFraction fraction: Double, southern: Bool) -> String {
        switch MoonPhase.name(forFraction: fraction) {
        case .new: return "○"
        case .full: return "●"
        case .waxingCrescent, .firstQuarter, .waxingGibbous: return southern ? "◐" : "◑"
        case .waningGibbous, .lastQuarter, .waningCrescent: return southern ? "◑" : "◐"
        }
    }
}

extension ForecastView {
    /// The hours the screen can show: from the hour now on.
    public static func hoursAhead(in forecast: Forecast, now: Date) -> [Forecast.Hour] {
        forecast.hourly.filter { $0.time.timeIntervalSince(now) > -3600 }
    }

    /// The days the screen shows without `--days`: a week from today, of the 8 or more a
    /// forecast has.
    public static let defaultDayCount = 7

    /// The days the screen can show: from today (in the place's zone) on.
    public static func daysAhead(in forecast: Forecast, now: Date) -> [Forecast.Day] {
        daysAhead(in: forecast, now: now, clock: Presentation().clock(forecast))
    }

    static func daysAhead(in forecast: Forecast, now: Date, clock: LocalClock) -> [Forecast.Day] {
        let today = clock.startOfDay(now)
        return forecast.daily.filter { clock.startOfDay($0.time) >= today }
    }
}
