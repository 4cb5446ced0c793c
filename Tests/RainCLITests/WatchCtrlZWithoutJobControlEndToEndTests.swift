import Foundation
import RainTestSupport
import Testing

/// Ctrl-Z in `rain watch` where the shell has no job control (`tmux new 'rain watch'`,
/// `ssh -t host rain watch`; here tmux runs rain under `sh -c`): the kernel discards the stop
/// of an orphaned process group, so rain gives the screen back, takes it again at once, and no
/// SIGCONT ever comes. The screen is drawn again right then, not left blank until a key, a
/// resize or the turn of the minute (hostile trial 20, W20-1). The screen is also redrawn at
/// the turn of each minute: a pass counts only when it came within the minute Ctrl-Z was typed.
@Suite struct WatchCtrlZWithoutJobControlEndToEndTests {
    @Test(arguments: [["watch", "--every", "1h"], ["watch", "--all", "--every", "1h"]])
    func ctrlZWhereNoStopComesDrawsTheScreenAgainAtOnce(_ arguments: [String]) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let tmux = try world.terminal(arguments)
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "q to quit", limit: .seconds(90))
            func minute() -> Int { Int(Date().timeIntervalSince1970) / 60 }
            var redrawnAtOnce = false
            for _ in 0..<3 where !redrawnAtOnce {
                let minuteTyped = minute()
                // Twice: the first refresh's answer may still be on its way to redraw the first time.
                for _ in 0..<2 {
                    // Text no redraw writes: gone once the screen was taken again (and cleared).
                    try await tmux.writeOnTerminal("WRITTEN BY ANOTHER PROGRAM", row: 3)
                    try tmux.send("C-z")
                    try await waitUntil {
                        let screen = try tmux.screen()
                        return !screen.contains("WRITTEN BY ANOTHER PROGRAM") && screen.contains("q to quit")
                    }
                }
                redrawnAtOnce = minute() == minuteTyped
            }
            #expect(redrawnAtOnce, "drawn again only at the turn of the minute")
            #expect(try tmux.display("#{alternate_on} #{cursor_flag}") == "1 0", "the screen is taken again, the cursor hidden")
            try tmux.send("q")
            try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
            withExtendedLifetime(world) {}
        }
    }
}
