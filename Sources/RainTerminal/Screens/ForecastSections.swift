import FoundationEssentials
import RainKit

extension ForecastViewContext {
    /// The place, its local time now, and the data's age.
    func header() -> [String] {
        let zone = clock.isKnownZone ? "(\(clock.offsetLabel(at: now)))" : tr("UTC (unknown time zone)")
        let localTime = "\(clock.dateAndTime(now)) \(zone)"
        let name = style.bold(location.name.screenSafe)
        let coordinate = location.coordinate
        // The hemispheres in the language's own letters or words ("13.41° O", "東経13.41°").
        let latitude = localization.decimal(abs(coordinate.latitude).fixed(2))
        let longitude = localization.decimal(abs(coordinate.longitude).fixed(2))
        let place = (coordinate.latitude < 0 ? tr("{degrees}° S", ["degrees": latitude]) : tr("{degrees}° N", ["degrees": latitude])) + ", "
            + (coordinate.longitude < 0 ? tr("{degrees}° W", ["degrees": longitude]) : tr("{degrees}° E", ["degrees": longitude]))
        let age = AgeFormatter.string(since: fetchedAt, now: now, localization: localization)
        let updatedWords = tr("updated {age}", ["age": age])
        // The age on a line of its own where both do not fit (it was cut at 40 columns).
        let whole = place + " · " + updatedWords
        let updated = whole.displayWidth <= visibleWidth || !cutsLines ? [style.dim(whole)] : [style.dim(place), style.dim(updatedWords)]
        guard name.displayWidth + localTime.displayWidth + 2 > visibleWidth else { return [spread(name, localTime)] + updated }
        return [name, localTime] + updated
    }

    /// Conditions now and the next-hour sentence; `withPressure`: pressure and visibility too,
    /// and `withChart` the next hour's chart, which a small window gives up.
    /// `brief`: without the details line, the conditions and the temperatures on one line where
    /// they fit (`show --spread` on a small window, before it gives up a day).
    func currentSection(withPressure: Bool = true, withChart: Bool = true, brief: Bool = false) -> [String] {
        var lines: [String] = []
        // The chance beside the conditions and the next hour's sentence agree: where the steps
        // bring precipitation within the hour, the chance is the next hour's.
        let shownConditions = forecast.conditions(at: now)
        let chance = NextHourOutlook.chanceShown(forecast, chanceNow: shownConditions?.conditions.precipProbability ?? forecast.current?.precipProbability, now: now)
        // Conditions hours old (an old cache, offline) give way to the forecast's hour for now.
        if let (conditions, hourFrom) = shownConditions {
            var current = conditions
            current.precipProbability = chance
            let symbol = WeatherSymbol.symbol(for: current.icon)
            let summary = (current.summary?.screenSafe).flatMap { $0.isEmpty ? nil : tr($0) }
                ?? IconCondition.name(forIcon: current.icon).map { tr($0) } ?? tr("Now")
            let forecastFor = hourFrom.map { "  " + style.dim(tr("(the forecast for {time})", ["time": clock.time($0)])) } ?? ""
            lines.append("  \(symbol)  \(style.bold(summary))" + forecastFor)
            var temperatures = "     \(temperature(current.temperature))"
            if current.apparentTemperature != nil {
                temperatures += tr(", feels like {temperature}", ["temperature": temperature(current.apparentTemperature)])
            }
            let oneLine = lines[lines.count - 1] + "  " + temperatures.drop { $0 == " " }
            if brief && oneLine.displayWidth <= visibleWidth {
                lines[lines.count - 1] = oneLine
            } else {
                lines.append(temperatures)
            }
            var detailLine = "    "
            for part in brief ? [] : details(current, withPressure: withPressure) {
                if detailLine.count > 4 && detailLine.displayWidth + part.displayWidth + 5 > visibleWidth {
                    lines.append(detailLine)
                    detailLine = "    "
                }
                detailLine += (detailLine.count > 4 ? "  ·  " : " ") + part
            }
            if !brief { lines.append(detailLine) }
        }
        if let sentence = NextHourOutlook.sentence(for: forecast.nextHour, units: forecast.units, now: now,
                                                   chanceNow: chance, clock: clock,
                                                   localization: localization) {
            lines.append("  " + sentence)
            if withChart { lines += nextHourChart() }
        }
        return lines
    }

