import RainKit

/// `rain locations select LOC | --none`
struct LocationsSelectCommand: RunnableCommand {
    var savesChanges: Bool { true }
    static let configuration = CommandConfiguration(
        commandName: "select",
        abstract: "Make a saved place, or none, the current location.",
        discussion: """
        The current location is never removed. To remove it, select another place first; to \
        remove the last place, select none. Until a place is selected again, 'rain' and \
        'rain show' need a LOC.
        """,
        arguments: [place],
        options: [none]
    )

    static let place = ArgumentDefinition.place(optional: true)
    static let none = Flag("none", help: "Leave no place selected as the current location.")

    var reference: String?
    var none: Bool

    init(parsed: ParsedValues) throws {
        reference = parsed[Self.place]
        none = parsed[Self.none]
        if none && reference != nil { throw ValidationError("Give either a location or '--none', not both") }
        if !none && reference == nil { throw ValidationError("Missing expected argument '<loc>'") }
    }

    func run(_ context: CommandContext) async throws {
        if none {
            let store = context.store
            let previous = try await DetachedThread.run { try store.selectNone() }
            let was = previous.map { " (was \($0.name.strippingControlCharacters), \($0.shortID))" } ?? ""
            context.print("No place is the current location now\(was); any place can be removed.")
            return
        }
        let store = context.store, reference = reference ?? ""
        let location = try await DetachedThread.run { try store.select(reference) }
        context.print("\(location.name.strippingControlCharacters) (\(location.shortID)) is now the current location.")
    }
}
