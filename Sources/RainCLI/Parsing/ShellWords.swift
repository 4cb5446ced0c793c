/// Words as a POSIX shell reads them back, for a command line rain suggests: a user pastes it.
enum ShellWords {
    /// `rain show --format '{temp} {wind}'`: each word as it is where it holds only
    /// [A-Za-z0-9_./:=@%+,-], else in single quotes (a `'` in it as `'\''`).
    static func commandLine(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }

    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_./:=@%+,-".unicodeScalars.contains(scalar))
        }
        return plain ? word : "'" + word.replacingAll("'", with: #"'\''"#) + "'"
    }
}