    /// Under the sentence, where the next hour brings any precipitation: the hour as a
    /// one-line chart (`Sparkline.nextHour`) and the minutes it spans, "by the hour" where the
    /// steps are an hour's amount spread evenly (they cannot say when within it).
    func nextHourChart() -> [String] {
        let label = { (minutes: Int, byTheHour: Bool) in
            byTheHour ? self.tr("next {minutes} min, by the hour", ["minutes": String(minutes)])
                : self.tr("next {minutes} min", ["minutes": String(minutes)])
        }
        let room = visibleWidth - 2 - 2 - label(60, true).displayWidth
        guard let chart = Sparkline.nextHour(forecast, now: now, cells: min(30, max(10, room))),
              chart.text.contains(where: { $0 != Sparkline.levels[0] }) else { return [] }
        return ["  " + style.cyan(chart.text) + "  " + style.dim(label(chart.minutes, chart.byTheHour))]
    }

    private func details(_ current: Forecast.Conditions, withPressure: Bool) -> [String] {
        var parts: [String] = []
        if current.humidity != nil { parts.append(tr("Humidity {percent}", ["percent": MeasureFormat.percent(current.humidity)])) }
        if let speed = current.windSpeed {
            var wind = tr("Wind {speed}", ["speed": format.windText(speed)])
            if let bearing = current.windBearing, speed > 0 {
                // In ASCII the point alone: a quarter's arrow beside "NE" would say less than it.
                wind += " " + Compass.point(forBearing: bearing, localization: localization)
                    + (asciiOnly ? "" : " " + Compass.arrow(forBearing: bearing))
            }
            if let gust = current.windGust, gust > speed {
                let gusts = tr(", gusts {speed}", ["speed": format.windText(gust)])
                // The gusts on the next line where the line has no room for both (40 columns).
                if 5 + wind.displayWidth + gusts.displayWidth > visibleWidth {
                    parts += [wind, String(gusts.drop { $0 == "," || $0 == " " })]
                } else {
                    parts.append(wind + gusts)
                }
            } else {
                parts.append(wind)
            }
        }
        if current.precipProbability != nil {
            parts.append(tr(precipitationWord(precipitationType(current)), ["percent": MeasureFormat.percent(current.precipProbability)]))
        }
        if current.uvIndex != nil { parts.append(tr("UV {index}", ["index": MeasureFormat.whole(current.uvIndex)])) }
        guard withPressure else { return parts }
        if current.pressure != nil { parts.append(tr("Pressure {value}", ["value": format.pressureText(current.pressure)])) }
        if current.visibility != nil { parts.append(tr("Visibility {value}", ["value": format.distanceText(current.visibility)])) }
        return parts
    }

    /// What the chance now is a chance of: the conditions' own type, else that of the next
    /// hours that have one, else snow at or below 0 °C ("Rain 15%" stood at -4 °C beside
    /// "Light snow likely from about 02:00").
    private func precipitationType(_ current: Forecast.Conditions) -> String? {
        let known = Forecast.namedPrecipitationTypes
        if let type = current.precipType, known.contains(type) { return type }
        let next = ForecastView.hoursAhead(in: forecast, now: now).prefix(6).lazy.compactMap(\.precipType).first { known.contains($0) }
        if let next { return next }
        guard let celsius = forecast.units.celsius(current.temperature) else { return nil }
        return celsius <= 0 ? "snow" : "rain"
    }

    private func precipitationWord(_ type: String?) -> String {
        switch type {
        case "snow": return N_("Snow {percent}")
        case "sleet": return N_("Sleet {percent}")
        case "freezing_rain": return N_("Freezing rain {percent}")
        default: return N_("Rain {percent}")
        }
    }

