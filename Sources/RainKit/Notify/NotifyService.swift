import FoundationEssentials

/// Finds the events in forecasts, weighs them against what was sent, and delivers the new ones
/// once, remembering each as soon as it is delivered.
public struct NotifyService: Sendable {
    public let settings: NotifySettings
    public let logFile: String
    /// The machine's zone, which quiet hours are read in.
    public let machineZone: ZoneInfo
    public let now: Date
    /// The language and clock of the texts.
    public let presentation: Presentation

    public init(settings: NotifySettings, logFile: String, machineZone: ZoneInfo, now: Date, presentation: Presentation = Presentation()) {
        self.settings = settings
        self.logFile = logFile
        self.machineZone = machineZone
        self.now = now
        self.presentation = presentation
    }

    /// The events of `forecasts` as the log stands (nothing is written).
    public func round(_ forecasts: [(Location, Forecast)]) throws(NotifyError) -> NotificationRound {
        try round(forecasts, log: NotifiedLog.load(logFile))
    }

    func round(_ forecasts: [(Location, Forecast)], log: NotifiedLog) -> NotificationRound {
        let finder = NotifyEventFinder(settings: settings, now: now, presentation: presentation)
        let dry = forecasts.filter { finder.staysDry($0.1) == true }.map(\.0.id)
        var remembered = log
        for place in dry { remembered.forgetRain(at: place) }
        let quiet = settings.quietHours.flatMap { $0.contains(now, in: machineZone) ? $0 : nil }
        let items = forecasts.flatMap { location, forecast in
            finder.events(for: location, in: forecast).map { event in
                let sent = remembered.contains(event.id) || event.sentAs.contains(where: remembered.contains)
                let status: NotificationRound.Status = sent ? .sent
                    : quiet != nil && !event.isExtreme ? .held : .new
                return NotificationRound.Item(event: event, status: status)
            }
        }
        return NotificationRound(items: items, quietHours: quiet, dryPlaces: dry)
    }

    /// Delivers the new events of `forecasts` through `deliver`, under the log's lock: an event
    /// is remembered only once it went out, and one that failed stops the run (the rest wait
    /// for the next one). The log is written once at the end of the run (also when a delivery
    /// failed), and during a long run at most once a second (`savedAtMostEvery`): a rain killed mid-run
    /// sends again only what it delivered since, where a save after each delivery rewrote and
    /// synced the whole log every time (30,000 events: 39 GB written). `deliver` waits for a
    /// program without holding a cooperative thread (`DetachedThread.run`).
    /// - Returns: the round, as it stood before delivering.
    public func deliver(_ forecasts: [(Location, Forecast)],
                        through deliver: (NotifyEvent) async throws -> Void) async throws -> NotificationRound {
        let lock: FileLock
        do {
            lock = try await FileLock.acquire(logFile + ".lock", waiting: .seconds(10))
        } catch {
            switch error {
            case .busy: throw NotifyError.busy
            case .file(let error): throw error
            }
        }
        defer { lock.unlock() }
        let loaded = try NotifiedLog.load(logFile)
        let round = round(forecasts, log: loaded)
        var log = loaded
        for place in round.dryPlaces { log.forgetRain(at: place) }
        log.prune(now: now)
        // An update counted as sent through the message it replaces is remembered by its own ID,
        // so that the next update, which names only this one, is not news either.
        for item in round.items where item.status == .sent && !log.contains(item.event.id) { log.record(item.event, at: now) }
        var saved = log == loaded ? log : nil
        var lastSave = ContinuousClock.now
        do {
            for event in round.news {
                try await deliver(event)
                log.record(event, at: now)
                if ContinuousClock.now - lastSave >= Self.savedAtMostEvery {
                    try log.save(to: logFile)
                    saved = log
                    lastSave = .now
                }
            }
        } catch {
            if saved != log { try log.save(to: logFile) }
            throw error
        }
        if saved != log { try log.save(to: logFile) }
        return round
    }

    static let savedAtMostEvery = Duration.seconds(1)
}
