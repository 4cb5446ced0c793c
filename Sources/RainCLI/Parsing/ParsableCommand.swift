import RainKit

/// A command as the parser sees it: its configuration. Groups (`rain locations`) are only this.
protocol ParsableCommand: Sendable {
    static var configuration: CommandConfiguration { get }
}

/// A command that runs: it reads its parsed values, then does its one job.
protocol RunnableCommand: ParsableCommand {
    /// Reads the values the parser found; throws a `ValidationError` for values that cannot be
    /// used (this is swift-argument-parser's `validate()`, run before anything happens), or
    /// another `RainError`, which keeps its kind.
    init(parsed: ParsedValues) throws
    /// Checks what depends on where the command runs (is there a terminal?) before `run`;
    /// a `ValidationError` here is a usage error too, and other errors keep their kind.
    func validate(in context: CommandContext) throws
    /// Whether the configuration must be valid before `run` (exit 78 otherwise). False only
    /// for what must work while it is not: `rain config` (to find and mend it), completions,
    /// and removing rain's crontab line.
    var needsValidConfiguration: Bool { get }
    /// Whether a successful run has saved something (a place, the cache, a file, a crontab
    /// line): then output that could not be written afterwards is a warning, not a failure, so
    /// that a script does not retry a change that was made (`locations add` twice).
    var savesChanges: Bool { get }
    /// Whether the command fetches whatever is cached (a refresh): the client is then prepared
    /// while the command reads its configuration and places (`ForecastClient.prepare()`).
    var alwaysFetches: Bool { get }
    func run(_ context: CommandContext) async throws
}

extension RunnableCommand {
    func validate(in context: CommandContext) throws {}
    var needsValidConfiguration: Bool { true }
    var savesChanges: Bool { false }
    var alwaysFetches: Bool { false }
}

/// A usage problem found after parsing (values out of range for the command line, options that
/// do not go together): a usage error like the parser's own, exit 64. Anything else `init(parsed:)`
/// or `validate(in:)` throws keeps its own kind (a bad coordinate is 65, a broken configuration 78).
struct ValidationError: RainError {
    var text: LocalizedText
    var hintText: LocalizedText?
    var kind: ErrorKind { .usage }

    /// `template`, marked with `N_` where it is a message of the catalogues, with `values` for
    /// its `{names}`; `hint` too.
    init(_ template: String, _ values: KeyValuePairs<String, String> = [:], hint: String? = nil) {
        self.init(LocalizedText(template, pairs: values.map { ($0.key, .verbatim($0.value)) }), hint: hint.map { LocalizedText($0) })
    }

    init(_ text: LocalizedText, hint: LocalizedText? = nil) {
        self.text = text
        self.hintText = hint
    }
}
