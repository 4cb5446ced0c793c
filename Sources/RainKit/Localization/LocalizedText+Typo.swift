/// The hint of every typo rain answers (an option, a command, a saved place's name, a key, a
/// `--format` field): one text in every language, the near miss quoted as the user types it.
extension LocalizedText {
    public static func didYouMean(_ suggestion: String) -> LocalizedText {
        LocalizedText(N_("did you mean '{suggestion}'?"), ["suggestion": .verbatim(suggestion)])
    }
}
