import FoundationEssentials
import RainKit

extension Flag {
    /// `--verbose`, which every command that uses the network takes.
    static let verbose = Flag("verbose", short: "v", help: "Print each request (key hidden), its status and its time to stderr.")
}

extension ArgumentDefinition {
    /// `[<loc>]`: one place, the current location when left out.
    static func place(optional: Bool) -> ArgumentDefinition {
        ArgumentDefinition(name: "loc", help: "The place: ID, ID prefix, number or name.", isOptional: optional, joinsWords: true,
                           completion: .locations)
    }

    /// `<loc> ...`: several places.
    static let places = ArgumentDefinition(
        name: "loc", help: "The places: IDs, ID prefixes, numbers or names.", isOptional: true, isRepeating: true, completion: .locations)
}

extension ExitCode {
    /// Which of two failures a run with both ends with: the one that needs a person most.
    static func worse(_ first: ExitCode, _ second: ExitCode) -> ExitCode {
        let order: [ExitCode] = [.success, .temporaryFailure, .unavailable, .ioError, .permissionDenied, .configuration]
        return (order.firstIndex(of: first) ?? 0) >= (order.firstIndex(of: second) ?? 0) ? first : second
    }
}
