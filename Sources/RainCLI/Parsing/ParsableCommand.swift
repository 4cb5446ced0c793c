import RainKit

/// A command as the parser sees it: its configuration. Groups (`rain locations`) are only this.
protocol ParsableCommand: Sendable {
    static var configuration: CommandConfiguration { get }
}

/// A command that runs: it reads its parsed values, then does its one job.
protocol RunnableCommand: ParsableCommand {
    /// Reads the values the parser found; throws a `ValidationError` for values that cannot be
    /// used (this is swift-argument-parser's `validate()`, run before anything happens).
    init(parsed: ParsedValues) throws
    /// Checks what depends on where the command runs (is there a terminal?) before `run`;
    /// a `ValidationError` here is a usage error too.
    func validate(in context: CommandContext) throws
    /// Whether the configuration must be valid before `run` (exit 78 otherwise). False only
    /// for what must work while it is not: `rain config` (to find and mend it), completions,
    /// and removing rain's crontab line.
    var needsValidConfiguration: Bool { get }
    func run(_ context: CommandContext) async throws
}

extension RunnableCommand {
    func validate(in context: CommandContext) throws {}
    var needsValidConfiguration: Bool { true }
}

/// A usage problem found after parsing (values out of range for the command line, options that
/// do not go together). Exit 64, like the parser's own errors.
struct ValidationError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
