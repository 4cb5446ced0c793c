/// The unit each quantity is shown in: the `units` preset, each quantity overridable on its own
/// (`temperature_unit`, `wind_unit`, ...). Only what is shown changes: forecasts are kept in the
/// provider's canonical system and converted here, so a new display unit needs no refetch.
public struct DisplayUnits: Sendable, Equatable {
    public var temperature: TemperatureUnit
    public var wind: WindUnit
    public var precipitation: PrecipitationUnit
    public var pressure: PressureUnit
    public var distance: DistanceUnit
    public var clock: ClockChoice

    /// What the Dark Sky preset shows: `si` m/s, `ca` km/h, `uk` mph and miles, `us` °F, mph, in, inHg, mi.
    public init(preset: UnitSystem) {
        switch preset {
        case .si: (temperature, wind, precipitation, pressure, distance) = (.celsius, .ms, .mm, .hpa, .km)
        case .ca: (temperature, wind, precipitation, pressure, distance) = (.celsius, .kmh, .mm, .hpa, .km)
        case .uk: (temperature, wind, precipitation, pressure, distance) = (.celsius, .mph, .mm, .hpa, .mi)
        case .us: (temperature, wind, precipitation, pressure, distance) = (.fahrenheit, .mph, .inches, .inhg, .mi)
        }
        clock = .auto
    }

    /// The configuration keys of the quantities, in the order `config show` lists them.
    public static let keys = ["temperature_unit", "wind_unit", "precipitation_unit", "pressure_unit", "distance_unit", "clock"]

    /// Sets the quantity of `key` from its configuration name; false when `name` is not one of its units.
    public mutating func set(_ key: String, to name: String) -> Bool {
        switch key {
        case "temperature_unit": return assign(name, to: &temperature)
        case "wind_unit": return assign(name, to: &wind)
        case "precipitation_unit": return assign(name, to: &precipitation)
        case "pressure_unit": return assign(name, to: &pressure)
        case "distance_unit": return assign(name, to: &distance)
        case "clock": return assign(name, to: &clock)
        default: return false
        }
    }

    /// The configuration name of the quantity of `key`: "kn".
    public func name(of key: String) -> String {
        switch key {
        case "temperature_unit": return temperature.rawValue
        case "wind_unit": return wind.rawValue
        case "precipitation_unit": return precipitation.rawValue
        case "pressure_unit": return pressure.rawValue
        case "distance_unit": return distance.rawValue
        default: return clock.rawValue
        }
    }

    /// The names `key` takes, for messages: ["kmh", "ms", "mph", "kn", "bft"].
    public static func names(of key: String) -> [String] {
        switch key {
        case "temperature_unit": return TemperatureUnit.allCases.map(\.rawValue)
        case "wind_unit": return WindUnit.allCases.map(\.rawValue)
        case "precipitation_unit": return PrecipitationUnit.allCases.map(\.rawValue)
        case "pressure_unit": return PressureUnit.allCases.map(\.rawValue)
        case "distance_unit": return DistanceUnit.allCases.map(\.rawValue)
        default: return ClockChoice.allCases.map(\.rawValue)
        }
    }

    private func assign<Unit: RawRepresentable<String>>(_ name: String, to unit: inout Unit) -> Bool {
        guard let value = Unit(rawValue: name) else { return false }
        unit = value
        return true
    }
}

public enum TemperatureUnit: String, Sendable, CaseIterable {
    case celsius, fahrenheit
}

public enum WindUnit: String, Sendable, CaseIterable {
    case kmh, ms, mph, kn
    /// Beaufort force, shown with its name: "5 Bft, fresh breeze".
    case bft
}

public enum PrecipitationUnit: String, Sendable, CaseIterable {
    case mm
    case inches = "in"
}

public enum PressureUnit: String, Sendable, CaseIterable {
    case hpa, inhg, mmhg
}

public enum DistanceUnit: String, Sendable, CaseIterable {
    case km, mi
}

/// `auto`: the language's own clock (the catalogue says which), 24-hour for English.
public enum ClockChoice: String, Sendable, CaseIterable {
    case h24 = "24h"
    case h12 = "12h"
    case auto
}
