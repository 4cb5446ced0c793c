import RainKit

extension CommandContext {
    /// A command a hint gives for a saved place, the place named as a person would type it:
    /// `rain refresh Berlin`, `rain show 'New York' --spread`; by its short ID where its name
    /// names another place too, or where the places cannot be read again.
    func command(_ command: String, for location: Location, options: [String] = []) -> String {
        let word = (try? store.load()).flatMap { $0.reference(to: location) } ?? location.shortID
        return ([command] + PlaceChoice.arguments(name: word, options: options)).joined(separator: " ")
    }
}
