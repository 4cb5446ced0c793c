/// Dark Sky's unit systems. The model works in SI; this converts for the answer.
enum UnitSystem: String, Sendable, CaseIterable {
    case si, us, ca, uk

    /// `units` from the query: absent means `us` (Dark Sky's default); `auto` picks by zone.
    /// Pirate-Weather/pirate-weather-code API/request/preprocess.py, _setup_units: only the
    /// first two letters count (`uk2` is `uk`), and anything unknown is `us`, not an error.
    init?(query: String?, zone: String) {
        switch query.map({ $0 == "auto" ? $0 : String($0.prefix(2)) }) {
        case nil, "": self = .us
        case "auto":
            if zone.hasPrefix("America/") && !zone.hasPrefix("America/Toronto") && !zone.hasPrefix("America/Vancouver")
                && !zone.hasPrefix("America/Sao_Paulo") && !zone.hasPrefix("America/Argentina") && !zone.hasPrefix("America/Mexico") {
                self = .us
            } else if zone == "Europe/London" {
                self = .uk
            } else if zone == "America/Toronto" || zone == "America/Vancouver" {
                self = .ca
            } else {
                self = .si
            }
        case let value?:
            self = UnitSystem(rawValue: value) ?? .us
        }
    }

    var temperatureSymbol: String { self == .us ? "°F" : "°C" }

    func temperature(_ celsius: Double) -> Double { self == .us ? celsius * 9 / 5 + 32 : celsius }

    /// From m/s: si m/s, ca km/h, us and uk mph.
    func speed(_ metresPerSecond: Double) -> Double {
        switch self {
        case .si: return metresPerSecond
        case .ca: return metresPerSecond * 3.6
        case .us, .uk: return metresPerSecond * 2.236_936
        }
    }

    /// From mm/h: us in/h, else mm/h.
    func intensity(_ millimetresPerHour: Double) -> Double {
        self == .us ? millimetresPerHour / 25.4 : millimetresPerHour
    }

    /// From mm of precipitation: us inches, else cm (Pirate-Weather/pirate-weather-code
    /// API/request/preprocess.py, _setup_units: prep_accum_unit 0.0394 for us, 0.1 otherwise).
    func accumulation(_ millimetres: Double) -> Double {
        self == .us ? millimetres * 0.0394 : millimetres * 0.1
    }

    /// Liquid (or ice) water of `millimetres`, in the accumulation unit.
    func liquidAccumulation(_ millimetres: Double) -> Double { accumulation(millimetres) }

    /// Snow of `millimetres` water as its depth (ten to one), in the accumulation unit.
    func snowAccumulation(_ waterMillimetres: Double) -> Double { accumulation(waterMillimetres * 10) }

    /// From km: us and uk miles, else km.
    func distance(_ kilometres: Double) -> Double {
        self == .us || self == .uk ? kilometres * 0.621_371 : kilometres
    }

    /// From metres: us feet, else metres.
    func elevation(_ metres: Double) -> Double { self == .us ? metres * 3.280_84 : metres }
}
