import Glibc

/// The user's systemd: where its units are, and `systemctl --user` to load, enable and stop them.
public struct UserSystemd: Sendable {
    /// `$XDG_CONFIG_HOME/systemd/user` (`~/.config/systemd/user`).
    public let folder: String
    let environment: ChildEnvironment

    /// `environment` is systemctl's; `variables` (this process's) say where the units go.
    package init(environment: ChildEnvironment, variables: [String: String], home: String) {
        let config = variables["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        folder = config + "/systemd/user"
        self.environment = environment
    }

    public var servicePath: String { folder + "/" + SystemdUnits.serviceName }
    public var timerPath: String { folder + "/" + SystemdUnits.timerName }

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// systemctl cannot reach a user manager (none runs, or systemctl is missing); `reason`
        /// is what systemctl said, shown as a hint.
        case notRunning(reason: LocalizedText)
        /// systemctl did not answer within the schedulers' time limit and was stopped: the
        /// manager may be there, busy or stuck.
        case timedOut
        case file(FileError)
    }

    /// Writes both units, reloads the manager and starts the timer (also at every login). When
    /// the manager cannot be reached, everything is as it was: the files written are removed,
    /// units that were there before are put back, and the folders made go again.
    public func install(_ units: SystemdUnits) throws(Failure) {
        var made: [String] = []
        var folder = self.folder
        while access(folder, F_OK) != 0, folder != "/" {
            made.append(folder)
            folder = AtomicFile.parentFolder(of: folder)
        }
        let paths = [servicePath, timerPath]
        let before = paths.map { try? RegularFile.read($0, limit: .configuration) }
        func removeFiles() {
            for (path, old) in zip(paths, before) {
                if let old = old ?? nil { try? AtomicFile.write(old, to: path, mode: 0o644, limit: .configuration) } else { unlink(path) }
            }
            for folder in made { rmdir(folder) }
        }
        do {
            try AtomicFile.createFolder(self.folder)
            try AtomicFile.write(Array(units.service.utf8), to: servicePath, mode: 0o644, limit: .configuration)
            try AtomicFile.write(Array(units.timer.utf8), to: timerPath, mode: 0o644, limit: .configuration)
        } catch {
            removeFiles()
            throw .file(error)
        }
        do {
            try systemctl(["daemon-reload"])
            try systemctl(["enable", "--now", SystemdUnits.timerName])
        } catch {
            removeFiles()
            // A systemctl stopped for hanging would most likely hang again: the manager is left
            // to find the units gone at its next reload, and the error says so.
            if error != .timedOut { try? systemctl(["daemon-reload"]) }
            throw error
        }
    }

    /// Stops and disables the timer and removes both units; false when neither was there.
    public func uninstall() throws(Failure) -> Bool {
        let existed = [servicePath, timerPath].contains { (try? RegularFile.read($0, limit: .configuration)) != nil }
        guard existed else { return false }
        let disabled = Result { () throws(Failure) in try systemctl(["disable", "--now", SystemdUnits.timerName]) }
        removeFiles()
        if case .failure(.timedOut) = disabled { return true }
        try? systemctl(["daemon-reload"])
        return true
    }

    private func removeFiles() {
        for path in [servicePath, timerPath] { unlink(path) }
    }

    private func systemctl(_ arguments: [String]) throws(Failure) {
        let outcome: Subprocess.Outcome
        do {
            // Its output bounded, so that a flood cannot fill memory: the first line of the last
            // 4 KB of its stderr is said (systemctl says its reason in a line). One that hangs
            // is stopped at the schedulers' time limit, and the install undone as for a refusal.
            outcome = try Subprocess.run("systemctl", ["--user"] + arguments, input: nil, environment: environment,
                                         limits: Subprocess.Limits(time: Subprocess.schedulerTime, keptOutput: 4 << 10))
        } catch {
            throw .notRunning(reason: .verbatim(error.reason))
        }
        if outcome.timedOut { throw .timedOut }
        if outcome.status == 127 { throw .notRunning(reason: LocalizedText(N_("systemctl is not installed"))) }
        guard outcome.status == 0 else {
            let said = outcome.error.split(separator: "\n").first.map { String($0).strippingControlCharacters }
            // Whole: a terminal's printer cuts it to the window; a pipe or a log keeps all of it.
            throw .notRunning(reason: .verbatim("systemctl --user \(arguments[0]): \(said ?? "exit status \(outcome.status)")"))
        }
    }
}

extension UserSystemd.Failure: RainError {
    public var kind: ErrorKind {
        switch self {
        case .notRunning: return .unavailable
        case .timedOut: return .temporary
        case .file: return .localFile
        }
    }

    public var text: LocalizedText {
        switch self {
        case .notRunning: return LocalizedText(N_("no systemd user manager for the timer; nothing is left installed"))
        case .timedOut:
            return LocalizedText(N_("timer not installed: {program} took over {duration}: stopped"),
                                 ["program": .verbatim("systemctl"), "duration": Subprocess.schedulerTimeWords])
        case .file(let error): return error.text
        }
    }

    /// What systemctl said, then what to do instead: two hint lines (one for a systemctl
    /// that said nothing).
    public var hintText: LocalizedText? {
        let instead = LocalizedText(N_("print the units with {print}, or use: {command}"),
                                    ["print": .verbatim("'rain timer'"), "command": .verbatim("rain cron --install")])
        switch self {
        case .notRunning(let reason): return LocalizedText(lines: [reason, instead])
        case .timedOut:
            // The reload that would have undone the install was not run (see `install`).
            return LocalizedText(lines: [LocalizedText(N_("unit files removed; reload later: {command}"),
                                                       ["command": .verbatim("systemctl --user daemon-reload")]), instead])
        case .file: return nil
        }
    }
}

extension SystemdUnits.Problem: RainError {
    public var kind: ErrorKind {
        switch self {
        case .unsupported: return .usage
        case .lineBreak: return .configuration
        }
    }
}
