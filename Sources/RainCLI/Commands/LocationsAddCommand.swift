import RainKit

/// `rain locations add NAME --lat X --lon Y [--select]`
struct LocationsAddCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Save a place under a name.",
        discussion: "The first place saved becomes the current location. Prints the new place's short ID.",
        arguments: [placeName],
        options: [lat, lon, select]
    )

    static let placeName = ArgumentDefinition(name: "name", help: "The place's name, e.g. Berlin.")
    static let lat = Option<Double>("lat", value: "latitude", help: "Latitude in degrees, -90 (south) to 90 (north).")
    static let lon = Option<Double>("lon", value: "longitude", help: "Longitude in degrees, -180 (west) to 180 (east).")
    static let select = Flag("select", help: "Make the new place the current location.")

    var name: String
    var latitude: Double
    var longitude: Double
    var select: Bool

    init(parsed: ParsedValues) throws {
        name = parsed[Self.placeName] ?? ""
        let latitude = try parsed.value(Self.lat)
        let longitude = try parsed.value(Self.lon)
        guard let latitude, let longitude else {
            if latitude == nil && longitude == nil {
                throw ValidationError("Looking places up by name is not supported yet; give both '--lat <latitude>' and '--lon <longitude>'")
            }
            throw ValidationError(latitude == nil ? "Missing '--lat <latitude>'" : "Missing '--lon <longitude>'")
        }
        self.latitude = latitude
        self.longitude = longitude
        select = parsed[Self.select]
    }

    func run(_ context: CommandContext) async throws {
        let (location, isCurrent) = try context.store.add(
            name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude), select: select)
        context.print("Added \(location.name.strippingControlCharacters) (\(location.shortID))\(isCurrent ? ", the current location" : "").")
    }
}
