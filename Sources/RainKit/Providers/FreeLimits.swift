import FoundationEssentials

/// What a service's free terms allow, in calls as the service counts them (a heavy request may
/// count as several: `ForecastProvider.callsPerRefresh`). nil where the terms set no limit.
public struct FreeLimits: Sendable, Equatable {
    /// Calls a second: a refresh of more places than this goes a second at a time
    /// (`RefreshBatch`), so a large one takes a while, but is never refused for it.
    public var perSecond: Double?
    public var perMinute: Double?
    public var perHour: Double?
    public var perDay: Double?
    public var perMonth: Double?
    /// How messages name the terms: "Open-Meteo", "Pirate Weather's free tier".
    public var service: String

    public init(service: String, perSecond: Double? = nil, perMinute: Double? = nil, perHour: Double? = nil, perDay: Double? = nil, perMonth: Double? = nil) {
        self.service = service
        self.perSecond = perSecond
        self.perMinute = perMinute
        self.perHour = perHour
        self.perDay = perDay
        self.perMonth = perMonth
    }
}
