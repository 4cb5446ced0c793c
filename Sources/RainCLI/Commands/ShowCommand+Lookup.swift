import RainKit

/// A show of a place that is not saved: `rain sydney`, `rain show --lat -33.87 --lon 151.21`.
/// A saved place always wins; what is looked up is cached among the lookups, never saved.
extension ShowCommand {
    /// `--lat`/`--lon`, `--pick` and `--country`, checked against each other and a LOC.
    static func lookupOptions(_ parsed: ParsedValues, reference: String?, all: Bool)
        throws -> (coordinate: Coordinate?, pick: Int?, countryCode: String?) {
        let latitude = try parsed.value(lat), longitude = try parsed.value(lon)
        let (pick, countryCode) = try PlaceChoice.checked(pick: try parsed.value(pick), country: try parsed.value(country))
        let choosing = pick != nil ? "--pick" : countryCode != nil ? "--country" : nil
        if let other = all ? "--all" : nil, let option = latitude != nil ? "--lat" : longitude != nil ? "--lon" : choosing {
            throw ValidationError(N_("'{option}' cannot be combined with '{other}'"), ["option": option, "other": other])
        }
        switch (latitude, longitude) {
        case let (latitude?, longitude?):
            if reference != nil { throw ValidationError(N_("give either a location or '--lat' and '--lon', not both")) }
            if let choosing { throw ValidationError(N_("'{option}' cannot be used with '--lat' and '--lon'"), ["option": choosing]) }
            return (try LocationValidation.validCoordinate(latitude: latitude, longitude: longitude), nil, nil)
        case (nil, nil):
            if let choosing, reference == nil { throw ValidationError(N_("'{option}' needs a name to look up"), ["option": choosing]) }
            return (nil, pick, countryCode)
        case (nil, _):
            throw ValidationError(N_("missing '--lat <latitude>' (with '--lon')"))
        case (_, nil):
            throw ValidationError(N_("missing '--lon <longitude>' (with '--lat')"))
        }
    }

    /// The place to show and whose cache holds its forecast: a saved place (LOC, or the current
    /// location), else one looked up, with the question it answers (`--pick N` when several
    /// places have the name) and how many places the name had (nil: not known). `--pick` and
    /// `--country` are for lookups: with a saved place they are refused rather than ignored.
    func place(_ context: CommandContext) async throws -> (Location, lookup: PlaceQuestion?, matches: Int?) {
        if let coordinate { return try await lookedUp(.coordinate(coordinate), context) }
        let list = try context.loadPlaces()
        do {
            let location = try context.location(reference, in: list)
            if let option = pick != nil ? "--pick" : countryCode != nil ? "--country" : nil {
                throw ValidationError(N_("'{option}' does not apply: '{reference}' is a saved place ({id})"), ["option": option, "reference": reference ?? "", "id": location.shortID])
            }
            return (location, nil, nil)
        } catch LocationsError.unknown(let reference, let nearest) where Self.canBeLookedUp(reference) {
            return try await lookedUp(.name(reference, countryCode: countryCode, pick: pick), nearestSaved: nearest, context)
        } catch LocationsError.ambiguous(let reference, let candidates) where pick != nil || countryCode != nil {
            // The hint names them, as the ambiguity would have: one is meant, by its ID.
            let list = LocationsError.candidateList(candidates).strippingControlCharacters
            let values: KeyValuePairs<String, LocalizedText> = ["option": .verbatim(pick != nil ? "--pick" : "--country"),
                                                                 "reference": .verbatim(reference.strippingControlCharacters)]
            throw ValidationError(LocalizedText(N_("'{option}' does not apply: '{reference}' names several saved places"), values),
                                  hint: LocalizedText(N_("'{reference}' matches {count} locations: {list}"),
                                                      ["reference": .verbatim(reference.strippingControlCharacters),
                                                       "count": .verbatim(String(candidates.count)), "list": .verbatim(list)]))
        }
    }

