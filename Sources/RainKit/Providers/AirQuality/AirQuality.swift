import FoundationEssentials

/// The air at a place, provider-neutral: the conditions now and by the hour. Concentrations
/// are in μg/m³, pollen in grains/m³, the indices on their own scales (`AirQualityIndex`).
/// It joins the place's forecast (`Forecast.air`) and is cached and shown with it.
public struct AirQuality: Sendable, Equatable {
    public var current: Reading?
    public var hourly: [Reading]
    /// When the service answered: the forecast's own time unless the air failed at a later
    /// refresh and this is what an earlier one kept (nil in a cache written before it was kept).
    public var fetchedAt: Date?
    /// The index the screen shows now, written by `rain show --json` as `air.index`
    /// (`CachedForecast.showing`): never read back, never cached.
    public var shownIndex: AirQualityShownIndex?

    public init(current: Reading? = nil, hourly: [Reading] = [], fetchedAt: Date? = nil) {
        self.current = current
        self.hourly = hourly
        self.fetchedAt = fetchedAt
    }

    /// One time's air; a value the service did not send is nil.
    public struct Reading: Sendable, Equatable {
        public var time: Date
        public var europeanAQI: Double?
        public var usAQI: Double?
        public var pm2_5: Double?
        public var pm10: Double?
        public var ozone: Double?
        public var nitrogenDioxide: Double?
        public var sulphurDioxide: Double?
        public var carbonMonoxide: Double?
        public var dust: Double?
        /// Grains/m³ by kind: only where the service serves pollen (Europe, in season).
        public var pollen: Pollen

        public init(time: Date) {
            self.time = time
            pollen = Pollen()
        }

        public static let blank = Reading(time: .distantPast)

        /// The reading's index on `scale`.
        public func index(on scale: AirQualityScale) -> Double? {
            scale == .us ? usAQI : europeanAQI
        }
    }

    /// Grains/m³ of each pollen CAMS Europe forecasts; nil where not served.
    public struct Pollen: Sendable, Equatable {
        /// Each kind's grains at its `PollenKind.slot`. Not a dictionary: every refresh reads
        /// and writes six kinds for each of 120 hours, and a dictionary keyed by the kind
        /// hashed the kind's name each time.
        private var grains = [Double?](repeating: nil, count: PollenKind.allCases.count)

        public init(_ values: [PollenKind: Double] = [:]) {
            for (kind, value) in values { self[kind] = value }
        }

        public subscript(kind: PollenKind) -> Double? {
            get { grains[kind.slot] }
            set { grains[kind.slot] = newValue }
        }

        public var isEmpty: Bool { grains.allSatisfy { $0 == nil } }
    }

    /// The reading for `date`: the served hour it falls in, else the current one when `date`
    /// is in its hour.
    public func reading(at date: Date) -> Reading? {
        hourly.last { $0.time <= date && date.timeIntervalSince($0.time) < 3600 }
            ?? current.flatMap { $0.time <= date && date.timeIntervalSince($0.time) < 3600 ? $0 : nil }
    }
}

/// The pollens CAMS Europe forecasts, in the service's order (open-meteo/open-meteo
/// `Sources/App/Cams/CamsDomain.swift`, `CamsVariable`).
public enum PollenKind: String, Sendable, CaseIterable, Hashable {
    case alder, birch, grass, mugwort, olive, ragweed

    /// Its place in `allCases`.
    var slot: Int {
        switch self {
        case .alder: 0
        case .birch: 1
        case .grass: 2
        case .mugwort: 3
        case .olive: 4
        case .ragweed: 5
        }
    }

    /// The service's variable: "birch_pollen".
    public var variable: String { rawValue + "_pollen" }

    /// The plant's name on a screen, marked for translation.
    public var word: String {
        switch self {
        case .alder: return N_("alder")
        case .birch: return N_("birch")
        case .grass: return N_("grass")
        case .mugwort: return N_("mugwort")
        case .olive: return N_("olive")
        case .ragweed: return N_("ragweed")
        }
    }
}

/// How much pollen there is, in rain's own bands of grains/m³ (one for every plant: low from
/// 1, medium from 10, high from 50, very high from 500).
public enum PollenLevel: Int, Sendable, CaseIterable, Comparable {
    case low = 1, moderate, high, veryHigh

    public init?(grains: Double) {
        switch grains {
        case 500...: self = .veryHigh
        case 50...: self = .high
        case 10...: self = .moderate
        case 1...: self = .low
        default: return nil
        }
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// Its name in the configuration (`notify.pollen`'s level).
    public var name: String {
        switch self {
        case .low: return "low"
        case .moderate: return "medium"
        case .high: return "high"
        case .veryHigh: return "very high"
        }
    }

    public var word: String {
        switch self {
        case .low: return N_("low")
        case .moderate: return N_("medium")
        case .high: return N_("high")
        case .veryHigh: return N_("very high")
        }
    }
}

/// Which air-quality index a place is shown in (`aqi_scale`).
public enum AirQualityScale: String, Sendable, CaseIterable {
    case european, us
}

/// `aqi_scale` in the configuration: a scale, or `auto` (the US index in the United States,
/// the European one elsewhere).
public enum AirQualityScaleChoice: String, Sendable, CaseIterable {
    case auto, european, us

    /// The scale for a place in the time zone `timeZone` (IANA): the zones of the United States
    /// and its territories, whose agencies publish the US AQI, take it. The zone says the
    /// country where a place's country name (in the user's language) or a box would not.
    public func scale(timeZone: String) -> AirQualityScale {
        switch self {
        case .european: return .european
        case .us: return .us
        case .auto:
            let isUS = Self.usZones.contains(timeZone) || Self.usZonePrefixes.contains { timeZone.hasPrefix($0) }
            return isUS ? .us : .european
        }
    }

    /// The zones tzdata's `zone.tab` gives the United States and its territories (US, PR, VI, GU,
    /// MP, AS, UM), by name or prefix; the `US/` names are its old links.
    static let usZones: Set<String> = [
        "America/New_York", "America/Detroit", "America/Chicago", "America/Menominee", "America/Denver",
        "America/Boise", "America/Phoenix", "America/Los_Angeles", "America/Anchorage", "America/Juneau",
        "America/Sitka", "America/Metlakatla", "America/Yakutat", "America/Nome", "America/Adak",
        "Pacific/Honolulu", "America/Puerto_Rico", "America/St_Thomas", "Pacific/Guam", "Pacific/Saipan",
        "Pacific/Pago_Pago", "Pacific/Midway", "Pacific/Wake",
    ]
    static let usZonePrefixes = ["America/Indiana/", "America/Kentucky/", "America/North_Dakota/", "US/"]
}
