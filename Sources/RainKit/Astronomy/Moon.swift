import FoundationEssentials

/// The moon's place, Meeus chapter 47 (a shortened ELP-2000/82 by Chapront-Touzé and
/// Chapront): the 60 largest periodic terms in longitude and distance and 60 in latitude, about
/// 10" in longitude and 4" in latitude. At rising the moon climbs about 15' a minute at the
/// equator (less the nearer the pole), so 10" is a second or two of clock time.
enum Moon {
    struct Ecliptic: Sendable {
        /// Apparent longitude and latitude, degrees; distance from the Earth's centre, km.
        var longitude: Double
        var latitude: Double
        var distance: Double
    }

    static func ecliptic(at time: AstronomicalTime) -> Ecliptic {
        let t = time.centuries, t2 = t * t, t3 = t2 * t, t4 = t3 * t
        // Mean longitude, mean elongation, the sun's and the moon's mean anomalies, argument of
        // latitude (Meeus 47.1-47.5).
        let meanLongitude = 218.316_447_7 + 481_267.881_234_21 * t - 0.001_578_6 * t2 + t3 / 538_841 - t4 / 65_194_000
        let elongation = 297.850_192_1 + 445_267.111_403_4 * t - 0.001_881_9 * t2 + t3 / 545_868 - t4 / 113_065_000
        let sunAnomaly = 357.529_109_2 + 35_999.050_290_9 * t - 0.000_153_6 * t2 + t3 / 24_490_000
        let moonAnomaly = 134.963_396_4 + 477_198.867_505_5 * t + 0.008_741_4 * t2 + t3 / 69_699 - t4 / 14_712_000
        let argument = 93.272_095_0 + 483_202.017_523_3 * t - 0.003_653_9 * t2 - t3 / 3_526_000 + t4 / 863_310_000
        // Venus, Jupiter and the Earth's flattening (47.6 and the additive terms below).
        let a1 = 119.75 + 131.849 * t, a2 = 53.09 + 479_264.290 * t, a3 = 313.45 + 481_266.484 * t
        // The eccentricity of the Earth's orbit shrinks the terms with the sun's anomaly (47.6).
        let e = 1 - 0.002_516 * t - 0.000_007_4 * t2

        // A term's angle is dD + mM + m'M' + fF: its cosine and sine are the product of the
        // multiples' (as complex numbers), from one sine and cosine of each argument instead of
        // one of each term (the library's sin was most of a refresh's astronomy).
        let (sumLongitude, sumDistance, sumLatitude) = withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * 18) { buffer in
            let table = buffer.baseAddress!
            writeMultiples(of: elongation, to: table)
            writeMultiples(of: sunAnomaly, to: table + 18)
            writeMultiples(of: moonAnomaly, to: table + 36)
            writeMultiples(of: argument, to: table + 54)
            func cosineAndSine(_ term: Term) -> (cos: Double, sin: Double, factor: Double) {
                let d = table + 8 + 2 * Int(term.elongation), m = table + 26 + 2 * Int(term.sunAnomaly)
                let mPrime = table + 44 + 2 * Int(term.moonAnomaly), f = table + 62 + 2 * Int(term.argument)
                let (cosDM, sinDM) = (d[0] * m[0] - d[1] * m[1], d[0] * m[1] + d[1] * m[0])
                let (cosMF, sinMF) = (mPrime[0] * f[0] - mPrime[1] * f[1], mPrime[0] * f[1] + mPrime[1] * f[0])
                let factor = term.sunAnomaly == 0 ? 1 : (abs(term.sunAnomaly) == 1 ? e : e * e)
                return (cosDM * cosMF - sinDM * sinMF, cosDM * sinMF + sinDM * cosMF, factor)
            }
            var sumLongitude = 0.0, sumDistance = 0.0, sumLatitude = 0.0
            for term in longitudeAndDistance {
                let (cos, sin, factor) = cosineAndSine(term)
                sumLongitude += factor * Double(term.first) * sin
                sumDistance += factor * Double(term.second) * cos
            }
            for term in latitude {
                let (_, sin, factor) = cosineAndSine(term)
                sumLatitude += factor * Double(term.first) * sin
            }
            return (sumLongitude, sumDistance, sumLatitude)
        }
        let longitudeTerms = sumLongitude + 3_958 * Angle.sin(a1) + 1_962 * Angle.sin(meanLongitude - argument) + 318 * Angle.sin(a2)
        let latitudeTerms = sumLatitude - 2_235 * Angle.sin(meanLongitude) + 382 * Angle.sin(a3) + 175 * Angle.sin(a1 - argument)
            + 175 * Angle.sin(a1 + argument) + 127 * Angle.sin(meanLongitude - moonAnomaly)
            - 115 * Angle.sin(meanLongitude + moonAnomaly)
        return Ecliptic(longitude: Angle.normalized(meanLongitude + longitudeTerms / 1_000_000 + time.nutationInLongitude),
                        latitude: latitudeTerms / 1_000_000,
                        distance: 385_000.56 + sumDistance / 1_000)
    }

    static func position(at time: AstronomicalTime) -> EquatorialPosition {
        let place = ecliptic(at: time)
        return EquatorialPosition(longitude: place.longitude, latitude: place.latitude, distance: place.distance,
                                  obliquity: time.obliquity)
    }

    /// How far the rough moon may be from the full one on the sky, degrees (its formulas are
    /// good to 0.3° in longitude and 0.2° in latitude; their parallax to 0.003°).
    static let roughError = 0.5

    /// The moon's place to a few tenths of a degree: the Astronomical Almanac's low-precision
    /// formulas (section D), six terms in longitude and four in latitude and parallax, against
    /// the 120 of `ecliptic(at:)`. Enough to tell an hour at a time whether the moon is well
    /// above or below the horizon.
    static func roughEcliptic(at time: AstronomicalTime) -> Ecliptic {
        let t = time.centuries
        let anomaly = 135.0 + 477_198.87 * t, evection = 259.3 - 413_335.36 * t
        let variation = 235.7 + 890_534.22 * t, doubleAnomaly = 269.9 + 954_397.74 * t
        let longitude = 218.32 + 481_267.881 * t
            + 6.29 * Angle.sin(anomaly) - 1.27 * Angle.sin(evection) + 0.66 * Angle.sin(variation)
            + 0.21 * Angle.sin(doubleAnomaly) - 0.19 * Angle.sin(357.5 + 35_999.05 * t)
            - 0.11 * Angle.sin(186.5 + 966_404.03 * t)
        let latitude = 5.13 * Angle.sin(93.3 + 483_202.02 * t) + 0.28 * Angle.sin(228.2 + 960_400.89 * t)
            - 0.28 * Angle.sin(318.3 + 6_003.15 * t) - 0.17 * Angle.sin(217.6 - 407_332.21 * t)
        let parallax = 0.9508 + 0.0518 * Angle.cos(anomaly) + 0.0095 * Angle.cos(evection)
            + 0.0078 * Angle.cos(variation) + 0.0028 * Angle.cos(doubleAnomaly)
        return Ecliptic(longitude: Angle.normalized(longitude), latitude: latitude, distance: 6_378.14 / Angle.sin(parallax))
    }

    static func roughPosition(at time: AstronomicalTime) -> EquatorialPosition {
        let place = roughEcliptic(at: time)
        return EquatorialPosition(longitude: place.longitude, latitude: place.latitude, distance: place.distance,
                                  obliquity: time.obliquity)
    }

    /// The altitude of the moon's centre, seen from the Earth's centre, at which its upper limb
    /// touches the horizon for an observer on the surface, with 34' of refraction (the
    /// convention of the USNO's tables): the parallax (nearly 1°) lowers it as seen from the
    /// surface, the semidiameter (0.2725 of the parallax) and refraction lift it.
    static func horizonAltitude(distance: Double) -> Double {
        let parallax = Angle.asin(6_378.14 / distance)
        return 0.7275 * parallax - 34.0 / 60
    }

    /// Writes cos kx and sin kx for k from -4 to 4 (the multiples the periodic terms take of an
    /// argument), side by side from `table`, from one cosine and sine of x:
    /// cos (k+1)x = cos kx cos x - sin kx sin x, and so on.
    private static func writeMultiples(of degrees: Double, to table: UnsafeMutablePointer<Double>) {
        let cos = Angle.cos(degrees), sin = Angle.sin(degrees)
        var (cosK, sinK) = (1.0, 0.0)
        for k in 0...4 {
            (table[8 + 2 * k], table[9 + 2 * k]) = (cosK, sinK)
            (table[8 - 2 * k], table[9 - 2 * k]) = (cosK, -sinK)
            (cosK, sinK) = (cosK * cos - sinK * sin, sinK * cos + cosK * sin)
        }
    }

    /// One row of Meeus's tables 47.A and 47.B: multiples of D, M, M' and F, and the
    /// coefficients (sine of longitude and cosine of distance, or sine of latitude).
    struct Term: Sendable {
        let elongation: Int8, sunAnomaly: Int8, moonAnomaly: Int8, argument: Int8
        let first: Int32, second: Int32

        init(_ d: Int8, _ m: Int8, _ mPrime: Int8, _ f: Int8, _ first: Int32, _ second: Int32) {
            elongation = d; sunAnomaly = m; moonAnomaly = mPrime; argument = f
            self.first = first; self.second = second
        }
    }

    // Tables 47.A and 47.B as printed by Meeus (copied from PyMeeus's `Moon.py`, which
    // transcribes them, and checked by the tests against PyEphem).
    // D, M, M', F, Σl (1e-6 degree), Σr (metres)
    static let longitudeAndDistance: [Term] = [
        Term(0, 0, 1, 0, 6288774, -20905355),
        Term(2, 0, -1, 0, 1274027, -3699111),
        Term(2, 0, 0, 0, 658314, -2955968),
        Term(0, 0, 2, 0, 213618, -569925),
        Term(0, 1, 0, 0, -185116, 48888),
        Term(0, 0, 0, 2, -114332, -3149),
        Term(2, 0, -2, 0, 58793, 246158),
        Term(2, -1, -1, 0, 57066, -152138),
        Term(2, 0, 1, 0, 53322, -170733),
        Term(2, -1, 0, 0, 45758, -204586),
        Term(0, 1, -1, 0, -40923, -129620),
        Term(1, 0, 0, 0, -34720, 108743),
        Term(0, 1, 1, 0, -30383, 104755),
        Term(2, 0, 0, -2, 15327, 10321),
        Term(0, 0, 1, 2, -12528, 0),
        Term(0, 0, 1, -2, 10980, 79661),
        Term(4, 0, -1, 0, 10675, -34782),
        Term(0, 0, 3, 0, 10034, -23210),
        Term(4, 0, -2, 0, 8548, -21636),
        Term(2, 1, -1, 0, -7888, 24208),
        Term(2, 1, 0, 0, -6766, 30824),
        Term(1, 0, -1, 0, -5163, -8379),
        Term(1, 1, 0, 0, 4987, -16675),
        Term(2, -1, 1, 0, 4036, -12831),
        Term(2, 0, 2, 0, 3994, -10445),
        Term(4, 0, 0, 0, 3861, -11650),
        Term(2, 0, -3, 0, 3665, 14403),
        Term(0, 1, -2, 0, -2689, -7003),
        Term(2, 0, -1, 2, -2602, 0),
        Term(2, -1, -2, 0, 2390, 10056),
        Term(1, 0, 1, 0, -2348, 6322),
        Term(2, -2, 0, 0, 2236, -9884),
        Term(0, 1, 2, 0, -2120, 5751),
        Term(0, 2, 0, 0, -2069, 0),
        Term(2, -2, -1, 0, 2048, -4950),
        Term(2, 0, 1, -2, -1773, 4130),
        Term(2, 0, 0, 2, -1595, 0),
        Term(4, -1, -1, 0, 1215, -3958),
        Term(0, 0, 2, 2, -1110, 0),
        Term(3, 0, -1, 0, -892, 3258),
        Term(2, 1, 1, 0, -810, 2616),
        Term(4, -1, -2, 0, 759, -1897),
        Term(0, 2, -1, 0, -713, -2117),
        Term(2, 2, -1, 0, -700, 2354),
        Term(2, 1, -2, 0, 691, 0),
        Term(2, -1, 0, -2, 596, 0),
        Term(4, 0, 1, 0, 549, -1423),
        Term(0, 0, 4, 0, 537, -1117),
        Term(4, -1, 0, 0, 520, -1571),
        Term(1, 0, -2, 0, -487, -1739),
        Term(2, 1, 0, -2, -399, 0),
        Term(0, 0, 2, -2, -381, -4421),
        Term(1, 1, 1, 0, 351, 0),
        Term(3, 0, -2, 0, -340, 0),
        Term(4, 0, -3, 0, 330, 0),
        Term(2, -1, 2, 0, 327, 0),
        Term(0, 2, 1, 0, -323, 1165),
        Term(1, 1, -1, 0, 299, 0),
        Term(2, 0, 3, 0, 294, 0),
        Term(2, 0, -1, -2, 0, 8752),
    ]
    // D, M, M', F, Σb (1e-6 degree)
    static let latitude: [Term] = [
        Term(0, 0, 0, 1, 5128122, 0),
        Term(0, 0, 1, 1, 280602, 0),
        Term(0, 0, 1, -1, 277693, 0),
        Term(2, 0, 0, -1, 173237, 0),
        Term(2, 0, -1, 1, 55413, 0),
        Term(2, 0, -1, -1, 46271, 0),
        Term(2, 0, 0, 1, 32573, 0),
        Term(0, 0, 2, 1, 17198, 0),
        Term(2, 0, 1, -1, 9266, 0),
        Term(0, 0, 2, -1, 8822, 0),
        Term(2, -1, 0, -1, 8216, 0),
        Term(2, 0, -2, -1, 4324, 0),
        Term(2, 0, 1, 1, 4200, 0),
        Term(2, 1, 0, -1, -3359, 0),
        Term(2, -1, -1, 1, 2463, 0),
        Term(2, -1, 0, 1, 2211, 0),
        Term(2, -1, -1, -1, 2065, 0),
        Term(0, 1, -1, -1, -1870, 0),
        Term(4, 0, -1, -1, 1828, 0),
        Term(0, 1, 0, 1, -1794, 0),
        Term(0, 0, 0, 3, -1749, 0),
        Term(0, 1, -1, 1, -1565, 0),
        Term(1, 0, 0, 1, -1491, 0),
        Term(0, 1, 1, 1, -1475, 0),
        Term(0, 1, 1, -1, -1410, 0),
        Term(0, 1, 0, -1, -1344, 0),
        Term(1, 0, 0, -1, -1335, 0),
        Term(0, 0, 3, 1, 1107, 0),
        Term(4, 0, 0, -1, 1021, 0),
        Term(4, 0, -1, 1, 833, 0),
        Term(0, 0, 1, -3, 777, 0),
        Term(4, 0, -2, 1, 671, 0),
        Term(2, 0, 0, -3, 607, 0),
        Term(2, 0, 2, -1, 596, 0),
        Term(2, -1, 1, -1, 491, 0),
        Term(2, 0, -2, 1, -451, 0),
        Term(0, 0, 3, -1, 439, 0),
        Term(2, 0, 2, 1, 422, 0),
        Term(2, 0, -3, -1, 421, 0),
        Term(2, 1, -1, 1, -366, 0),
        Term(2, 1, 0, 1, -351, 0),
        Term(4, 0, 0, 1, 331, 0),
        Term(2, -1, 1, 1, 315, 0),
        Term(2, -2, 0, -1, 302, 0),
        Term(0, 0, 1, 3, -283, 0),
        Term(2, 1, 1, -1, -229, 0),
        Term(1, 1, 0, -1, 223, 0),
        Term(1, 1, 0, 1, 223, 0),
        Term(0, 1, -2, -1, -220, 0),
        Term(2, 1, -1, -1, -220, 0),
        Term(1, 0, 1, 1, -185, 0),
        Term(2, -1, -2, -1, 181, 0),
        Term(0, 1, 2, 1, -177, 0),
        Term(4, 0, -2, -1, 176, 0),
        Term(4, -1, -1, -1, 166, 0),
        Term(1, 0, 1, -1, -164, 0),
        Term(4, 0, 1, -1, 132, 0),
        Term(1, 0, -1, -1, -119, 0),
        Term(4, -1, 0, -1, 115, 0),
        Term(2, -2, 0, 1, 107, 0),
    ]
}