    /// A number names a saved place by its position (or is a typo), never a place to look up.
    private static func canBeLookedUp(_ reference: String) -> Bool {
        !reference.allSatisfy(\.isNumber) && Double(reference) == nil
    }

    /// The place asked for, from the lookups' cache when it was asked before (no geocoder), else
    /// from the geocoder (not with --offline or --format, which never use the network: --format
    /// then prints what it prints for a place with nothing cached).
    /// `nearestSaved`: a saved place's name the words nearly are, the hint when no place has them.
    private func lookedUp(_ question: PlaceQuestion, nearestSaved: String? = nil, _ context: CommandContext) async throws -> (Location, lookup: PlaceQuestion?, matches: Int?) {
        let settings = try context.loadSettings().settings
        let (cached, setAside) = Self.cachedLookup(question, in: ForecastCache(directory: settings.paths.lookupsDirectory), context)
        if let cached {
            // A name alone was answered by its first match (`PlaceQuestion.cacheID`): the hint to
            // keep it names the pick where the name had others, as the first show's did. A
            // lookup cached before rain kept how many it had gets the pick, which works either way.
            if case .name(let query, let countryCode, nil) = question, cached.lookupMatches.map({ $0 > 1 }) ?? true {
                return (cached.location, .name(query, countryCode: countryCode, pick: 1), cached.lookupMatches)
            }
            return (cached.location, question, cached.lookupMatches)
        }
        if template != nil { return (Self.location(PlaceMatch(name: Self.name(of: question), coordinate: Coordinate(latitude: 0, longitude: 0)), for: question), question, nil) }
        if offline {
            var failure = Self.neverLookedUp(Self.name(of: question), askedAs: Self.words(of: question), context.localization, wasDamaged: setAside)
            // Words that nearly name a saved place were more likely meant as it than as a lookup.
            if let nearestSaved { failure.hintText = .didYouMean(nearestSaved.strippingControlCharacters) }
            throw failure
        }
        switch question {
        case .coordinate(let coordinate):
            return (Self.location(PlaceMatch(name: Self.name(of: question), coordinate: coordinate), for: question), question, nil)
        case .name(let query, let countryCode, let pick):
            // A name that could never be saved is refused before anything is asked of a server.
            _ = try LocationValidation.validNewName(query)
            let places: [PlaceMatch]
            let lookup = PlaceLookup(settings: settings, verbose: context.requestLog(verbose: verbose))
            do {
                places = try await lookup.places(named: query, countryCode: countryCode)
            } catch {
                let name = query.strippingControlCharacters
                if case .offline(let host) = error {
                    throw CommandFailure.lookupOffline(host: host, name: query,
                                                       hint: LocalizedText(N_("'{name}' is not a saved place; try again when online"), ["name": .verbatim(name)]))
                }
                // The hint: the saved near miss, or the list.
                // A failure of the geocoder says nothing of the saved places: only a near miss
                // among them is worth a hint, not the list.
                throw CommandFailure.lookupFailed(error, name: query, host: lookup.geocodingHost,
                                                  hint: error.hintText ?? nearestSaved.map { .didYouMean($0.strippingControlCharacters) })
            }
            var choice = PlaceChoice(query: query, pick: pick, countryCode: countryCode, command: "rain", whenSeveral: .takeFirst)
            choice.nearestSaved = nearestSaved
            choice.mayBeACommand = placeStandsForCommand
            guard let place = try choice.choose(among: places, context) else {
                context.printError(context.localization.tr("Nothing shown."))
                throw ExitStatus(code: .success)
            }
            // Which of several it was is part of the question: the pick list's choice is not
            // what a script asking the name alone gets, and the hint to keep it says which.
            let chosen = places.count > 1 ? pick ?? places.firstIndex(of: place).map { $0 + 1 } : pick
            let answered = PlaceQuestion.name(query, countryCode: countryCode, pick: chosen)
            return (Self.location(place, for: answered), answered, places.count)
        }
    }