    /// The hours ahead as columns: time, symbol, temperature, chance of precipitation. An hour
    /// the clocks repeat (the night daylight saving time ends) is marked, with a note below.
    /// - Parameter day: every hour of that day still ahead (`--day`), in as many rows as they take.
    /// - Parameter details: rows of the feels-like temperature and the wind (speed and arrow),
    ///   each named at its end, where the window leaves room for the name.
    func hoursSection(on day: Date? = nil, details: Bool = false, chances: Bool = true) -> [String] {
        var ahead = Array(ForecastView.hoursAhead(in: forecast, now: now).prefix(hourCount ?? 48))
        if let day { ahead = ForecastView.hoursAhead(in: forecast, now: now).filter { clock.isSameDay($0.time, day) } }
        guard !ahead.isEmpty else { return [] }
        let labels = HourLabels(ahead.map(\.time), clock: clock)
        let cellWidth = max(5, labels.texts.prefix(max(0, (visibleWidth - 8) / 6)).map(\.displayWidth).max() ?? 5)
        let columnWidth = cellWidth + 1
        var perRow = max(1, (visibleWidth - 8) / columnWidth)
        // The detail rows' names ("gefühlt", "odczuwalna") take the columns of an hour or two
        // where they are longer than the room after the hours (in a pipe they ran past 80).
        let nameWidth = details ? max(tr("feels").displayWidth, format.windLabel.displayWidth) : 0
        for _ in 0..<2 where perRow > 1 && visibleWidth - 2 - perRow * columnWidth - 1 < nameWidth { perRow -= 1 }
        let shown = hourCount == nil && day == nil ? Array(ahead.prefix(perRow)) : ahead
        var title = style.bold(day == nil ? localization.trn("Next hour", "Next {count} hours", count: shown.count)
                                          : localization.trn("{count} hour", "{count} hours", count: shown.count))
        if day == nil, let summary = forecast.hourlySummary?.screenSafe, !summary.isEmpty { title += "  " + summary }
        var lines = ["  " + title]
        for first in stride(from: 0, to: shown.count, by: perRow) {
            let hours = shown[first..<min(first + perRow, shown.count)]
            func row(_ cell: (Int, Forecast.Hour) -> String) -> String {
                "  " + hours.enumerated().map { cell(first + $0.offset, $0.element).padded(toDisplayWidth: cellWidth, alignment: .center) }
                    .joined(separator: " ")
            }
            if first > 0 { lines.append("") }
            lines += [row { index, _ in labels.texts[index] },
                      row { WeatherSymbol.symbol(for: $1.icon) },
                      row { colored(shortTemperature($1.temperature), celsius: $1.temperature) }]
            if chances {
                lines.append(row { _, hour in
                    let chance = MeasureFormat.percent(hour.precipProbability)
                    return (hour.precipProbability ?? 0) < 0.2 ? style.dim(chance) : style.cyan(chance)
                })
            }
            let nameRoom = visibleWidth - 2 - hours.count * columnWidth
            if details && nameRoom >= 4 {
                func named(_ row: String, _ name: String) -> String {
                    let pad = 2 + hours.count * columnWidth - row.displayWidth
                    return row + String(repeating: " ", count: max(1, pad)) + style.dim(cut(tr(name), toDisplayWidth: nameRoom - 1))
                }
                if hours.contains(where: { $0.apparentTemperature != nil }) {
                    lines.append(named(row { style.dim(shortTemperature($1.apparentTemperature)) }, N_("feels")))
                }
                if hours.contains(where: { $0.windSpeed != nil }) {
                    lines.append(named(row { _, hour in
                        guard let speed = format.units.wind(hour.windSpeed, from: format.source) else { return MeasureFormat.missing }
                        let arrow = hour.windBearing.map { speed > 0 ? Compass.arrow(forBearing: $0, ascii: asciiOnly) : "" } ?? ""
                        return MeasureFormat.whole(speed) + arrow
                    }, format.windLabel))
                }
            }
        }
        lines += labels.notes(upTo: shown.count, localization: localization).map { "  " + style.dim($0) }
        return lines
    }

    /// Up to seven days from today (in the place's zone), lows and highs as bars on one scale.
    /// In a window narrower than the layout the bar gives way first, down to a few columns,
    /// then altogether, and only then the summary is cut; the numbers stay whole.
    /// - Parameter limit: at most this many (fewer than asked for, where a window is short).
    /// The bar's cells at 80 columns.
    static let fullBarWidth = 24
    /// Below this a bar beside words that are cut anyway gives way to them.
    static let usefulBarWidth = 10

