extension ForecastSimulator {
    /// What the simulator's answer for a place will show, so tests can pick coordinates and
    /// know what to expect. A pure function of the coordinates (rounded to 0.001°).
    public struct Scenario: Sendable, Equatable {
        /// Rain (or snow) starts this many minutes from now (5...50); nil otherwise.
        public var minutesUntilPrecipitation: Int?
        /// It is raining now and stops this many minutes from now (10...50); nil otherwise.
        public var minutesUntilPrecipitationStops: Int?
        /// A squall: gusts `Gusts.squallStrength` m/s stronger for `Gusts.squallMinutes`
        /// minutes, starting this many minutes from now (70...190); nil otherwise.
        public var minutesUntilSquall: Int?
        /// Open-Meteo's quarter hours there are a 15-minute model's own; elsewhere each is its
        /// hour's sum spread over four (`QuarterHourAreas`).
        public var hasNativeQuarterHours: Bool
        /// The answer has one weather alert.
        public var hasAlert: Bool
        /// The IANA time zone of the answer.
        public var timeZone: String
    }

    /// The scenario for a place (independent of time, units and behaviour).
    public static func scenario(latitude: Double, longitude: Double) -> Scenario {
        let seed = Seed(latitude: latitude, longitude: longitude)
        let kind = seed.unit(40)
        let minutes = seed.unit(41)
        return Scenario(
            minutesUntilPrecipitation: kind < 0.4 ? 5 + Int(minutes * 46) : nil,
            minutesUntilPrecipitationStops: kind >= 0.4 && kind < 0.55 ? 10 + Int(minutes * 41) : nil,
            minutesUntilSquall: seed.unit(70) < 0.25 ? 70 + Int(seed.unit(71) * 121) : nil,
            hasNativeQuarterHours: QuarterHourAreas.areNative(latitude: latitude, longitude: longitude),
            // Judged where rain asks the alert feeds, at four decimals (a place at 42.10148 is
            // asked as 42.1015, which the seed's three decimals would take for another place).
            hasAlert: Seed(latitude: (latitude * 10_000).rounded() / 10_000, longitude: (longitude * 10_000).rounded() / 10_000).unit(42) < 0.35,
            timeZone: TimeZoneTable.lookup(latitude: latitude, longitude: longitude).zone
        )
    }
}
