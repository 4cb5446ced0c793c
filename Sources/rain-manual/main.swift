import RainCLI

// Prints rain.1, the manual page made from rain's command tables: `rain-manual [DOCDIR]`, where
// DOCDIR is the folder config.example.json is installed in.
let arguments = CommandLine.arguments.dropFirst()
print(RainCLI.manualPage(exampleConfiguration: (arguments.first ?? "/usr/local/share/doc/rain") + "/config.example.json"), terminator: "")
