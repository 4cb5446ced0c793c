import RainKit

/// `rain locations move LOC POSITION`
struct LocationsMoveCommand: RunnableCommand {
    var savesChanges: Bool { true }
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move a saved place to another place in the list.",
        discussion: """
        POSITION is a number as 'rain locations' prints them: 1 puts the place first, the \
        number of places last; the places between move by one. Numbers in LOCs change with \
        the order; IDs do not.
        """,
        arguments: [place, position]
    )

    static let place = ArgumentDefinition(name: "loc", help: "The place: ID, ID prefix, number or name.", completion: .locations)
    static let position = ArgumentDefinition(name: "position", help: "Its new number in the list, from 1.")

    var reference: String
    var position: Int

    init(parsed: ParsedValues) throws {
        guard let reference = parsed[Self.place] else { throw ParseError.missingArgument("loc") }
        guard let typed = parsed[Self.position] else { throw ParseError.missingArgument("position") }
        guard let position = Int(commandLine: typed) else {
            throw ParseError.invalidValue(typed, for: "<position>", expectation: Int.expectation)
        }
        self.reference = reference
        self.position = position
    }

    func run(_ context: CommandContext) async throws {
        let store = context.store, reference = reference, position = position
        let move = try await DetachedThread.run { try store.move(reference, to: position) }
        let values: KeyValuePairs<String, String> = ["name": move.location.name.strippingControlCharacters, "id": move.location.shortID,
                      "from": String(move.from), "to": String(move.to)]
        context.print(move.from == move.to ? context.localization.tr("{name} ({id}) is number {to} already; nothing changed.", values)
                      : context.localization.tr("Moved {name} ({id}) from {from} to {to}.", values))
    }
}
