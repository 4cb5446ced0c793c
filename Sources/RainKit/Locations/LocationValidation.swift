import FoundationEssentials

/// The rules a new place must meet.
public enum LocationValidation {
    public static let maximumNameLength = 100
    /// The Unicode scalars a new name may hold: four for each of its characters on average.
    /// Vietnamese written decomposed takes three (a letter and two marks), as do most pointed
    /// Hebrew and Indic clusters; a character counts as one however many marks it carries,
    /// so without this bound one "character" could be 60,000 marks and a place 240 KB.
    public static let maximumNameScalars = 4 * maximumNameLength
    /// The combining marks a new name may stack on one character. Real writing stacks a few:
    /// Vietnamese two (ệ), pointed Hebrew with its accents four, Tibetan's subjoined letters
    /// with a vowel sign about five; more is decoration (the "zalgo" of marks above and
    /// below). Unicode's Stream-Safe Text Format (UAX #15) allows 30, a bound for processing,
    /// not for writing: 8 leaves every script room and keeps a name a line on the screen.
    public static let maximumMarksOnOneCharacter = 8

    /// The name with surrounding white space removed.
    public static func validName(_ name: String) throws(LocationsError) -> String {
        // Printable ASCII that starts and ends with a letter, digit or sign (nearly every name) is
        // valid as it is when it is short enough: one column a character, nothing to trim.
        let isPlain = name.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.count <= maximumNameLength, let first = bytes.first, let last = bytes.last,
                  first != UInt8(ascii: " "), last != UInt8(ascii: " ") else { return false }
            // A byte below 0x20 gets its top bit from the first term, DEL and above from the second.
            var outside: UInt8 = 0
            for byte in bytes { outside |= (byte &- 0x20) | (byte &+ 1) }
            return outside < 0x80
        }
        if isPlain == true { return name }
        let isSpace: (Character) -> Bool = { $0.isWhitespace || $0.isNewline }
        // Only a name that starts or ends with a space needs trimming (Foundation's is slow).
        let trimmed = name.first.map(isSpace) == true || name.last.map(isSpace) == true
            ? name.trimmed : name
        if trimmed.isEmpty { throw .invalidName(N_("the name is empty")) }
        if trimmed.containsControlCharacters { throw .invalidName(N_("the name contains control characters")) }
        if trimmed.count > maximumNameLength {
            throw .invalidName(N_("the name is longer than {count} characters"), values: ["count": String(maximumNameLength)])
        }
        return trimmed
    }

    /// A name for a new place, typed or found: besides `validName`'s rules, valid UTF-8 (an
    /// argument that was not arrives with U+FFFD in place of its bad bytes), its blanks
    /// written as spaces (`foldingBlanks`) and without invisible characters, which would let
    /// two names look alike. Names already saved are read with `validName` alone.
    public static func validNewName(_ name: String) throws(LocationsError) -> String {
        let name = try validName(foldingBlanks(name))
        if let problem = textProblem(in: name) { throw problem }
        // Marks alone draw as a blank (or on the column before the name): such a name looks empty.
        if !name.unicodeScalars.contains(where: isBase) { throw .invalidName(N_("the name is empty")) }
        if let mark = markWithoutBase(in: name) {
            throw .unusableName(problem: N_("{character} is a mark with no letter before it"), hint: N_("type the name without it"),
                                values: ["character": mark.codePoint])
        }
        try checkMarks(in: name)
        return name
    }

    /// Refuses a name longer than `maximumNameScalars` scalars, or stacking more than
    /// `maximumMarksOnOneCharacter` marks in a row on one character.
    private static func checkMarks(in name: String) throws(LocationsError) {
        var scalars = 0, marksInARow = 0
        for scalar in name.unicodeScalars {
            scalars += 1
            if scalars > maximumNameScalars {
                throw .invalidName(N_("the name is longer than {count} letters and marks"), values: ["count": String(maximumNameScalars)])
            }
            marksInARow = isMark(scalar) ? marksInARow + 1 : 0
            if marksInARow > maximumMarksOnOneCharacter {
                throw .invalidName(N_("the name has more than {count} marks on one letter"),
                                   values: ["count": String(maximumMarksOnOneCharacter)])
            }
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
    }

    /// Refuses a new name that holds the API key (typed in the wrong place, or pasted): a name
    /// is saved as it is, and a name looked up is sent to the geocoder, a third party.
    /// `redaction`: the key's, nil without one.
    package static func checkNameHoldsNoKey(_ name: String, redaction: KeyRedaction?) throws(LocationsError) {
        if redaction?.holdsKey(name) == true { throw .invalidName(N_("the name holds the API key")) }
    }

    /// A character a name can be seen by: a letter, digit, symbol or punctuation. Marks
    /// (combining accents and the like), gaps and format characters are not.
    private static func isBase(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return !isBlank(scalar)
        default:
            return false
        }
    }

    /// A combining mark that begins the name or follows a gap: it has no character of the
    /// name to sit on, and is drawn on whatever stands before it on the screen.
    private static func markWithoutBase(in name: String) -> Unicode.Scalar? {
        var previous: Unicode.Scalar?
        for scalar in name.unicodeScalars {
            if isMark(scalar), previous.map({ $0 == " " }) ?? true { return scalar }
            previous = scalar
        }
        return nil
    }

    /// Refuses a new name a LOC could not name the place by: a number (which means the place
    /// at that position) or the start of the ID of one of `others` (which means that place).
    /// Such a name is checked against the places when it is saved, not when it is looked up.
    static func checkNameIsNoReference(_ name: String, among others: [Location]) throws(LocationsError) {
        if Int(name) != nil { throw .nameIsANumber(name) }
        let lowercased = name.lowercased()
        guard lowercased.utf8.count >= 4, IDPrefix(lowercased) != nil else { return }
        if let other = others.first(where: { $0.idString.hasPrefix(lowercased) }) { throw .nameIsAnID(name, of: other) }
    }

    /// `text` with every character that shows as a gap written as a space, and each run of
    /// gaps as one (`isBlank`), so that a name is one name however its gap was typed or
    /// pasted, and "Ber lin" cannot be saved three times looking the same.
    ///
    /// The rule for what looks blank, by Unicode's properties: a space separator (category Zs:
    /// no-break, ideographic, en to hair spaces) is a gap, folded here; a default-ignorable
    /// or invisible format character (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the
    /// zero-width and invisible operators, the musical beams U+1D173-U+1D17A) is nothing, and
    /// a code point with no agreed look (unassigned, private use) anything; those are refused
    /// (`textProblem(in:)`). No property marks a symbol whose glyph is empty, so the two
    /// Unicode draws blank are named: the braille blank U+2800, the musical null notehead
    /// U+1D159, the ideographic half fill space U+303F and the Egyptian full and half blanks
    /// U+13441 and U+13442 (their code charts' glyphs are empty boxes); they are folded as gaps.
    public static func foldingBlanks(_ text: String) -> String {
        var folded = text
        if !text.isPrintableASCII {
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                scalars.append(isBlank(scalar) ? " " : scalar)
            }
            folded = String(scalars)
        }
        guard folded.contains("  ") else { return folded }
        var single = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars where !(scalar == " " && single.last == " ") { single.append(scalar) }
        return String(single)
    }

    /// A character that shows as a gap: a space separator, or a symbol Unicode draws blank.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        blankSymbols.contains(scalar.value) || scalar.properties.generalCategory == .spaceSeparator
    }

    /// The braille pattern blank, the musical symbol null notehead, the ideographic half fill
    /// space and the Egyptian hieroglyph full and half blanks.
    private static let blankSymbols: Set<UInt32> = [0x2800, 0x1D159, 0x303F, 0x13441, 0x13442]

    /// Marks that fill a place and draw nothing, yet are neither default-ignorable nor format
    /// characters: the Khitan small script filler U+16FE4 and SignWriting's fill modifiers
    /// U+1DA9B-U+1DA9F (their code charts' glyphs are dotted boxes, the sign of an empty one).
    private static let fillers: Set<UInt32> = [0x16FE4, 0x1DA9B, 0x1DA9C, 0x1DA9D, 0x1DA9E, 0x1DA9F]

    /// Why `text` (a name, or a LOC that names no place, without its joiners) cannot be a name typed as it looks:
    /// it is not valid UTF-8, it hides an invisible character, or one with no agreed look
    /// (unassigned: a later Unicode's or none, drawn as nothing or a box; private use: each
    /// font's own); nil when none of these.
    public static func textProblem(in text: String) -> LocationsError? {
        if text.isPrintableASCII { return nil }
        var previous: Unicode.Scalar?
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar.isWrittenJoiner(after: previous, before: index + 1 < scalars.count ? scalars[index + 1] : nil) {
                previous = scalar
                continue
            }
            if scalar.value == 0xFFFD {
                return .unusableName(problem: N_("not valid UTF-8"), hint: N_("use UTF-8 (check LANG and the terminal)"))
            }
            // A joiner typed on purpose (a Persian keyboard's U+200C) in a place no script
            // writes one: where it may stand, not that copied text hid it.
            if scalar.value == 0x200C || scalar.value == 0x200D {
                return .unusableName(problem: N_("{character} is out of place"),
                                     hint: N_("a joiner goes only between two letters of a script that uses one"),
                                     values: ["character": scalar.codePoint])
            }
            if scalar.isInvisible(after: previous) {
                return .unusableName(problem: N_("{character} is invisible"), hint: N_("copied text may hide it: type the name"),
                                     values: ["character": scalar.codePoint])
            }
            if fillers.contains(scalar.value) {
                return .unusableName(problem: N_("{character} is invisible"), hint: N_("copied text may hide it: type the name"),
                                     values: ["character": scalar.codePoint])
            }
            // Every format character (category Cf) that `isInvisible` lets by: the prepended
            // concatenation marks (U+0600-U+0605, U+06DD, U+070F, U+0890, U+0891, U+08E2,
            // U+110BD, U+110CD), which change how the digits after them are drawn or span
            // them. The joiners (U+200C, U+200D) are let by only where a script writes them
            // (`isWrittenJoiner`), and refused as invisible anywhere else.
            if scalar.properties.generalCategory == .format {
                return .unusableName(problem: N_("{character} is a formatting mark"), hint: N_("copied text may hide it: type the name"),
                                     values: ["character": scalar.codePoint])
            }
            if [.unassigned, .privateUse].contains(scalar.properties.generalCategory) {
                return .unusableName(problem: N_("{character} is not a standard character"), hint: N_("copied text may hide it: type the name"),
                                     values: ["character": scalar.codePoint])
            }
            previous = scalar
        }
        return nil
    }

    public static func validCoordinate(latitude: Double, longitude: Double) throws(LocationsError) -> Coordinate {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw .invalidCoordinate(N_("latitude {value} is out of range: it must be between -90 and 90"), values: ["value": format(latitude)])
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw .invalidCoordinate(N_("longitude {value} is out of range: it must be between -180 and 180"), values: ["value": format(longitude)])
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    private static func format(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}

extension LocationValidation {
    /// A name as a LOC is matched against it: in lower case, without the joiners (U+200C,
    /// U+200D) a script may write in it. A joiner changes a word's shape or nothing at all
    /// ("ب‍ب" draws as "بب"), and no one types it to name a saved place; two names that differ
    /// only by one read as the same name.
    package static func matchingForm(_ name: String) -> String {
        withoutJoiners(name).lowercased()
    }

    /// `text` without its joiners (U+200C, U+200D), wherever they stand: a LOC as it is matched,
    /// and as it is checked when it names no place, so that a joiner in it is never the
    /// reason a LOC is refused (`Ber‍lin` is `Berlin`, saved or not); any other invisible
    /// character still is.
    package static func withoutJoiners(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value == 0x200C || $0.value == 0x200D }) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { $0.value != 0x200C && $0.value != 0x200D })
        return String(scalars)
    }
}
