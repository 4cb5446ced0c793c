/// Words that are translated when they are shown, not when they are made: a message marked for
/// the catalogues (`N_`) with its `{named}` values, each of which is data shown as it is (a path,
/// a key, a number) or another such text (`expected {expected}, found {found}` with `found`
/// the translatable "a string"). An error deep in the library keeps one, and the line it
/// becomes is put in the user's language by `Localization.tr(_:)`, in one pass.
public struct LocalizedText: Sendable, Equatable, CustomStringConvertible {
    indirect enum Content: Sendable {
        /// A marked message and its values by name.
        case message(String, [(name: String, value: LocalizedText)])
        /// A marked message with a plural (`trn`): its form for `count`, and its values by name.
        case plural(String, String, count: Int, [(name: String, value: LocalizedText)])
        /// Data, shown as it is in every language.
        case verbatim(String)
        /// Texts one after the other: a tag before a message (`offline: `), a server's words
        /// after it, lines of a hint.
        case joined([LocalizedText])
    }

    let content: Content

    /// `message` (marked with `N_` where it is written) with `values` for its `{names}`.
    public init(_ message: String, _ values: KeyValuePairs<String, LocalizedText> = [:]) {
        content = .message(message, values.map { ($0.key, $0.value) })
    }

    /// `message` with values of data (`[String: String]`, as older errors keep them), in the
    /// order of their names.
    /// `message` with `values` in a list; the first value of a name is used.
    public init(_ message: String, pairs values: [(name: String, value: LocalizedText)]) {
        content = .message(message, values)
    }

    public init(_ message: String, data values: [String: String]) {
        content = .message(message, values.sorted { $0.key < $1.key }.map { ($0.key, .verbatim($0.value)) })
    }

    /// Data, never translated: a path, a key, a number, what a server or another program said.
    public init(verbatim text: String) {
        content = .verbatim(text)
    }

    public static func verbatim(_ text: String) -> LocalizedText { LocalizedText(verbatim: text) }

    /// `singular` for one, `plural` otherwise, in the language's own forms (`Localization.trn`);
    /// `{count}` is `count`. Named `trn` for `make pot`, which reads both messages.
    public static func trn(_ singular: String, _ plural: String, count: Int,
                           _ values: KeyValuePairs<String, LocalizedText> = [:]) -> LocalizedText {
        LocalizedText(content: .plural(singular, plural, count: count, values.map { ($0.key, $0.value) }))
    }

    private init(content: Content) {
        self.content = content
    }

    /// `texts` one after the other, each in the language it is shown in.
    public init(joining texts: [LocalizedText]) {
        content = .joined(texts)
    }

    /// `texts` on lines of their own (a hint of several lines).
    public init(lines texts: [LocalizedText]) {
        var joined: [LocalizedText] = []
        for text in texts {
            if !joined.isEmpty { joined.append(.verbatim("\n")) }
            joined.append(text)
        }
        content = .joined(joined)
    }

    /// Data (a path, a host, a command to run) on a line of its own under a message's words
    /// (indented as its continuation) or a hint's (a hint line of its own): the words fit 80
    /// columns however long the data is.
    public static func dataLine(_ data: String) -> LocalizedText { .verbatim("\n" + data) }

    /// A command to type under a hint's words, indented on a line of its own rather than a
    /// hint line (`rain: hint: ` took a command with two paths past 80 columns).
    public static func commandLine(_ command: String) -> LocalizedText { .verbatim("\n" + commandIndent + command) }

    /// What starts a hint's line that goes on under its words (`commandLine`).
    public static let commandIndent = "  "

    /// `lhs`, then `rhs`.
    public static func + (lhs: LocalizedText, rhs: LocalizedText) -> LocalizedText {
        LocalizedText(joining: [lhs, rhs])
    }

    /// The English words.
    public var description: String { Localization.english.tr(self) }

    /// Two texts are the same when they say the same in English (a catalogue only translates
    /// them), so a reason given as English text equals the marked message that says it.
    public static func == (lhs: LocalizedText, rhs: LocalizedText) -> Bool {
        lhs.description == rhs.description
    }
}

extension Localization {
    /// `text` in this language: its message translated, each value that is a text of its own
    /// translated first, data as it is; values are put in once, never read again.
    public func tr(_ text: LocalizedText) -> String {
        switch text.content {
        case .verbatim(let data): return data
        case .joined(let texts): return texts.map { tr($0) }.joined()
        case .plural(let singular, let plural, let count, let values):
            return trn(singular, plural, count: count, pairs: values.map { ($0.name, tr($0.value)) })
        case .message(let message, let values): return tr(message, pairs: values.map { ($0.name, tr($0.value)) })
        }
    }
}
