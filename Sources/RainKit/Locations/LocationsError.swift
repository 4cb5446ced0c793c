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

    public var description: String {
        switch self {
        case .unknown(let reference, _):
            return "no saved location matches '\(reference.strippingControlCharacters)'"
        case .ambiguous(let reference, let candidates):
            let list = Self.candidateList(candidates)
            return "'\(reference.strippingControlCharacters)' matches \(candidates.count) locations: \(list)"
        case .removingCurrent(let location):
            return "\(location.name) (\(location.shortID)) is the current location and cannot be removed"
        case .invalidName, .unusableName, .invalidCoordinate:
            return problem?.description ?? ""
        case .noLocations:
            return "no saved locations"
        case .noCurrentLocation:
            return "no current location is selected"
        }
    }

    /// A next step for the user, where there is one.
    public var hint: String? {
        switch self {
        case .unknown(_, let nearest?): return "did you mean '\(nearest.strippingControlCharacters)'?"
        case .unknown, .ambiguous: return "'rain locations' lists the saved places with their numbers and IDs"
        case .removingCurrent: return "select another place first (rain locations select LOC), or none: rain locations select --none"
        case .noLocations: return "add one: rain locations add NAME (looked up by name), or add NAME --lat LATITUDE --lon LONGITUDE"
        case .noCurrentLocation: return "choose one: rain locations select LOC"
        case .invalidName, .invalidCoordinate: return nil
        case .unusableName(_, let hint, _): return hint
        }
    }

    /// What is wrong with a name or a coordinate (which a store's entry may have too), to be
    /// put in the user's language; nil for the other cases.
    public var problem: LocalizedText? {
        switch self {
        case .invalidName(let reason, let values), .unusableName(let reason, _, let values):
            return LocalizedText(N_("invalid name: {reason}"), ["reason": LocalizedText(reason, data: values)])
        case .invalidCoordinate(let reason, let values): return LocalizedText(reason, data: values)
        default: return nil
        }
    }
}

extension LocationsError {
    /// Places one name matches, as the ambiguity names them: `Paris (af10fa7a); Paris (a98b5b6e)`.
    public static func candidateList(_ candidates: [Location]) -> String {
        candidates.map { "\($0.displayName) (\($0.shortID))" }.joined(separator: "; ")
    }

    /// The errors met most, in the user's language; the others in English.
    public func message(in localization: Localization) -> String {
        switch self {
        case .unknown(let reference, _):
            return localization.tr("no saved location matches '{reference}'", ["reference": reference.strippingControlCharacters])
        case .ambiguous(let reference, let candidates):
            let list = Self.candidateList(candidates)
            return localization.tr("'{reference}' matches {count} locations: {list}",
                                   ["reference": reference.strippingControlCharacters, "count": String(candidates.count), "list": list])
        case .removingCurrent(let location):
            return localization.tr("{name} ({id}) is the current location and cannot be removed", ["name": location.name, "id": location.shortID])
        case .noLocations: return localization.tr("no saved locations")
        case .noCurrentLocation: return localization.tr("no current location is selected")
        case .invalidName, .unusableName, .invalidCoordinate: return problem.map { localization.tr($0) } ?? ""
        }
    }

    public func hint(in localization: Localization) -> String? {
        switch self {
        case .unknown(_, let nearest?): return localization.tr("did you mean '{suggestion}'?", ["suggestion": nearest.strippingControlCharacters])
        case .unknown, .ambiguous: return localization.tr("'rain locations' lists the saved places with their numbers and IDs")
        case .noLocations: return localization.tr("add one: rain locations add NAME (looked up by name), or add NAME --lat LATITUDE --lon LONGITUDE")
        case .noCurrentLocation: return localization.tr("choose one: rain locations select LOC")
        case .removingCurrent:
            return localization.tr("select another place first (rain locations select LOC), or none: rain locations select --none")
        case .unusableName(_, let hint, _): return localization.tr(hint)
        default: return hint
        }
    }
}
