import FoundationEssentials

/// Finds the events in one place's forecast at `now`: rain starting within the window (from the
/// next-hour data), a high chance later today (from the hours), and alerts not yet expired.
public struct NotifyEventFinder: Sendable {
    public var settings: NotifySettings
    public var now: Date
    /// The language and clock of the texts.
    public var presentation: Presentation

    public init(settings: NotifySettings, now: Date, presentation: Presentation = Presentation()) {
        self.settings = settings
        self.now = now
        self.presentation = presentation
    }

    var words: Localization { presentation.localization }

    public func events(for location: Location, in forecast: Forecast) -> [NotifyEvent] {
        let clock = presentation.clock(forecast)
        var events: [NotifyEvent] = []
        let rain = rainEvent(for: location, in: forecast, clock: clock)
        if let rain { events.append(rain) }
        if let chance = chanceEvent(for: location, in: forecast, clock: clock),
           !(rain.map { isSameSpell(rain: $0, chance: chance, in: forecast) } ?? false) {
            events.append(chance)
        }
        events += alertEvents(for: location, in: forecast, clock: clock)
        events += airEvents(for: location, in: forecast, clock: clock)
        return events
    }

    /// Whether the next-hour data says it stays dry through the window: the spell that makes
    /// rain news again. nil when the forecast has no next-hour data left to tell.
    public func staysDry(_ forecast: Forecast) -> Bool? {
        let steps = NextHourSteps(forecast.nextHour, now: now, window: window)
        guard !steps.isEmpty else { return nil }
        return steps.firstWet(NextHourOutlook.wetIntensity, units: forecast.units) == nil
    }

    var window: TimeInterval { TimeInterval(settings.withinMinutes * 60) }
}
