/// The words rain shows, in one language: its catalogue's translation of each message, or the
/// English original where there is none (no catalogue, or a message not translated yet).
/// Messages name what they put in with braces: `tr("Wind {speed}", ["speed": "4 m/s"])`;
/// a translation may put the names in another order. `make pot` collects every `tr(...)` and
/// `trn(...)` of the sources into `po/rain.pot`.
public struct Localization: Sendable, Equatable {
    /// The catalogue's name: "de", "pt_BR", "zh_CN"; "en" for English.
    public let language: String
    let catalogue: MessageCatalogue?
    /// What separates a number's whole part from its decimals: "." in English, "," in German.
    public let decimalSeparator: String

    public static let english = Localization(language: "en", catalogue: nil)

    public init(language: String, catalogue: MessageCatalogue?) {
        self.language = language
        self.catalogue = catalogue
        decimalSeparator = Self.decimalSeparator(in: catalogue)
    }

    /// `number` as written in the language: "5.1" -> "5,1" in German.
    public func decimal(_ number: String) -> String {
        decimalSeparator == "." ? number : number.replacingAll(".", with: decimalSeparator)
    }

    /// The catalogue says it as the translation of a number's pattern, which translators read
    /// more readily than a lone ".".
    private static func decimalSeparator(in catalogue: MessageCatalogue?) -> String {
        let pattern = N_("{whole}.{decimals}")
        guard let translated = catalogue?.translation(of: pattern), translated.hasPrefix("{whole}"),
              translated.hasSuffix("{decimals}") else { return "." }
        let separator = translated.dropFirst("{whole}".count).dropLast("{decimals}".count)
        return separator.isEmpty || separator.contains("{") ? "." : String(separator)
    }

    public func tr(_ message: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        tr(message, pairs: values.map { ($0.key, $0.value) })
    }

    /// As `tr(_:_:)`, the names and values in a list; the first value of a name is used.
    public func tr(_ message: String, pairs: [(String, String)]) -> String {
        Self.filled(catalogue?.translation(of: message) ?? message, pairs)
    }

    /// `singular` for one, `plural` otherwise in English; the language's own plural forms in
    /// its catalogue. `{count}` is `count`.
    public func trn(_ singular: String, _ plural: String, count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        trn(singular, plural, count: count, pairs: values.map { ($0.key, $0.value) })
    }

    /// As `trn(_:_:count:_:)`, the names and values in a list.
    public func trn(_ singular: String, _ plural: String, count: Int, pairs: [(String, String)]) -> String {
        let english = count == 1 ? singular : plural
        let text = catalogue?.translation(of: singular, form: PluralRule.form(for: count, language: language)) ?? english
        return Self.filled(text.replacingAll("{count}", with: String(count)), pairs)
    }

    /// `text` with each `{name}` of `values` replaced, in one pass: a value is never read again,
    /// so a place called "{time}" stays as it is called.
    private static func filled(_ text: String, _ values: [(String, String)]) -> String {
        guard text.contains("{") else { return text }
        var filled = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            filled += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(where: { $0 == "}" || $0 == "{" }), rest[close] == "}",
               let value = values.first(where: { $0.0 == rest[afterOpen..<close] })?.1 {
                filled += value
                rest = rest[rest.index(after: close)...]
            } else {
                filled.append("{")
                rest = rest[afterOpen...]
            }
        }
        return filled + rest
    }
}
