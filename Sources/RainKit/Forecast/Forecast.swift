import Glibc
import FoundationEssentials

/// A point on the globe, in degrees.
public struct Coordinate: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

extension Coordinate {
    /// The mean radius of the Earth, metres (IUGG).
    static let earthRadius = 6_371_008.8

    /// The great-circle distance in metres (haversine, on a sphere of the Earth's mean radius).
    public func distance(to other: Coordinate) -> Double {
        let radians = Double.pi / 180
        let dLatitude = (other.latitude - latitude) * radians, dLongitude = (other.longitude - longitude) * radians
        let a = pow(sin(dLatitude / 2), 2) + cos(latitude * radians) * cos(other.latitude * radians) * pow(sin(dLongitude / 2), 2)
        return 2 * Self.earthRadius * asin(min(1, a.squareRoot()))
    }
}

/// The unit systems of the Dark Sky family of APIs.
/// `si`: °C, m/s, mm, km, hPa. `ca`: as si but km/h. `uk`: as si but mph and miles. `us`: °F, mph, in, mi.
public enum UnitSystem: String, Sendable, CaseIterable {
    case si, us, ca, uk
}

/// A forecast in rain's own terms, whichever provider it came from. Every measurement is optional:
/// providers leave things out, and a value a provider marks as missing is nil here.
public struct Forecast: Sendable, Equatable {
    public var coordinate: Coordinate
    /// IANA time zone of the place, e.g. "Europe/Berlin". Local times are formatted with it.
    public var timeZone: String
    /// Seconds east of UTC on the place's clocks when the provider answered (Open-Meteo's
    /// `utc_offset_seconds`, a Dark Sky server's `offset`): the zone, fixed, where this
    /// machine knows no zone of `timeZone`'s name (`zone`); nil when the answer had none.
    public var utcOffset: Int?
    public var units: UnitSystem
    public var current: Conditions?
    public var nextHour: NextHour?
    public var hourlySummary: String?
    public var hourly: [Hour]
    public var dailySummary: String?
    public var daily: [Day]
    public var alerts: [Alert]
    /// When the alert feeds asked at most so often (`AlertFeed.minimumInterval`) were last
    /// asked for the place; nil when none covers it.
    public var alertsAskedAt: Date?
    /// What those feeds' last answer said of itself: its `Last-Modified`, sent back as
    /// `If-Modified-Since` when they are next asked, and its `Expires`, before which they are
    /// not asked again (MET's `doc/TermsOfService.md`, "Traffic"); after a 429, its
    /// `Retry-After` stands for that.
    public var alertsLastModified: String?
    public var alertsExpire: Date?
    /// Those feeds whose last poll failed: until they are asked again, the provider's alerts
    /// stand for theirs (none of them is taken for a copy of what the feed gave before).
    public var alertFeedsThatFailed: Set<AlertSource> = []
    /// The air at the place, fetched beside the forecast; nil when not asked
    /// (`"air_quality": false`) or not answered yet.
    public var air: AirQuality?

    public init(
        coordinate: Coordinate, timeZone: String, units: UnitSystem, current: Conditions? = nil,
        nextHour: NextHour? = nil, hourlySummary: String? = nil, hourly: [Hour] = [],
        dailySummary: String? = nil, daily: [Day] = [], alerts: [Alert] = []
    ) {
        self.coordinate = coordinate
        self.timeZone = timeZone
        self.units = units
        self.current = current
        self.nextHour = nextHour
        self.hourlySummary = hourlySummary
        self.hourly = hourly
        self.dailySummary = dailySummary
        self.daily = daily
        self.alerts = alerts
    }

    /// Conditions now. `icon` uses the Dark Sky vocabulary ("clear-day", "rain", "partly-cloudy-night", ...).
    public struct Conditions: Sendable, Equatable {
        public var time: Date
        public var summary: String?
        public var icon: String?
        public var temperature: Double?
        public var apparentTemperature: Double?
        /// 0...1
        public var humidity: Double?
        public var windSpeed: Double?
        public var windGust: Double?
        /// Degrees the wind comes from, 0 = north.
        public var windBearing: Double?
        /// 0...1
        public var precipProbability: Double?
        public var precipIntensity: Double?
        public var precipType: String?
        public var uvIndex: Double?
        public var pressure: Double?
        public var visibility: Double?
        /// 0...1
        public var cloudCover: Double?
        public var dewPoint: Double?

        public init(time: Date) { self.time = time }
    }

    /// Precipitation minute by minute for the next hour.
    public struct NextHour: Sendable, Equatable {
        public var summary: String?
        public var minutes: [Minute]
        /// How closely the steps tell when precipitation starts and stops: nil, to the step;
        /// `.hour`, only to the hour (each step is its hour's amount spread evenly).
        public var precision: Precision?

        public init(summary: String? = nil, minutes: [Minute] = [], precision: Precision? = nil) {
            self.summary = summary
            self.minutes = minutes
            self.precision = precision
        }

        public enum Precision: String, Sendable, Equatable, CaseIterable {
            /// The steps are derived from hourly values: the hour is known, not the minute.
            case hour
        }

