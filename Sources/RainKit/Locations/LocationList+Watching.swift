import FoundationEssentials

extension LocationList {
    /// The places a command that runs on (`rain watch`) goes on with once this list, read again,
    /// has changed under it: with `all`, every saved place; else those of `watched` still
    /// saved, as they are saved now (a renamed place under its new name). A place another rain
    /// removed is asked for no more.
    public func stillWatched(_ watched: [Location], all: Bool) -> [Location] {
        if all { return locations }
        let saved = Dictionary(locations.map { ($0.id, $0) }) { first, _ in first }
        return watched.compactMap { saved[$0.id] }
    }
}
