import RainKit
import RainTerminal

/// `rain locations add NAME [--pick N] [--country CC] | NAME --lat X --lon Y | [NAME] --here`
struct LocationsAddCommand: RunnableCommand {
    var savesChanges: Bool { true }
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Save a place found by name, at coordinates, or where this machine is.",
        discussion: """
        With a name alone, rain looks it up at geocoding_url (Open-Meteo's, no key needed). \
        When several places have the name, a terminal shows them to pick from (enter adds, q \
        cancels); elsewhere rain lists them and --pick N chooses. With --lat and --lon nothing \
        is looked up, and without a name the place is called by its coordinates, as show calls it. --here asks ip_location_url where this machine is from its IP address, \
        only when you ask. The first place saved becomes the current location. Prints the new \
        place's short ID. A place of the same name (letter case aside) within 1 km of a saved \
        one is not added: rain names the saved one and exits 0 (--select still makes it \
        current); --again adds it anyway.
        """,
        arguments: [placeName],
        options: [lat, lon, pick, country, here, select, again, verbose],
        usage: "<name> [--pick <n>] [--country <code>] | [<name>] --lat <latitude> --lon <longitude> | [<name>] --here; [--select] [--again]"
    )

    static let placeName = ArgumentDefinition(name: "name", help: "The place's name, e.g. Berlin.", isOptional: true, joinsWords: true)
    static let lat = Option<Double>("lat", value: "latitude", help: "Latitude in degrees, -90 (south) to 90 (north).")
    static let lon = Option<Double>("lon", value: "longitude", help: "Longitude in degrees, -180 (west) to 180 (east).")
    static let pick = Option<Int>("pick", value: "n", help: "When several places have the name, take the Nth of the list.")
    static let country = Option<String>("country", value: "code", help: "Look only in this country (ISO code, e.g. DE).")
    static let here = Flag("here", help: "Save where this machine is, asked of ip_location_url from its IP address.")
    static let select = Flag("select", help: "Make the new place the current location.")
    static let again = Flag("again", help: "Save the place even if it is saved already.")
    static let verbose = Flag.verbose

    enum Source: Equatable {
        case coordinates(Coordinate)
        case lookup(pick: Int?, countryCode: String?)
        case here
    }

    var name: String?
    var source: Source
    var select: Bool
    var again: Bool
    var verbose: Bool

    init(parsed: ParsedValues) throws {
        name = parsed[Self.placeName]
        select = parsed[Self.select]
        again = parsed[Self.again]
        verbose = parsed[Self.verbose]
        let latitude = try parsed.value(Self.lat), longitude = try parsed.value(Self.lon)
        let pick = try parsed.value(Self.pick), country = try parsed.value(Self.country)
        let lookupOptions = [pick.map { _ in "--pick" }, country.map { _ in "--country" }].compactMap { $0 }
        if parsed[Self.here] {
            if latitude != nil || longitude != nil || !lookupOptions.isEmpty {
                let other = latitude != nil ? "--lat" : longitude != nil ? "--lon" : lookupOptions[0]
                throw ValidationError(N_("'--here' and '{other}' cannot be used together"), ["other": other])
            }
            source = .here
        } else {
            source = try Self.source(named: name, latitude: latitude, longitude: longitude, pick: pick, country: country,
                                     lookupOptions: lookupOptions)
        }
        // A name that could never be saved is refused before anything is asked of a server.
        if let name { _ = try LocationValidation.validNewName(name) }
    }

    private static func source(
        named name: String?, latitude: Double?, longitude: Double?, pick: Int?, country: String?, lookupOptions: [String]
    ) throws -> Source {
        switch (latitude, longitude) {
        case let (latitude?, longitude?):
            if let option = lookupOptions.first {
                throw ValidationError(N_("'{option}' cannot be used with '--lat' and '--lon'"), ["option": option])
            }
            // Out of range is bad data (65), not a usage error: validation keeps an error's kind.
            return .coordinates(try LocationValidation.validCoordinate(latitude: latitude, longitude: longitude))
        case (nil, nil):
            guard name != nil else { throw ValidationError(N_("missing expected argument '<name>'")) }
            let (pick, countryCode) = try PlaceChoice.checked(pick: pick, country: country)
            return .lookup(pick: pick, countryCode: countryCode)
        case (nil, _):
            throw ValidationError(N_("missing '--lat <latitude>' (or drop '--lon' to look the name up)"))
        case (_, nil):
            throw ValidationError(N_("missing '--lon <longitude>' (or drop '--lat' to look the name up)"))
        }
    }

    func run(_ context: CommandContext) async throws {
        // Before the name is sent to the geocoder or saved.
        if let name { try LocationValidation.checkNameHoldsNoKey(name, redaction: context.keyRedaction()) }
        switch source {
        case .coordinates(let coordinate):
            // Without a name, called by its coordinates ("-33.87, 151.21"), as `show` calls one.
            let called = name ?? PlaceMatch(name: "", coordinate: coordinate).shortCoordinates.filter { $0 != "(" && $0 != ")" }
            try await save(PlaceMatch(name: called, coordinate: coordinate), calledByCoordinates: name == nil, context)
        case .here:
            let lookup = try placeLookup(context)
            context.printError(context.localization.tr("Asking {host} where this machine is (from its IP address)...", ["host": lookup.ipLocationHost]))
            var place: PlaceMatch
            do {
                place = try await lookup.here()
            } catch {
                throw CommandFailure.ipLocationFailure(error, host: lookup.ipLocationHost)
            }
            if let name { place.name = name }
            try await save(place, context)
        case .lookup(let pick, let countryCode):
            let lookup = try placeLookup(context)
            let query = name ?? ""
            let places: [PlaceMatch]
            do {
                places = try await lookup.places(named: query, countryCode: countryCode)
            } catch .offline(let host) {
                // Saying what it was for, as `rain NAME` does.
                throw CommandFailure.lookupOffline(host: host, name: query)
            } catch {
                throw CommandFailure.lookupFailed(error, name: query, host: lookup.geocodingHost, hint: error.hintText)
            }
            let choice = PlaceChoice(query: query, pick: pick, countryCode: countryCode, command: "rain locations add", whenSeveral: .refuse)
            guard let place = try choice.choose(among: places, context) else {
                context.printError(context.localization.tr("Nothing added."))
                return
            }
            // The geocoder names a place in the user's language ("東京" for Tokyo): the word typed
            // stays the place's alias, so that it finds the place as it found it here.
            let word = query.trimmingSpaces
            try await save(place, alias: word.lowercased() == place.name.lowercased() ? nil : word, lookedUp: true, context)
        }
    }

    private func placeLookup(_ context: CommandContext) throws -> PlaceLookup {
        PlaceLookup(settings: try context.loadSettings().settings, verbose: context.requestLog(verbose: verbose))
    }

    private func save(_ place: PlaceMatch, alias: String? = nil, lookedUp: Bool = false, calledByCoordinates: Bool = false,
                      _ context: CommandContext) async throws {
        let store = context.store, select = select, again = again
        var location = place.location
        location.alias = alias
        switch try await DetachedThread.run({ [location] in try store.add(location, select: select, again: again, lookedUp: lookedUp) }) {
        case .added(let location, let isCurrent):
            var saved = place
            saved.name = location.name   // as saved: trimmed, its blanks spaces
            let values: KeyValuePairs<String, String> = ["name": saved.qualifiedName.strippingControlCharacters, "coordinates": calledByCoordinates ? saved.name : place.shortCoordinates, "id": location.shortID]
            if calledByCoordinates {
                // Its name is its coordinates: said once.
                context.print(isCurrent ? context.localization.tr("Added {coordinates}, ID {id}, the current location.", values)
                              : context.localization.tr("Added {coordinates}, ID {id}.", values))
            } else {
                context.print(isCurrent ? context.localization.tr("Added {name} {coordinates}, ID {id}, the current location.", values)
                              : context.localization.tr("Added {name} {coordinates}, ID {id}.", values))
            }
        case .alreadySaved(let location, let number, let isCurrent):
            let values: KeyValuePairs<String, String> = ["name": location.name.strippingControlCharacters, "number": String(number), "id": location.shortID]
            context.print(isCurrent ? context.localization.tr("{name} is already saved ({number}, ID {id}), the current location.", values)
                          : context.localization.tr("{name} is already saved ({number}, ID {id}).", values))
            context.hint(context.localization.tr("to save a second one: {command}", ["command": againCommand]))
        }
    }

    /// This command again with `--again` (a name starting with '-' after `--`).
    private var againCommand: String {
        var words = ["rain", "locations", "add"]
        switch source {
        case .coordinates(let coordinate):
            words += ["--lat", ShowCommand.decimal(coordinate.latitude), "--lon", ShowCommand.decimal(coordinate.longitude)]
        case .lookup(let pick, let countryCode):
            words += (pick.map { ["--pick", String($0)] } ?? []) + (countryCode.map { ["--country", $0] } ?? [])
        case .here: words.append("--here")
        }
        if select { words.append("--select") }
        words.append("--again")
        if let name { words += (name.hasPrefix("-") ? ["--"] : []) + [ShellWords.quoted(name)] }
        return words.joined(separator: " ")
    }
}
