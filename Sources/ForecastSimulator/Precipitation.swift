/// The one precipitation model behind every provider: a rate (mm/h, liquid equivalent) at
/// each instant, from which Dark Sky's intensities and accumulations and Open-Meteo's
/// preceding-interval sums are all integrated, so the two providers always agree.
///
/// The base rate is constant over each UTC hour (the model's `Conditions` at the hour's
/// start). Around `now` (two hours either side) a place with a scenario has exactly the
/// scenario's rain: dry until `minutesUntilPrecipitation`, or wet until
/// `minutesUntilPrecipitationStops`, with a rate that changes every minute.
struct Precipitation: Sendable {
    /// The kinds the model knows. Open-Meteo counts sleet as rain; Pirate Weather counts it as ice.
    enum Kind: Sendable { case rain, showers, sleet, snow }

    /// Amounts in mm of liquid water, by kind.
    struct Amount: Sendable {
        var rain = 0.0
        var showers = 0.0
        var sleet = 0.0
        var snow = 0.0
        var total: Double { rain + showers + sleet + snow }
        /// Open-Meteo's `rain`: liquid that is not a shower (sleet included).
        var openMeteoRain: Double { rain + sleet }

        /// A quarter of an hour's amount as open-meteo/open-meteo derives a quarter hour from
        /// an hour (Sources/App/Helper/Interpolation.swift, backwardsSum: the sum times
        /// 900/3600, rounded to the variable's scale factor, 10 for these sums: 0.1 mm).
        var quarterOfHour: Amount {
            func quarter(_ millimetres: Double) -> Double { (millimetres / 4 * 10).rounded() / 10 }
            return Amount(rain: quarter(rain), showers: quarter(showers), sleet: quarter(sleet), snow: quarter(snow))
        }

        static func + (lhs: Amount, rhs: Amount) -> Amount {
            Amount(rain: lhs.rain + rhs.rain, showers: lhs.showers + rhs.showers, sleet: lhs.sleet + rhs.sleet, snow: lhs.snow + rhs.snow)
        }

        mutating func add(_ millimetres: Double, _ kind: Kind) {
            switch kind {
            case .rain: rain += millimetres
            case .showers: showers += millimetres
            case .sleet: sleet += millimetres
            case .snow: snow += millimetres
            }
        }
    }

    static let scenarioMargin = 7200.0

    let model: WeatherModel
    let now: Double
    /// The absolute times of the scenario's rain, inside `span`; nil without a scenario.
    let window: Range<Double>?
    let span: Range<Double>?

    init(model: WeatherModel, now: Double) {
        self.model = model
        self.now = now
        let scenario = ForecastSimulator.scenario(latitude: model.latitude, longitude: model.longitude)
        // Minutes count from the start of the current minute (the minutely block's first point).
        let minute = (now / 60).rounded(.down) * 60
        let span = (minute - Self.scenarioMargin)..<(minute + Self.scenarioMargin)
        if let begins = scenario.minutesUntilPrecipitation {
            window = (minute + Double(begins) * 60)..<span.upperBound
            self.span = span
        } else if let ends = scenario.minutesUntilPrecipitationStops {
            window = span.lowerBound..<(minute + Double(ends) * 60)
            self.span = span
        } else {
            window = nil
            self.span = nil
        }
    }

    static func kind(temperature: Double, rate: Double) -> Kind {
        if temperature <= 0 { return .snow }
        if temperature <= 2 { return .sleet }
        return rate >= 2.5 && temperature >= 15 ? .showers : .rain
    }

    private func hourStart(_ time: Double) -> Double { (time / 3600).rounded(.down) * 3600 }

    /// The rate (mm/h) and kind at an instant.
    func rate(at time: Double) -> (rate: Double, kind: Kind) {
        let hour = model.conditions(at: hourStart(time))
        if let span, span.contains(time) {
            guard let window, window.contains(time) else { return (0, Self.kind(temperature: hour.temperature, rate: 0)) }
            let minute = Int64((time / 60).rounded(.down))
            let rate = max(hour.precipIntensity, 0.5 + 1.2 * model.seed.unit(62, minute))
            return (rate, Self.kind(temperature: hour.temperature, rate: rate))
        }
        return (hour.precipIntensity, Self.kind(temperature: hour.temperature, rate: hour.precipIntensity))
    }

    /// What falls in `[start, end)`, integrated minute by minute inside the scenario span and
    /// hour by hour outside it.
    func amount(from start: Double, to end: Double) -> Amount {
        var total = Amount()
        var time = start
        while time < end {
            let next: Double
            if let span, span.contains(time) {
                next = min(end, (time / 60).rounded(.down) * 60 + 60)
            } else {
                var boundary = hourStart(time) + 3600
                if let span, span.lowerBound > time { boundary = min(boundary, span.lowerBound) }
                next = min(end, boundary)
            }
            let (rate, kind) = self.rate(at: time)
            total.add(rate * (next - time) / 3600, kind)
            time = next
        }
        return total
    }

    /// The chance of measurable precipitation in `[start, end)`: the model's for the hours it
    /// touches, at least 0.7 where the scenario rains.
    func probability(from start: Double, to end: Double) -> Double {
        var best = 0.0
        var hour = hourStart(start)
        while hour < end {
            best = max(best, model.conditions(at: hour).precipProbability)
            hour += 3600
        }
        if let window, window.overlaps(start..<end) { best = max(best, 0.7 + 0.25 * model.seed.unit(63, Int64(start / 60))) }
        if let span, let window, span.contains(start), span.contains(end - 1), !window.overlaps(start..<end), best > 0.3 {
            best = 0.1 + 0.1 * model.seed.unit(64, Int64(start / 60))
        }
        return min(1, best)
    }

    /// Conditions at `time` whose precipitation is the mean rate over `[start, end)`.
    func conditions(at time: Double, over start: Double, _ end: Double) -> Conditions {
        var conditions = model.conditions(at: time)
        let amount = amount(from: start, to: end)
        let hours = (end - start) / 3600
        conditions.setPrecipitation(intensity: hours > 0 ? amount.total / hours : 0, probability: probability(from: start, to: end))
        return conditions
    }
}
