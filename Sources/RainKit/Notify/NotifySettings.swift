/// The `notify` object of the configuration: what `rain notify` tells about, for which places,
/// and when it keeps quiet.
public struct NotifySettings: Sendable, Equatable {
    /// Rain or snow starting within this many minutes is an event (next-hour data).
    public var withinMinutes = 60
    /// The weakest precipitation that counts.
    public var minIntensity: PrecipitationStrength = .light
    /// A chance of precipitation later today at or above this (0...1) is an event (hourly data).
    public var probability = 0.7
    public var places: Places = .current
    /// Nothing but extreme alerts goes out in this span of the machine's clock.
    public var quietHours: QuietHours?
    /// The longest (seconds) an `--exec` command may run for one event; then its process group is killed.
    public var execTimeout = 60
    /// The air-quality index (in the place's scale) at or above which the air is an event
    /// (`air_quality_above`); nil: never.
    public var airQualityAbove: Double?
    /// The pollens (all when empty) and the level from which they are an event (`pollen`);
    /// nil: never.
    public var pollen: (kinds: [PollenKind], level: PollenLevel)?

    public static func == (a: Self, b: Self) -> Bool {
        a.withinMinutes == b.withinMinutes && a.minIntensity == b.minIntensity && a.probability == b.probability
            && a.places == b.places && a.quietHours == b.quietHours && a.execTimeout == b.execTimeout
            && a.airQualityAbove == b.airQualityAbove && a.pollen?.kinds == b.pollen?.kinds && a.pollen?.level == b.pollen?.level
    }

    public init() {}

    /// Which saved places `rain notify` looks at when no LOC is given.
    public enum Places: Sendable, Equatable {
        case current
        case all
        case named([String])
    }

    /// The names in `places` that name no saved place, or more than one: what `rain notify`
    /// would stop at, so that `config show` can say it first.
    public func unresolvedPlaces(in list: LocationList) -> [(name: String, problem: LocationsError)] {
        guard case .named(let names) = places else { return [] }
        return names.compactMap { name in
            do {
                _ = try list.resolve(name)
                return nil
            } catch let error as LocationsError {
                return (name, error)
            } catch {
                return nil
            }
        }
    }
}

/// How hard it rains, with Dark Sky's thresholds in mm/h: below 2.5 light, below 10 moderate,
/// heavy from 10.
public enum PrecipitationStrength: String, Sendable, Equatable, CaseIterable, Comparable {
    case light, moderate, heavy

    /// How a notification says it (in the catalogue's words).
    public var words: String {
        switch self {
        case .light: return N_("light")
        case .moderate: return N_("moderate")
        case .heavy: return N_("heavy")
        }
    }

    /// The least intensity (mm/h) of the strength; light is anything measurable.
    public var millimetresPerHour: Double {
        switch self {
        case .light: return NextHourOutlook.wetIntensity
        case .moderate: return 2.5
        case .heavy: return 10
        }
    }

    public init(millimetresPerHour rate: Double) {
        self = rate >= Self.heavy.millimetresPerHour ? .heavy : rate >= Self.moderate.millimetresPerHour ? .moderate : .light
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
