/// The five time fields of a crontab line that runs every `interval`, at a minute offset of its
/// own so that not every user's rain asks the API at :00.
public struct CronSchedule: Sendable, Equatable {
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case unsupported(Interval)

        public var description: String {
            switch self {
            case .unsupported(let interval):
                return "cannot run every \(interval) from cron: use whole minutes that divide an hour (5m, 10m, 15m, 20m, 30m) or whole hours that divide a day (1h, 2h, 3h, 4h, 6h, 8h, 12h, 24h)"
            }
        }
    }

    public let fields: String

    /// - Parameter seed: something stable and different per user (the user name); it picks the offset.
    public init(every interval: Interval, seed: String) throws(Problem) {
        let hash = seed.fnv1a
        let seconds = interval.seconds
        if seconds % 60 == 0, seconds >= 300, seconds < 3600, 3600 % seconds == 0 {
            let step = seconds / 60
            let first = Int(hash % UInt32(step))
            fields = stride(from: first, to: 60, by: step).map(String.init).joined(separator: ",") + " * * * *"
        } else if seconds % 3600 == 0, seconds <= 86_400, 86_400 % seconds == 0 {
            let step = seconds / 3600
            let minute = Int(hash % 60)
            let firstHour = Int((hash / 60) % UInt32(step))
            let hours = step == 1 ? "*" : stride(from: firstHour, to: 24, by: step).map(String.init).joined(separator: ",")
            fields = "\(minute) \(hours) * * *"
        } else {
            throw .unsupported(interval)
        }
    }
}
