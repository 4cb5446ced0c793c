import Foundation
import RainKit
import RainTestSupport
import Synchronization
import Testing

/// The real binary runs its command's tasks on its main thread, so a refresh starts no thread of
/// Dispatch's pool (glibc lets no thread start while libcurl loads on another: a pool thread
/// waited out the whole load instead of reading the places meanwhile).
@Suite struct CommandThreadEndToEndTests {
    /// The names of a process's threads, as the kernel has them.
    private static func threadNames(of pid: Int32) -> [String] {
        let folder = "/proc/\(pid)/task"
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return threads.compactMap { thread in
            (try? String(contentsOfFile: "\(folder)/\(thread)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test func aRefreshStartsNoThreadOfDispatchsPool() async throws {
        try await withTemporaryDirectory { home in
            let refresh = Mutex<Int32?>(nil)
            let seen = Mutex<[[String]]>([])
            let world = try ForecastWorld(home: home, onRequest: { _ in
                // The simulator has the request and has not answered: rain is waiting for it.
                let deadline = ContinuousClock.now + .seconds(30)
                while refresh.withLock({ $0 }) == nil && ContinuousClock.now < deadline { usleep(1000) }
                if let pid = refresh.withLock({ $0 }) { seen.withLock { $0.append(Self.threadNames(of: pid)) } }
            })
            let running = world.start(["refresh", "--all"])
            refresh.withLock { $0 = running.processIdentifier }
            let result = try await running.finish()
            #expect(result.status == 0, "\(result)")
            let names = seen.withLock { $0 }
            // Each place's forecast and its air (`/v1/air-quality`), asked beside it.
            #expect(names.count == 4, "a look at rain's threads at each place's requests: \(names)")
            for threads in names {
                #expect(!threads.isEmpty)
                // Dispatch names its pool's threads after their queues (com.apple.root.default-qos).
                #expect(!threads.contains { $0.contains("qos") || $0.hasPrefix("com.apple") }, "\(threads)")
            }
        }
    }
}
