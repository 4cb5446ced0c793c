/// Words as a POSIX shell reads them back, for a command line rain suggests: a user pastes it.
package enum ShellWords {
    /// `rain show --format '{temp} {wind}'`: each word `quoted`, joined by spaces.
    package static func commandLine(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }

    /// `word` as it is where it holds only letters and digits (of any script: a shell splits
    /// and expands at ASCII characters only) and `_./:=@%+,-`, and starts with no `=` (zsh
    /// reads `=cmd` as the path of cmd); else in single quotes, a `'` in it as `'\''`. Control
    /// characters are left out: a terminal would not show them, so the line could not be pasted.
    package static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && !word.hasPrefix("=") && word.allSatisfy { character in
            character.isLetter || character.isNumber || "_./:=@%+,-".contains(character)
        }
        return plain ? word : "'" + word.strippingControlCharacters.replacingAll("'", with: #"'\''"#) + "'"
    }
}
