/// What kind of failure an error is. The command line maps each kind to one exit status
/// (DESIGN's sysexits table); the library never decides exit codes itself.
public enum ErrorKind: Sendable, Equatable {
    /// The command line is wrong.
    case usage
    /// The data given is wrong: an unknown or ambiguous LOC, coordinates out of range.
    case badData
    /// There is nothing to show.
    case nothingToShow
    /// The API answered with an error or a body that cannot be used.
    case unavailable
    /// A local file could not be read or written.
    case localFile
    /// Worth trying again later: offline, timed out, rate-limited, busy.
    case temporary
    /// The API refused the key.
    case permission
    /// The configuration is invalid.
    case configuration
}

extension ErrorKind {
    /// Trying again cannot help until a person changes something (a missing or refused key,
    /// a broken configuration): what `rain watch` stops on instead of retrying forever.
    public var isPermanent: Bool { self == .configuration || self == .permission }
}

/// An error rain shows to a person: one line that says what is wrong, its kind, and where one
/// helps, what to do next. Each is written once, as a `LocalizedText`: the printer puts it in the
/// user's language, and its English rendering is `description`.
public protocol RainError: Error, CustomStringConvertible {
    var kind: ErrorKind { get }
    /// The line: a message marked with `N_` and its values.
    var text: LocalizedText { get }
    /// What to do next, where one helps; a text may hold several lines.
    var hintText: LocalizedText? { get }
}

extension RainError {
    public var hintText: LocalizedText? { nil }
    public var description: String { text.description }
    public func message(in localization: Localization) -> String { localization.tr(text) }
    public func hint(in localization: Localization) -> String? { hintText.map { localization.tr($0) } }
}

extension FileError: RainError {
    public var kind: ErrorKind { .localFile }
}

extension CacheError: RainError {
    public var kind: ErrorKind { .localFile }
}

extension ConfigError: RainError {
    public var kind: ErrorKind { .configuration }
}

extension DefaultsFileError: RainError {
    public var kind: ErrorKind {
        switch self {
        case .busy: return .temporary
        case .unreadable, .file: return .localFile
        }
    }
}

extension LocationsError: RainError {
    public var kind: ErrorKind {
        switch self {
        case .noLocations, .noCurrentLocation: return .nothingToShow
        default: return .badData
        }
    }
}

extension Crontab.Failure: RainError {
    /// A crontab that did not answer may next time (as any program rain starts that hangs).
    public var kind: ErrorKind { timedOut ? .temporary : .localFile }
    public var hintText: LocalizedText? { hint }
}
