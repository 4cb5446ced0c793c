import Foundation
import RainTestSupport
import Testing

/// A D-Bus session bus of the test's own (Debian's dbus-daemon) with a stand-in for the
/// desktop's notification service on it (`notification-stand-in.py`), which records each
/// Notify call. Its socket is `folder/bus`, where a login session's bus is under
/// `XDG_RUNTIME_DIR`.
final class PrivateSessionBus: Sendable {
    static let standIn = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/notification-stand-in.py"

    let folder: String
    private let daemon: RunningProcess
    private let service: RunningProcess

    var address: String { "unix:path=\(folder)/bus" }
    private var record: String { folder + "/notify-calls.jsonl" }

    /// Starts the bus and the service and returns once the service owns its name.
    init(folder: String) async throws {
        self.folder = folder
        daemon = BuiltProduct.startSystem("/usr/bin/dbus-daemon", ["--session", "--nofork", "--nopidfile", "--print-address",
                                                                    "--address=unix:path=\(folder)/bus"], environment: [:])
        let ready = folder + "/stand-in-ready"
        guard await daemon.waitForOutput(containing: "unix:") else {
            daemon.send(SIGKILL)
            throw BusFailure(description: "dbus-daemon did not start: \(daemon.error)")
        }
        service = BuiltProduct.startSystem("/usr/bin/python3", [Self.standIn, folder + "/notify-calls.jsonl", ready],
                                           environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder)/bus"])
        let deadline = ContinuousClock.now + .seconds(30)
        while !FileManager.default.fileExists(atPath: ready) && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        guard FileManager.default.fileExists(atPath: ready) else {
            stop()
            throw BusFailure(description: "the stand-in notification service did not start: \(service.error)")
        }
    }

    deinit { stop() }

    /// SIGKILL: a child of the test runner starts with SIGTERM blocked (the runner's mask).
    func stop() {
        service.send(SIGKILL)
        daemon.send(SIGKILL)
    }

    /// The Notify calls received, oldest first: app_name, app_icon, summary, body, urgency, expire_timeout.
    var calls: [[String: Any]] {
        guard let text = try? String(contentsOfFile: record, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    struct BusFailure: Error, CustomStringConvertible {
        var description: String
    }
}
