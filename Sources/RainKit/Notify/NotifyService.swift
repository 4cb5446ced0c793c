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
        var log = log
        return weigh(forecasts, log: &log)
    }

    /// The events of `forecasts` weighed against `log`, which first forgets what it no longer
    /// needs to remember: the rain of a place that stays dry, and what pruning drops (an alert
    /// told 30 days ago is forgotten, so it is news again however long it was listed).
    private func weigh(_ forecasts: [(Location, Forecast)], log: inout NotifiedLog) -> NotificationRound {
        let finder = NotifyEventFinder(settings: settings, now: now, presentation: presentation)
        for (location, forecast) in forecasts where finder.staysDry(forecast) == true { log.forgetRain(at: location.id) }
        let events = forecasts.flatMap { location, forecast in finder.events(for: location, in: forecast) }
        log.prune(now: now, listed: Self.listedIDs(events))
        let quiet = settings.quietHours.flatMap { $0.contains(now, in: machineZone) ? $0 : nil }
        let items = events.map { event in
            let sent = (event.recordedIDs + event.sentAs).contains(where: log.contains)
            let status: NotificationRound.Status = sent ? .sent
                : quiet != nil && !event.isExtreme ? .held : .new
            return NotificationRound.Item(event: event, status: status)
        }
        return NotificationRound(items: items, quietHours: quiet)
    }

    /// Every ID `events` are or were known by: an entry of one of them is of an event listed.
    private static func listedIDs(_ events: [NotifyEvent]) -> Set<String> {
        Set(events.flatMap { $0.recordedIDs + $0.sentAs })
    }

    /// Delivers the new events of `forecasts` through `deliver`, under the log's lock: an event
    /// is remembered only once it went out, and one that failed stops the run (the rest wait
    /// for the next one). The log is saved through `checkpoint`: at the end of the run (also
    /// when a delivery failed), during a long run at most once a second, also while a delivery
    /// waits, and at once when the caller asks (`DeliveryCheckpoint.saveNow`, for a signal that
    /// ends rain): a rain killed mid-run sends again only what it delivered in its last second.
    /// `deliver` waits for a program without holding a cooperative thread (`DetachedThread.run`).
    /// - Returns: the round, as it stood before delivering.
    public func deliver(_ forecasts: [(Location, Forecast)], checkpoint: DeliveryCheckpoint = DeliveryCheckpoint(),
                        through deliver: @escaping @Sendable (NotifyEvent) async throws -> Void) async throws -> NotificationRound {
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
        var log = loaded
        let round = weigh(forecasts, log: &log)
        // An update counted as sent through the message it replaces is remembered by its own ID,
        // so that the next update, which names only this one, is not news either; so is an
        // alert counted as sent through an identical one, and that one through it. Each as told
        // when what it counts as was told: the 30 days run from the telling, not from the run.
        for item in round.items where item.status == .sent && !item.event.recordedIDs.allSatisfy(log.contains) {
            log.record(item.event, at: log.toldAt(item.event.recordedIDs + item.event.sentAs) ?? now)
        }
        // What is no longer listed at the run's places goes to the oldest end, what is listed to
        // the newest, so that a full log drops what is gone first, not an alert still in force
        // at a place this run left out; only when the file is written anyway (a run with nothing
        // new writes nothing): the order counts only when a save drops the oldest end.
        if log != loaded || !round.news.isEmpty {
            log.rank(listed: Self.listedIDs(round.items.map(\.event)), at: Set(forecasts.map(\.0.id)))
        }
        checkpoint.start(log, file: logFile, saved: log == loaded ? loaded : nil)
        do {
            for event in round.news {
                try await Self.deliver(event, through: deliver, saving: checkpoint)
                checkpoint.record(event, at: now)
                try checkpoint.saveIfDue()
            }
        } catch {
            try checkpoint.save()
            throw error
        }
        try checkpoint.save()
        return round
    }

    /// Delivers `event`; when a save of what came before falls due while it waits for its
    /// program (a command that takes seconds), the save is made then, not after it.
    private static func deliver(_ event: NotifyEvent, through deliver: @escaping @Sendable (NotifyEvent) async throws -> Void,
                                saving checkpoint: DeliveryCheckpoint) async throws {
        guard let due = checkpoint.due else { return try await deliver(event) }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await deliver(event)
                return true
            }
            group.addTask {
                // Cancelled when the delivery ends first; a save that fails is tried again after it.
                try? await Task.sleep(until: due, clock: .continuous)
                if !Task.isCancelled { try? checkpoint.saveIfDue() }
                return false
            }
            while let delivered = try await group.next(), !delivered {}
            group.cancelAll()
        }
    }
}
