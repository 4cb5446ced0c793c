import FoundationEssentials
import Glibc

/// Time as the astronomy here counts it. The formulas are Jean Meeus's, *Astronomical
/// Algorithms* (2nd ed., 1998): chapter 7 (Julian day), 12 (sidereal time), 22 (nutation, its
/// two largest terms only) and the low-accuracy sun of chapter 25; the moon is chapter 47.
/// Angles are degrees unless a name says radians.
struct AstronomicalTime: Sendable {
    /// Julian centuries of Terrestrial Time since J2000.0: the clock of the ephemerides.
    let centuries: Double
    /// Greenwich mean sidereal time, degrees (universal time: the Earth's turn).
    let siderealDegrees: Double

    /// Terrestrial Time runs ahead of UTC by ΔT; about 69 s in 2020-2026 (IERS). One second
    /// moves the moon half an arc second: the rounding does not matter at the minute.
    static let deltaT: Double = 69

    init(_ date: Date) {
        let julianDay = date.timeIntervalSince1970 / 86_400 + 2_440_587.5
        let daysSinceJ2000 = julianDay - 2_451_545.0
        let universalCenturies = daysSinceJ2000 / 36_525
        centuries = (daysSinceJ2000 + Self.deltaT / 86_400) / 36_525
        // Meeus (12.4).
        siderealDegrees = Angle.normalized(280.460_618_37 + 360.985_647_366_29 * daysSinceJ2000
            + 0.000_387_933 * universalCenturies * universalCenturies
            - universalCenturies * universalCenturies * universalCenturies / 38_710_000)
    }

    /// Mean obliquity of the ecliptic plus its nutation's main term, degrees (Meeus 22.2, 22.3).
    var obliquity: Double {
        let t = centuries
        let node = 125.044_52 - 1_934.136_261 * t
        return 23.439_291_1 - 0.013_004_2 * t + 0.002_56 * Angle.cos(node)
    }

    /// Nutation in longitude, its two largest terms (about 0.5" left out), degrees.
    var nutationInLongitude: Double {
        let t = centuries
        let node = 125.044_52 - 1_934.136_261 * t
        let sunMeanLongitude = 280.4665 + 36_000.7698 * t
        return (-17.20 * Angle.sin(node) - 1.32 * Angle.sin(2 * sunMeanLongitude)) / 3_600
    }
}

/// Where a body is on the sky, seen from the Earth's centre.
struct EquatorialPosition: Sendable {
    /// Right ascension and declination, degrees.
    var rightAscension: Double
    var declination: Double
    /// Distance from the Earth's centre, km.
    var distance: Double

    /// From ecliptic longitude and latitude (Meeus 13.3, 13.4).
    init(longitude: Double, latitude: Double, distance: Double, obliquity: Double) {
        let sinLongitude = Angle.sin(longitude)
        rightAscension = Angle.normalized(Angle.atan2(
            sinLongitude * Angle.cos(obliquity) - Angle.tan(latitude) * Angle.sin(obliquity), Angle.cos(longitude)))
        declination = Angle.asin(Angle.sin(latitude) * Angle.cos(obliquity)
            + Angle.cos(latitude) * Angle.sin(obliquity) * sinLongitude)
        self.distance = distance
    }

    /// Altitude above the horizon at `coordinate` when Greenwich's sidereal time is
    /// `siderealDegrees`, degrees, without refraction (Meeus 13.6).
    func altitude(at coordinate: Coordinate, siderealDegrees: Double) -> Double {
        let hourAngle = siderealDegrees + coordinate.longitude - rightAscension
        return Angle.asin(Angle.sin(coordinate.latitude) * Angle.sin(declination)
            + Angle.cos(coordinate.latitude) * Angle.cos(declination) * Angle.cos(hourAngle))
    }
}

/// Trigonometry in degrees.
enum Angle {
    static let radiansPerDegree = Double.pi / 180

    static func sin(_ degrees: Double) -> Double { Glibc.sin(degrees * radiansPerDegree) }
    static func cos(_ degrees: Double) -> Double { Glibc.cos(degrees * radiansPerDegree) }
    static func tan(_ degrees: Double) -> Double { Glibc.tan(degrees * radiansPerDegree) }
    static func asin(_ value: Double) -> Double { Glibc.asin(max(-1, min(1, value))) / radiansPerDegree }
    static func atan2(_ y: Double, _ x: Double) -> Double { Glibc.atan2(y, x) / radiansPerDegree }

    /// Into 0..<360.
    static func normalized(_ degrees: Double) -> Double {
        let turned = degrees.truncatingRemainder(dividingBy: 360)
        return turned < 0 ? turned + 360 : turned
    }
}
