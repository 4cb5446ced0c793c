import FoundationEssentials

/// The index the forecast screen shows for the air at a moment: the reading's index on the
/// place's scale, its category and the pollutant that drives it. `rain show --json` writes the
/// same as `air.index`.
public struct AirQualityShownIndex: Sendable, Equatable {
    public var scale: AirQualityScale
    /// The start of the hour the reading is for.
    public var time: Date
    public var value: Double
    public var category: AirQualityCategory
    public var pollutant: Pollutant?
}

extension AirQuality {
    /// The index for `date` (the served hour it falls in) on `scale`; nil when there is none.
    public func shownIndex(at date: Date, on scale: AirQualityScale) -> AirQualityShownIndex? {
        guard let reading = reading(at: date), let value = reading.index(on: scale) else { return nil }
        return AirQualityShownIndex(scale: scale, time: reading.time, value: value,
                                    category: AirQualityCategory(index: value, on: scale),
                                    pollutant: AirQualityIndex.drivingPollutant(of: self, at: reading.time, on: scale))
    }
}
