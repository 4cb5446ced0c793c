import RainKit

/// The command line: parses arguments, runs one command, maps its outcome to an exit status.
public enum RainCLI {
    /// Runs rain with `arguments` (without the program name) and returns the exit status.
    public static func run(
        _ arguments: [String],
        environment: [String: String],
        console: any Console
    ) async -> Int32 {
        0
    }
}