        /// The moment a start or an end at `time` is told as: `time`, or where the steps know
        /// only the hour, the nearest hour (Open-Meteo's spread quarters change on it already;
        /// Pirate Weather's interpolated minutes cross a threshold anywhere between two hours).
        public func toldTime(_ time: Date) -> Date {
            guard precision == .hour else { return time }
            return Date(timeIntervalSince1970: (time.timeIntervalSince1970 / 3600).rounded() * 3600)
        }

        public struct Minute: Sendable, Equatable {
            public var time: Date
            public var precipIntensity: Double?
            public var precipProbability: Double?
            public var precipType: String?

            public init(time: Date, precipIntensity: Double? = nil, precipProbability: Double? = nil, precipType: String? = nil) {
                self.time = time
                self.precipIntensity = precipIntensity
                self.precipProbability = precipProbability
                self.precipType = precipType
            }
        }
    }

    public struct Hour: Sendable, Equatable {
        public var time: Date
        public var summary: String?
        public var icon: String?
        public var temperature: Double?
        public var apparentTemperature: Double?
        public var precipProbability: Double?
        public var precipIntensity: Double?
        public var precipType: String?
        public var windSpeed: Double?
        /// The hour's strongest gust, in the wind unit.
        public var windGust: Double?
        public var windBearing: Double?
        public var humidity: Double?
        public var uvIndex: Double?

        public init(time: Date) { self.time = time }
    }

    /// A day as both providers are read: the calendar day in the place's zone.
    public struct Day: Sendable, Equatable {
        /// Start of the day in the place's time zone.
        public var time: Date
        public var summary: String?
        public var icon: String?
        /// The calendar day's minimum (not an overnight low).
        public var temperatureLow: Double?
        /// The calendar day's maximum.
        public var temperatureHigh: Double?
        public var precipProbability: Double?
        /// Liquid precipitation (rain, showers, freezing rain), cm or in; snow is `snowAccumulation`.
        public var precipAccumulation: Double?
        /// Fresh snow, cm or in.
        public var snowAccumulation: Double?
        public var precipType: String?
        public var windSpeed: Double?
        public var uvIndex: Double?
        /// Absent when the sun does not rise (`polar` says why). Rain's own, in the place's
        /// calendar day (`Forecast.withAstronomy`), not the provider's.
        public var sunrise: Date?
        public var sunset: Date?
        /// Civil twilight's start and end (the sun 6° below the horizon), rain's own; absent on
        /// a day the sun does not go that low, or not that high.
        public var dawn: Date?
        public var dusk: Date?
        /// Set when the sun stays below or above the horizon all day.
        public var polar: Polar?
        /// The moon's phase at the day's noon (0 new, 0.5 full, 1 the next new), rain's own
        /// (`Forecast.withAstronomy`).
        public var moonPhase: Double?
        /// The lit fraction of the moon's disc at the day's noon, 0...1; rain's own.
        public var moonIllumination: Double?
        /// The first moonrise and moonset of the calendar day, rain's own; absent on a day the
        /// moon does not rise (or set).
        public var moonrise: Date?
        public var moonset: Date?

        public init(time: Date) { self.time = time }

        /// Seconds from sunrise to sunset: 0 in polar night, 86,400 under the midnight sun,
        /// nil when the times are not known.
        public var daylightSeconds: Double? {
            switch polar {
            case .night: return 0
            case .day: return 86_400
            case nil:
                guard let sunrise, let sunset else { return nil }
                return sunset.timeIntervalSince(sunrise)
            }
        }

        public enum Polar: String, Sendable, Equatable, CaseIterable {
            /// The sun stays below the horizon: polar night.
            case night
            /// The sun stays above the horizon: midnight sun.
            case day
        }
    }

    public struct Alert: Sendable, Equatable {
        public var title: String
        public var severity: String?
        public var regions: [String]
        public var time: Date?
        public var expires: Date?
        public var description: String?
        public var uri: String?
        /// The issuer's own identifier of the message (a CAP `identifier`).
        public var id: String?
        /// The identifiers of the earlier messages this one updates or replaces (NWS
        /// `references`): a re-issue of an alert already told is not news.
        public var references: [String] = []
        /// What stays the same across the re-issues of one alert where its issuer does not
        /// name the messages it replaces (MET Norway: its event, area and start), each of which
        /// has an identifier of its own.
        public var series: String?
        /// The `seriesKey`s of the identical alerts (same title, severity and end) of the same
        /// answer this one stands for (`mergingIdenticalAlerts`): told once, as each of them.
        public var sameAs: [String]
        /// The official feed that gave it, marked when its answer is read; nil: the forecast
        /// provider's own. A feed's alerts are kept by this mark while it is not asked (MET:
        /// every 10 minutes at most) or fails, never by the form of their ids or links.
        public var feed: AlertSource?

        public init(title: String, severity: String? = nil, regions: [String] = [], time: Date? = nil,
                    expires: Date? = nil, description: String? = nil, uri: String? = nil, id: String? = nil,
                    references: [String] = [], series: String? = nil, sameAs: [String] = [], feed: AlertSource? = nil) {
            self.title = title
            self.severity = severity
            self.regions = regions
            self.time = time
            self.expires = expires
            self.description = description
            self.uri = uri
            self.id = id
            self.references = references
            self.series = series
            self.sameAs = sameAs
            self.feed = feed
        }
    }
}