    /// - Parameter day: only that day (`--day`), titled with its name.
    func daysSection(limit: Int? = nil, on day: Date? = nil) -> [String] {
        var days = ForecastView.daysAhead(in: forecast, now: now, clock: clock).prefix(min(limit ?? .max, dayCount ?? ForecastView.defaultDayCount))
        if let day { days = ForecastView.daysAhead(in: forecast, now: now, clock: clock).filter { clock.isSameDay($0.time, day) }.prefix(1) }
        guard !days.isEmpty else { return [] }
        let minimumBar = 5
        var barWidth = max(minimumBar, Self.fullBarWidth + (width - ForecastView.layoutWidth) / 2 - (width - visibleWidth))
        // Label, symbol, low, high, chance and amount with their spaces: 36 columns, plus the bar's space.
        if 36 + barWidth + 1 > visibleWidth { barWidth = 0 }
        let scale = RangeScale(lows: days.map(\.temperatureLow), highs: days.map(\.temperatureHigh))
        var title = style.bold(localization.trn("Next day", "Next {count} days", count: days.count))
        if let summary = forecast.dailySummary?.screenSafe, !summary.isEmpty { title += "  " + summary }
        // One row names its day itself ("Today"): a title over it ("Next day") said another.
        var lines = day == nil && days.count > 1 ? ["  " + title] : []
        let dayLabels = days.map { clock.dayLabel($0.time, now: now) }
        // A language's longer labels ("20日(木)") take their columns from the bar.
        let labelWidth = max(6, dayLabels.map(\.displayWidth).max() ?? 6)
        if barWidth > 0 && 36 + labelWidth - 6 + barWidth + 1 > visibleWidth { barWidth = max(0, barWidth - (labelWidth - 6)) }
        // In a window narrower than the layout, the words matter more than a squeezed bar: it
        // shrinks further where that leaves the longest summary whole; where the words are cut
        // anyway, a stub of a bar goes first (5 cells beside "Mostly Cl…" said little).
        let summaryWidth = days.compactMap { $0.summary?.screenSafe }.filter { !$0.isEmpty }.map { tr($0).displayWidth }.max()
        // In a pipe, the layout's 80 columns hold the longest summary the same way ("Partiellement
        // nuageux" ran to 84).
        if barWidth > 0, visibleWidth < ForecastView.layoutWidth || !cutsLines, let summaryWidth {
            let roomForBar = visibleWidth - (36 + labelWidth - 6 + 1) - (summaryWidth + 1)
            if roomForBar >= minimumBar {
                barWidth = min(barWidth, roomForBar)
            } else if barWidth < Self.usefulBarWidth || !cutsLines {
                barWidth = 0
            }
        }
        if barWidth < minimumBar { barWidth = 0 }
        for (day, label) in zip(days, dayLabels) {
            var line = "  " + label.padded(toDisplayWidth: labelWidth) + "  " + WeatherSymbol.symbol(for: day.icon) + "  "
            line += colored(shortTemperature(day.temperatureLow), celsius: day.temperatureLow).padded(toDisplayWidth: 4, alignment: .right)
            if barWidth > 0 {
                let bar = scale?.bar(low: day.temperatureLow, high: day.temperatureHigh, width: barWidth,
                                     fill: { colored($0, celsius: day.temperatureHigh) }, track: style.dim)
                    ?? String(repeating: "·", count: barWidth)
                line += " " + bar
            }
            line += " " + colored(shortTemperature(day.temperatureHigh), celsius: day.temperatureHigh).padded(toDisplayWidth: 4)
            line += "  " + MeasureFormat.percent(day.precipProbability).padded(toDisplayWidth: 4, alignment: .right)
            // A snow day (or one with nothing else) shows its fresh snow, in cm (in where
            // precipitation is shown in inches), and beside it any liquid (freezing rain) it
            // also brings; any other day its liquid amount.
            let snow = (day.snowAccumulation ?? 0) > 0 ? day.snowAccumulation : nil
            let liquid = (day.precipAccumulation ?? 0) > 0 ? day.precipAccumulation : nil
            if let snow, let liquid, day.precipType == "snow" {
                // Both amounts, each named, in place of the summary they say more than; where
                // the row has no room for them, on a line of their own under it.
                let both = tr("{snow} snow + {rain} rain", ["snow": format.snowText(snow), "rain": format.accumulationText(liquid)])
                if line.displayWidth + 1 + both.displayWidth > visibleWidth {
                    lines.append(line)
                    lines.append(String(repeating: " ", count: 2 + labelWidth + 2) + cut(both, toDisplayWidth: visibleWidth - 4 - labelWidth))
                } else {
                    lines.append(line + " " + both)
                }
                continue
            } else if let snow, day.precipType == "snow" || liquid == nil {
                line += " " + format.snowText(snow).padded(toDisplayWidth: 7)
            } else if let amount = liquid {
                line += " " + format.accumulationText(amount).padded(toDisplayWidth: 7)
            } else {
                line += String(repeating: " ", count: 8)
            }
            let room = (cutsLines ? visibleWidth : width) - line.displayWidth - 1
            // Open-Meteo's conditions are rain's own words, which the catalogue translates.
            if let summary = day.summary?.screenSafe, !summary.isEmpty, room >= 4 || !cutsLines {
                line += " " + cut(tr(summary), toDisplayWidth: room)
            }
            lines.append(line)
        }
        return lines
    }

