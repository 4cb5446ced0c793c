/// The five time fields of a crontab line that runs every `interval`, at a minute offset of its
/// own so that not every user's rain asks the API at :00.
public struct CronSchedule: Sendable, Equatable {
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case unsupported(Interval)

        public var description: String { text.description }

        public var text: LocalizedText {
            switch self {
            case .unsupported(let interval):
                LocalizedText(N_("cannot run every {interval} from cron: {reason}"),
                              ["interval": .verbatim(interval.description), "reason": interval.unschedulableReason])
            }
        }
    }

    public let fields: String

    /// - Parameter seed: something stable and different per user (the user name); it picks the offset.
    public init(every interval: Interval, seed: String) throws(Problem) {
        let hash = seed.fnv1a
        switch interval.clockStep {
        case .minutes(let step):
            let first = Int(hash % UInt32(step))
            fields = stride(from: first, to: 60, by: step).map(String.init).joined(separator: ",") + " * * * *"
        case .hours(let step):
            let minute = Int(hash % 60)
            let firstHour = Int((hash / 60) % UInt32(step))
            let hours = step == 1 ? "*" : stride(from: firstHour, to: 24, by: step).map(String.init).joined(separator: ",")
            fields = "\(minute) \(hours) * * *"
        case nil:
            throw .unsupported(interval)
        }
    }
}
