import RainKit

/// `rain locations rename LOC NAME`
struct LocationsRenameCommand: RunnableCommand {
    var savesChanges: Bool { true }
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Give a saved place another name.",
        discussion: """
        The place keeps its ID, coordinates, forecasts and whether it is current. A name of \
        several words needs no quotes; a LOC of several words does ('rain locations rename \
        "new york" NYC'). A name another saved place has is refused.
        """,
        arguments: [place, name]
    )

    static let place = ArgumentDefinition(name: "loc", help: "The place: ID, ID prefix, number or name.", completion: .locations)
    static let name = ArgumentDefinition(name: "name", help: "Its new name.", joinsWords: true)

    var reference: String
    var newName: String

    init(parsed: ParsedValues) throws {
        guard let reference = parsed[Self.place] else { throw ParseError.missingArgument("loc") }
        guard let newName = parsed[Self.name] else { throw ParseError.missingArgument("name") }
        self.reference = reference
        self.newName = newName
    }

    func run(_ context: CommandContext) async throws {
        let store = context.store, reference = reference, newName = newName
        try LocationValidation.checkNameHoldsNoKey(newName, redaction: context.keyRedaction())
        let renaming = try await DetachedThread.run { try store.rename(reference, to: newName) }
        let values: KeyValuePairs<String, String> = ["old": renaming.before.name.strippingControlCharacters, "new": renaming.after.name.strippingControlCharacters,
                      "id": renaming.after.shortID]
        context.print(renaming.isUnchanged ? context.localization.tr("{new} ({id}) is called that already; nothing changed.", values)
                      : context.localization.tr("Renamed {old} ({id}) to {new}.", values))
    }
}
