SimulatorCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
