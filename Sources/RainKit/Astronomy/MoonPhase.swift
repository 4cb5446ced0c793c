import FoundationEssentials

/// The moon's phase at a moment: how far through its month (Dark Sky's `moonPhase`: 0 new,
/// 0.25 first quarter, 0.5 full, 0.75 last quarter, 1 the next new) and how much of its disc
/// is lit, both as seen from the Earth's centre.
public struct MoonPhase: Sendable, Equatable {
    /// The moon's ecliptic longitude less the sun's, as a fraction of a turn (0..<1).
    public var fraction: Double
    /// The lit fraction of the disc, 0...1 (Meeus 48.1-48.3 from the elongation).
    public var illumination: Double

    public init(fraction: Double, illumination: Double) {
        self.fraction = fraction
        self.illumination = illumination
    }

    public init(at date: Date) {
        let time = AstronomicalTime(date)
        let moon = Moon.ecliptic(at: time)
        let sunLongitude = Sun.longitude(at: time)
        fraction = Angle.normalized(moon.longitude - sunLongitude) / 360
        // Elongation ψ, then the phase angle i seen from the moon; the sun is 1 au away.
        let cosElongation = Angle.cos(moon.latitude) * Angle.cos(moon.longitude - sunLongitude)
        let elongation = Angle.atan2((1 - cosElongation * cosElongation).squareRoot(), cosElongation)
        let sunDistance = 149_597_870.7
        let phaseAngle = Angle.atan2(sunDistance * Angle.sin(elongation), moon.distance - sunDistance * cosElongation)
        illumination = (1 + Angle.cos(phaseAngle)) / 2
    }

    /// The eight phases, each an eighth of the month centred on its moment.
    public enum Name: Int, Sendable, CaseIterable {
        case new, waxingCrescent, firstQuarter, waxingGibbous, full, waningGibbous, lastQuarter, waningCrescent

        public var words: String {
            [N_("New moon"), N_("Waxing crescent"), N_("First quarter"), N_("Waxing gibbous"),
             N_("Full moon"), N_("Waning gibbous"), N_("Last quarter"), N_("Waning crescent")][rawValue]
        }
    }

    public var name: Name { Self.name(forFraction: fraction) }

    public static func name(forFraction fraction: Double) -> Name {
        Name(rawValue: Int((Angle.normalized(fraction * 360) / 45 + 0.5).rounded(.down)) % 8)!
    }
}
