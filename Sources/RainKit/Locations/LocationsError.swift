/// What is wrong with a request about saved places.
public enum LocationsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `nearest`: a saved place's name the reference is a near miss of (`Pariss`: Paris).
    case unknown(reference: String, nearest: String? = nil)
    case ambiguous(reference: String, candidates: [Location])
    /// Refusing to remove the current location.
    case removingCurrent(Location)
    /// The reasons and problems below are messages marked with `N_`; `values` fill their `{names}`.
    case invalidName(String, values: [String: String] = [:])
    /// A name (or a LOC) that is not valid UTF-8 or hides an invisible character.
    case unusableName(problem: String, hint: String, values: [String: String] = [:])
    case invalidCoordinate(String, values: [String: String] = [:])
    case noLocations
    case noCurrentLocation
    /// A new name another saved place already has (letter case aside).
    case nameTaken(name: String, by: Location)
    /// A place in the list (`locations move`) beyond its places.
    case positionOutOfRange(Int, count: Int)
    /// A new name that is a number, which as a LOC always means the place at that position.
    case nameIsANumber(String)
    /// A new name that is the start of another saved place's ID, which as a LOC means that place.
    case nameIsAnID(String, of: Location)

    public var text: LocalizedText {
        switch self {
        case .unknown(let reference, _):
            return LocalizedText(N_("no saved location matches '{reference}'"), ["reference": .verbatim(reference.strippingControlCharacters)])
        case .ambiguous(let reference, let candidates):
            return LocalizedText(N_("'{reference}' matches {count} locations: {list}"),
                                 ["reference": .verbatim(reference.strippingControlCharacters), "count": .verbatim(String(candidates.count)),
                                  "list": .verbatim(Self.candidateList(candidates))])
        case .removingCurrent(let location):
            return LocalizedText(N_("cannot remove the current location, {name} ({id})"),
                                 ["name": .verbatim(location.name), "id": .verbatim(location.shortID)])
        case .invalidName(let reason, let values), .unusableName(let reason, _, let values):
            return LocalizedText(N_("invalid name: {reason}"), ["reason": LocalizedText(reason, data: values)])
        case .invalidCoordinate(let reason, let values):
            return LocalizedText(reason, data: values)
        case .noLocations:
            return LocalizedText(N_("no saved locations"))
        case .noCurrentLocation:
            return LocalizedText(N_("no current location is selected"))
        case .nameTaken(let name, let other):
            return LocalizedText(N_("another saved place is called {name} ({id})"),
                                 ["name": .verbatim(name.strippingControlCharacters), "id": .verbatim(other.shortID)])
        case .nameIsANumber(let name):
            return LocalizedText(N_("invalid name: {name} is a number, and a number picks a saved place"),
                                 ["name": .verbatim(name)])
        case .nameIsAnID(let name, let other):
            return LocalizedText(N_("invalid name: {name} begins the ID of {place} ({id})"),
                                 ["name": .verbatim(name), "place": .verbatim(other.name), "id": .verbatim(other.shortID)])
        case .positionOutOfRange(let position, let count):
            return LocalizedText.trn("there is no place {position}: {count} place is saved", "there is no place {position}: {count} places are saved",
                                     count: count, ["position": .verbatim(String(position)), "count": .verbatim(String(count))])
        }
    }

    /// A next step for the user, where there is one.
    public var hintText: LocalizedText? {
        switch self {
        case .unknown(_, let nearest?):
            return .didYouMean(nearest.strippingControlCharacters)
        case .unknown, .ambiguous: return LocalizedText(N_("'rain locations' lists the saved places with their numbers and IDs"))
        case .removingCurrent:
            return LocalizedText(N_("select another place first, or none: rain locations select --none"))
        case .noLocations:
            // Three ways, a line each: a name, this machine's own place (from its IP address),
            // coordinates.
            return LocalizedText(N_("add one by name: rain locations add NAME")) + .verbatim("\n")
                + LocalizedText(N_("or where this machine is: rain locations add --here")) + .verbatim("\n")
                + LocalizedText(N_("or by coordinates: rain locations add NAME --lat LAT --lon LON"))
        case .noCurrentLocation: return LocalizedText(N_("choose one: rain locations select LOC"))
        case .nameTaken: return LocalizedText(N_("choose another name, or rename that place first"))
        case .positionOutOfRange: return LocalizedText(N_("'rain locations' lists the saved places with their numbers and IDs"))
        case .nameIsANumber, .nameIsAnID:
            return LocalizedText(N_("pick a name with a letter in it"))
        case .invalidName, .invalidCoordinate: return nil
        case .unusableName(_, let hint, _): return LocalizedText(hint)
        }
    }
}

extension LocationsError {
    /// Places one name matches, as the ambiguity names them: `Paris (af10fa7a); Paris (a98b5b6e)`.
    public static func candidateList(_ candidates: [Location]) -> String {
        candidates.map { "\($0.displayName) (\($0.shortID))" }.joined(separator: "; ")
    }
}