    /// When an alert is in force, in local time, its day said once: "Mon 7 Dec 07:00–19:00",
    /// "today 07:00–19:00", "until tomorrow 06:00", "from today 18:00 until Wed 9 Dec 06:00"
    /// (a title lost its words to "from Mon 7 Dec 07:00 until Mon 7 Dec 19:00"). The start
    /// only where it is ahead.
    func alertPeriod(from start: Date?, until end: Date?) -> String? {
        func day(_ date: Date) -> String {
            let days = clock.localDays(date) - clock.localDays(now)
            return days == 0 ? tr("today") : days == 1 ? tr("tomorrow") : clock.date(date)
        }
        func moment(_ date: Date) -> String { tr("{date} {time}", ["date": day(date), "time": clock.time(date)]) }
        let start = start.flatMap { $0 > now ? $0 : nil }
        switch (start, end) {
        case let (start?, end?) where clock.isSameDay(start, end):
            return tr("{date} {from}–{until}", ["date": day(start), "from": clock.time(start), "until": clock.time(end)])
        case let (start?, end?):
            return tr("from {time}", ["time": moment(start)]) + " " + tr("until {time}", ["time": moment(end)])
        case let (start?, nil): return tr("from {time}", ["time": moment(start)])
        case let (nil, end?): return tr("until {time}", ["time": moment(end)])
        case (nil, nil): return nil
        }
    }

    /// Alerts that have not expired: title, severity, period (local time), regions, description
    /// (on a terminal at most `textLines` lines of it, the last ending in "…" where it goes on).
    /// - Parameter day: only those in force at some time of that day (`--day`).
    func alertsSection(textLines: Int = 4, on day: Date? = nil) -> [String] {
        var active = forecast.alerts.filter { ($0.expires ?? .distantFuture) > now }
        if let day {
            let start = clock.startOfDay(day), end = clock.startOfDay(start.addingTimeInterval(30 * 3600))
            active = active.filter { ($0.time ?? .distantPast) < end && ($0.expires ?? .distantFuture) > start }
        }
        var lines: [String] = []
        for alert in active {
            let title = alert.title.screenSafe.isEmpty ? tr("Weather alert") : alert.title.screenSafe
            var rest = ""
            if let severity = alert.severity?.screenSafe, !severity.isEmpty {
                rest += " (\(Forecast.Alert.severityWords(severity, localization)))"
            }
            if let period = alertPeriod(from: alert.time, until: alert.expires) { rest += ", " + period }
            // The title is cut before the severity and the period, which say when it ends.
            let room = visibleWidth - 4
            let heading = cutsLines && title.displayWidth + rest.displayWidth > room && room - rest.displayWidth >= 12
                ? title.truncated(toDisplayWidth: room - rest.displayWidth) + rest : title + rest
            lines.append("  " + style.red(style.bold("! " + cut(heading, toDisplayWidth: room))))
            let regions = alert.regions.map(\.screenSafe).filter { !$0.isEmpty }.joined(separator: ", ")
            let text = [regions.isEmpty ? nil : regions + ".", alert.description?.screenSafe]
                .compactMap { $0 }.joined(separator: " ")
            let textRoom = max(1, visibleWidth - 4)
            var body = text.wrapped(toDisplayWidth: textRoom)
            if cutsLines && body.count > textLines {
                body = Array(body.prefix(textLines))
                let last = textLines - 1
                // One "…" (truncation brings its own): a line as wide as the room lost its "…" to a second.
                body[last] = (body[last] + "…").truncated(toDisplayWidth: textRoom)
            }
            lines += body.map { "    " + $0 }
        }
        return lines
    }
}
