extension UnitSystem {
    /// A temperature in this system as °C, for choosing colours.
    package func celsius(_ value: Double?) -> Double? {
        guard let value else { return nil }
        return self == .us ? (value - 32) * 5 / 9 : value
    }

    /// A precipitation intensity in this system (mm/h, or in/h for `us`) as mm/h.
    package func millimetresPerHour(_ value: Double) -> Double {
        self == .us ? value * 25.4 : value
    }
}
