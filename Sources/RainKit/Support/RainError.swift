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
/// helps, what to do next.
public protocol RainError: Error, CustomStringConvertible {
    var kind: ErrorKind { get }
    var hint: String? { get }
    /// The line in the user's language; English (`description`) where it is not translated.
    func message(in localization: Localization) -> String
    func hint(in localization: Localization) -> String?
}

extension RainError {
    public var hint: String? { nil }
    public func message(in localization: Localization) -> String { description }
    public func hint(in localization: Localization) -> String? { hint }
}

extension FileError: RainError {
    public var kind: ErrorKind { .localFile }
    public func message(in localization: Localization) -> String { localization.tr(text) }
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

    public var hint: String? {
        switch self {
        case .busy: return "try again in a moment"
        case .unreadable: return "fix or move the file; rain never overwrites a file it cannot read"
        case .file: return nil
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
    public var kind: ErrorKind { .localFile }
}
