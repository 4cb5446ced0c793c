extension LocationList {
    /// The LOC a hint names a saved place by: its name where the name means that place alone
    /// (`rain refresh Berlin`), else its short ID (two places called Paris); nil for a place
    /// not in the list (one looked up, never saved).
    public func reference(to location: Location) -> String? {
        guard locations.contains(where: { $0.id == location.id }) else { return nil }
        if let named = try? resolve(location.name), named.id == location.id { return location.name }
        return location.shortID
    }
}
