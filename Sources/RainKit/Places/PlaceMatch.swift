import FoundationEssentials

/// A place a name lookup (or an IP lookup) found: what is needed to save it and to tell it
/// apart from others of the same name. Text from the server has no control characters here.
public struct PlaceMatch: Sendable, Equatable {
    public var name: String
    public var coordinate: Coordinate
    /// First-level division: state, region, Land.
    public var region: String?
    public var country: String?
    /// ISO 3166-1 alpha-2, e.g. "DE".
    public var countryCode: String?
    /// IANA time zone, e.g. "Europe/Berlin".
    public var timeZone: String?
    public var population: Int?

    public init(name: String, coordinate: Coordinate, region: String? = nil, country: String? = nil,
                countryCode: String? = nil, timeZone: String? = nil, population: Int? = nil) {
        self.name = name
        self.coordinate = coordinate
        self.region = region
        self.country = country
        self.countryCode = countryCode
        self.timeZone = timeZone
        self.population = population
    }

    /// "Berlin, Land Berlin, Germany": the name with its region and country.
    public var qualifiedName: String { Location.joined([name, region, country]) }

    /// "(52.52, 13.41)": two decimals, enough to tell places apart on a screen.
    public var shortCoordinates: String {
        "(\(Self.twoDecimals(coordinate.latitude)), \(Self.twoDecimals(coordinate.longitude)))"
    }

    /// The place to save.
    public var location: Location {
        Location(name: name, coordinate: coordinate, country: country, region: region, timeZone: timeZone)
    }

    static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let size = abs(hundredths)
        let fraction = size % 100
        return "\(sign)\(size / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
