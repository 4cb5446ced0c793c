import RainKit

/// How an error reaches the user: one line, an optional hint, an exit status.
struct ErrorReport {
    var message: String
    var hint: String?
    var exitCode: ExitCode

    init(message: String, hint: String? = nil, exitCode: ExitCode) {
        self.message = message
        self.hint = hint
        self.exitCode = exitCode
    }

    init(_ error: any Error) {
        switch error {
        case let failure as CommandFailure:
            self.init(message: failure.message, hint: failure.hint, exitCode: failure.exitCode)
        case let error as LocationsError:
            let code: ExitCode = switch error {
            case .noLocations, .noCurrentLocation: .noInput
            default: .dataError
            }
            self.init(message: error.description, hint: error.hint, exitCode: code)
        case let error as DefaultsFileError:
            switch error {
            case .busy:
                self.init(message: error.description, hint: "try again in a moment", exitCode: .temporaryFailure)
            case .unreadable:
                self.init(message: error.description, hint: "the file was left as it is; fix or move it (rain never overwrites a file it cannot read)", exitCode: .ioError)
            case .file:
                self.init(message: error.description, exitCode: .ioError)
            }
        case let error as ConfigError:
            self.init(message: error.description, hint: error.hint, exitCode: .configuration)
        case let error as CacheError:
            self.init(message: error.description, exitCode: .ioError)
        case let error as ForecastError:
            self.init(message: error.description, exitCode: ExitCode(error))
        case let error as Crontab.Failure:
            self.init(message: error.description, exitCode: .ioError)
        case let error as FileError:
            self.init(message: error.description, exitCode: .ioError)
        default:
            self.init(message: "\(error)", exitCode: .ioError)
        }
    }

    /// `rain: error: ...` and, where one helps, `rain: hint: ...`; control characters removed.
    var text: String {
        var text = "rain: error: \(message.strippingControlCharacters)\n"
        if let hint { text += "rain: hint: \(hint.strippingControlCharacters)\n" }
        return text
    }
}
