import Foundation
import RainCLI

// Prints rain.1, the manual page made from rain's command tables: `rain-manual [DOCDIR]`, where
// DOCDIR is the folder config.example.json and forecast-json.md are installed in. The page is
// dated SOURCE_DATE_EPOCH when set (reproducible builds), else today.
let arguments = CommandLine.arguments.dropFirst()
let seconds = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init) ?? Date().timeIntervalSince1970
let formatter = DateFormatter()
formatter.locale = Locale(identifier: "en_US_POSIX")
formatter.timeZone = TimeZone(identifier: "UTC")
formatter.dateFormat = "yyyy-MM-dd"
let date = formatter.string(from: Date(timeIntervalSince1970: seconds))
print(RainCLI.manualPage(documentFolder: arguments.first ?? "/usr/local/share/doc/rain", date: date), terminator: "")