    /// The forecast cached when the question was asked before. A file that cannot be read as
    /// one counts as none and is set aside with a warning, as a saved place's is
    /// (`ForecastCache.loadSettingAside`); `setAside` says it was there.
    private static func cachedLookup(_ question: PlaceQuestion, in lookups: ForecastCache, _ context: CommandContext)
        -> (CachedForecast?, setAside: Bool) {
        let read = lookups.loadSettingAside(for: question.cacheID)
        if let problem = read.problem {
            context.report(ErrorReport(message: context.localization.tr(problem), exitCode: .success), as: .warning)
        }
        return (read.cached, read.setAside)
    }

    /// Nothing cached for a place not saved that was never looked up (`--offline`, `--format`,
    /// which never use the network), and how to look it up. `wasDamaged`: it was looked up, but
    /// what was cached could not be read (and was just set aside).
    /// `name`: what the place is called (`name(of:)`); `words`: how it is asked for (`words(of:)`).
    static func neverLookedUp(_ name: String, askedAs words: String, _ localization: Localization, wasDamaged: Bool = false) -> CommandFailure {
        CommandFailure(wasDamaged ? LocalizedText(N_("no cached forecast for {name}"), ["name": .verbatim(name)])
                                  : LocalizedText(N_("no cached forecast for {name} (not saved, never looked up)"), ["name": .verbatim(name)]),
                       hint: LocalizedText(N_("look it up when online: {command}"), ["command": .verbatim("rain show \(words)")]),
                       kind: .nothingToShow)
    }

    /// The words a place not saved is asked by, as typed after `rain show` or `rain locations
    /// add`, with `options` too: "sydney --country AU", "--lat -33.87 --lon 151.21",
    /// "--pick 1 -- -dash" (the options before the `--` that a name starting with '-' needs).
    static func words(of question: PlaceQuestion, options extra: [String] = []) -> String {
        switch question {
        case .coordinate(let coordinate):
            return (["--lat \(decimal(coordinate.latitude)) --lon \(decimal(coordinate.longitude))"] + extra).joined(separator: " ")
        case .name(let query, let countryCode, let pick):
            let options = [countryCode.map { "--country \($0)" }, pick.map { "--pick \($0)" }].compactMap { $0 }
            return PlaceChoice.arguments(name: query, options: options + extra).joined(separator: " ")
        }
    }

    /// What a place not saved is called: the name asked for, or "-33.87, 151.21".
    private static func name(of question: PlaceQuestion) -> String {
        switch question {
        case .coordinate(let coordinate): return PlaceMatch(name: "", coordinate: coordinate).shortCoordinates.filter { $0 != "(" && $0 != ")" }
        case .name(let query, _, _): return query
        }
    }

    /// A coordinate as `--lat`/`--lon` read it: 1 for 1.0, -33.87 as it is, and never with an
    /// exponent (Swift writes 0.00001 as 1e-05, which no option reads): to seven decimals then.
    static func decimal(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e9 { return String(Int(value)) }
        var text = String(value)
        guard text.contains("e") else { return text }
        text = value.fixed(7)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    private static func location(_ place: PlaceMatch, for question: PlaceQuestion) -> Location {
        Location(id: question.cacheID, name: place.name, coordinate: place.coordinate,
                 country: place.country, region: place.region, timeZone: place.timeZone)
    }

    /// "to keep this place: rain locations add sydney" on standard error, under the place's
    /// forecast (its name, said again, took a line with coordinates past 80 columns).
    static func notSavedNote(_ location: Location, question: PlaceQuestion, _ context: CommandContext) -> ErrorReport {
        let add: String
        switch question {
        case .coordinate: add = "rain locations add NAME " + words(of: question)
        case .name: add = "rain locations add " + words(of: question)
        }
        return ErrorReport(message: context.localization.tr("to keep this place: {command}", ["command": add]),
                           exitCode: .success)
    }
}
