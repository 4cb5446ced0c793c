/// Values as a forecast holds them (in its `UnitSystem`, see docs/forecast-json.md) turned
/// into the units they are shown in.
extension DisplayUnits {
    public func temperature(_ value: Double?, from system: UnitSystem) -> Double? {
        guard let celsius = system.celsius(value) else { return nil }
        return temperature == .celsius ? celsius : celsius * 9 / 5 + 32
    }

    /// A wind speed in metres per second, the unit Beaufort's scale is defined in.
    static func metresPerSecond(_ value: Double, from system: UnitSystem) -> Double {
        switch system {
        case .si: return value
        case .ca: return value / 3.6
        case .uk, .us: return value * 0.44704
        }
    }

    /// A speed in the wind unit; for Beaufort, the force (0...12).
    public func wind(_ value: Double?, from system: UnitSystem) -> Double? {
        guard let value else { return nil }
        let metres = Self.metresPerSecond(value, from: system)
        switch wind {
        case .ms: return metres
        case .kmh: return metres * 3.6
        case .mph: return metres / 0.44704
        case .kn: return metres * 3600 / 1852
        case .bft: return Double(Beaufort.force(metresPerSecond: metres))
        }
    }

    /// A precipitation intensity (mm/h, in/h for `us`) in the precipitation unit, per hour.
    public func intensity(_ value: Double?, from system: UnitSystem) -> Double? {
        guard let value else { return nil }
        return millimetres(system.millimetresPerHour(value))
    }

    /// A day's accumulation (cm, in for `us`) in the precipitation unit.
    public func accumulation(_ value: Double?, from system: UnitSystem) -> Double? {
        guard let value else { return nil }
        return millimetres(system == .us ? value * 25.4 : value * 10)
    }

    /// Fresh snow (cm, in for `us`): centimetres, or inches where precipitation is in inches.
    public func snow(_ value: Double?, from system: UnitSystem) -> Double? {
        guard let value else { return nil }
        let centimetres = system == .us ? value * 2.54 : value
        return precipitation == .mm ? centimetres : centimetres / 2.54
    }

    /// Pressure, sent in hPa by every system.
    public func pressure(_ hectopascals: Double?) -> Double? {
        guard let hectopascals else { return nil }
        switch pressure {
        case .hpa: return hectopascals
        case .inhg: return hectopascals / 33.8639
        case .mmhg: return hectopascals * 0.750062
        }
    }

    /// Visibility (km, mi for `uk` and `us`).
    public func distance(_ value: Double?, from system: UnitSystem) -> Double? {
        guard let value else { return nil }
        let kilometres = system == .uk || system == .us ? value * 1.609344 : value
        return distance == .km ? kilometres : kilometres / 1.609344
    }

    private func millimetres(_ value: Double) -> Double {
        precipitation == .mm ? value : value / 25.4
    }
}
