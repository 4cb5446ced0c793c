/// What `--units` and the `units` key name: the Dark Sky systems, and `metric` (°C, km/h, mm,
/// hPa, km: what most of Europe reads), which asks the provider for `ca` and shows the same.
public enum UnitsPreset: String, Sendable, CaseIterable {
    case si, us, ca, uk, metric

    /// The system forecasts are asked for and kept in.
    public var system: UnitSystem {
        switch self {
        case .si: .si
        case .us: .us
        case .ca, .metric: .ca
        case .uk: .uk
        }
    }

    /// "si, us, ca, uk, metric", for messages.
    public static let names = allCases.map(\.rawValue).joined(separator: ", ")
}
