/// Dark Sky's unit systems. The model works in SI; this converts for the answer.
enum UnitSystem: String, Sendable, CaseIterable {
    case si, us, ca, uk

    /// `units` from the query: absent means `us` (Dark Sky's default); `auto` picks by zone.
    init?(query: String?, zone: String) {
        switch query?.lowercased() {
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
            guard let system = UnitSystem(rawValue: value) else { return nil }
            self = system
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

    /// From mm of precipitation: us inches, else cm.
    func accumulation(_ millimetres: Double) -> Double {
        self == .us ? millimetres / 25.4 : millimetres / 10
    }

    /// From km: us and uk miles, else km.
    func distance(_ kilometres: Double) -> Double {
        self == .us || self == .uk ? kilometres * 0.621_371 : kilometres
    }

    /// From metres: us feet, else metres.
    func elevation(_ metres: Double) -> Double { self == .us ? metres * 3.280_84 : metres }
}
