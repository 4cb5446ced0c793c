import RainKit

/// What `rain cron` and `rain timer` both take: how often, and whether to install or remove.
extension Option where Value == Interval {
    static let scheduleInterval = Option<Interval>("every", value: "interval", help: "How often: 5m, 6m, 10m, 12m, 15m, 20m or 30m, or 1h, 2h, 3h, 4h, 6h, 8h, 12h or 24h (default: 30m).",
                                                   completion: .values(["5m", "10m", "15m", "20m", "30m", "1h", "2h", "6h", "12h", "24h"]))
}

/// `--install` or `--uninstall` (or neither: print), read with each command's own wording.
struct InstallChoice {
    var install: Bool
    var uninstall: Bool

    init(_ parsed: ParsedValues, install: Flag, uninstall: Flag) throws {
        self.install = parsed[install]
        self.uninstall = parsed[uninstall]
        if self.install && self.uninstall { throw ValidationError(N_("'--install' and '--uninstall' cannot be used together")) }
    }

    var pair: (Bool, Bool) { (install, uninstall) }

    /// The interval given, or every 30 minutes.
    static func interval(_ parsed: ParsedValues) throws -> Interval {
        try parsed.value(Option.scheduleInterval) ?? Interval(seconds: 30 * 60)
    }
}
