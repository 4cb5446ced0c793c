import RainKit

/// `rain locations select LOC`
struct LocationsSelectCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "select",
        abstract: "Make a saved place the current location.",
        arguments: [place]
    )

    static let place = ArgumentDefinition.place(optional: false)

    var reference: String

    init(parsed: ParsedValues) throws {
        reference = parsed[Self.place] ?? ""
    }

    func run(_ context: CommandContext) async throws {
        let location = try context.store.select(reference)
        context.print("\(location.name.strippingControlCharacters) (\(location.shortID)) is now the current location.")
    }
}
