import Foundation
import RainCLI
import RainKit

let status = await RainCLI.run(
    Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    console: StandardConsole()
)
exit(status)
