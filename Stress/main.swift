import Foundation

// make stress: the long checks of issue 10 against the real `rain`, each printing its figure.
// Usage: stress RAIN FORECAST_SIMULATOR [CHECK...]; STRESS_SIZE=small is the reduced CI run.

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    print("usage: stress RAIN FORECAST_SIMULATOR [store kills refreshes faults beside leaks escapes files widths arguments writes]")
    exit(64)
}
let rainPath = arguments[1]
let simulatorPath = arguments[2]
let chosen = Set(arguments.dropFirst(3))
let small = ProcessInfo.processInfo.environment["STRESS_SIZE"] == "small"
let key = "stress-key-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(20).lowercased()

func wanted(_ check: String) -> Bool { chosen.isEmpty || chosen.contains(check) }

print("rain stress (\(small ? "small" : "full") size) against \(rainPath)")

if wanted("store") { StoreCheck.run() }
if wanted("kills") { KillCheck.run() }
if wanted("refreshes") { RefreshCheck.run() }
if wanted("faults") { FaultCheck.run() }
if wanted("beside") { BesideCheck.run() }
if wanted("leaks") { LeakCheck.run() }
if wanted("escapes") { EscapeCheck.run() }
if wanted("files") { FileKindCheck.run() }
if wanted("widths") { WidthCheck.run() }
if wanted("arguments") { ArgumentCheck.run() }
if wanted("writes") { WriteCheck.run() }

if failures.count > 0 {
    print("\(failures.count) check(s) failed")
    exit(1)
}
print("all checks passed")
