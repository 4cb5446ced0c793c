import RainKit
import RainTerminal

/// Options every command takes, wherever they stand on the line.
enum GlobalOptions {
    static let config = Option<String>("config", value: "file", help: "The configuration file to read (it must exist).", completion: .file)
    static let color = Option<ColorMode>("color", value: "when", help: "Colour the output: auto, always or never.")
    static let ascii = Flag("ascii", help: "Only ASCII in the output (also when the locale is not UTF-8).")
    static let help = Flag("help", short: "h", help: "Show help information.")
    /// Only the root command takes it.
    static let version = Flag("version", help: "Show the version.")

    static let definitions = [config.definition, color.definition, ascii.definition, help.definition]
}
