import FoundationEssentials

/// The sun's place, Meeus chapter 25's low-accuracy method: about 0.01°, which moves a
/// sunrise by a few seconds at middle latitudes.
enum Sun {
    static func position(at time: AstronomicalTime) -> EquatorialPosition {
        let t = time.centuries
        let meanLongitude = 280.466_46 + 36_000.769_83 * t + 0.000_303_2 * t * t
        let meanAnomaly = 357.529_11 + 35_999.050_29 * t - 0.000_153_7 * t * t
        let centre = (1.914_602 - 0.004_817 * t - 0.000_014 * t * t) * Angle.sin(meanAnomaly)
            + (0.019_993 - 0.000_101 * t) * Angle.sin(2 * meanAnomaly)
            + 0.000_289 * Angle.sin(3 * meanAnomaly)
        // Apparent: aberration (-20.5") and nutation.
        let longitude = meanLongitude + centre - 0.005_69 + time.nutationInLongitude
        return EquatorialPosition(longitude: longitude, latitude: 0, distance: 149_597_870.7,
                                  obliquity: time.obliquity)
    }

    /// Apparent ecliptic longitude, degrees: what the moon's phase is measured from.
    static func longitude(at time: AstronomicalTime) -> Double {
        let t = time.centuries
        let meanAnomaly = 357.529_11 + 35_999.050_29 * t
        return Angle.normalized(280.466_46 + 36_000.769_83 * t
            + (1.914_602 - 0.004_817 * t) * Angle.sin(meanAnomaly) + 0.019_993 * Angle.sin(2 * meanAnomaly)
            - 0.005_69 + time.nutationInLongitude)
    }

    /// The sun's apparent radius, degrees: 959.63" at one astronomical unit, 15.8' in July
    /// to 16.3' in January (the distance from Meeus 25.5).
    static func semidiameter(at time: AstronomicalTime) -> Double {
        let t = time.centuries
        let meanAnomaly = 357.529_11 + 35_999.050_29 * t
        let eccentricity = 0.016_708_634 - 0.000_042_037 * t
        let centre = (1.914_602 - 0.004_817 * t) * Angle.sin(meanAnomaly) + 0.019_993 * Angle.sin(2 * meanAnomaly)
        let distance = 1.000_001_018 * (1 - eccentricity * eccentricity) / (1 + eccentricity * Angle.cos(meanAnomaly + centre))
        return 959.63 / distance / 3_600
    }

    /// The altitude of the sun's centre at sunrise and sunset: its upper limb (16') on the
    /// horizon, lifted by refraction (34'), as almanacs and the providers count it.
    static let horizonAltitude = -50.0 / 60
}
