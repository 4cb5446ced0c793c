internal import CThreads
import Foundation
import Synchronization
@testable import RainKit
import Testing

/// `DetachedThread`: the thread that loads libcurl runs on another processor than the
/// command's from its first moment, and no thread of its kind takes a signal sent to rain.
struct DetachedThreadTests {
    /// A field of the calling thread's /proc status ("SigBlk", "Cpus_allowed_list").
    private static func status(_ field: String) -> String {
        guard let status = try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return "" }
        return line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces)
    }

    /// The processors of a list such as "0-3,6".
    private static func processors(_ list: String) -> Set<Int> {
        var processors = Set<Int>()
        for range in list.split(separator: ",") {
            let bounds = range.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "-").compactMap { Int($0) }
            guard let first = bounds.first else { continue }
            processors.formUnion(first...(bounds.last ?? first))
        }
        return processors
    }

    /// The online processors the calling thread may run on (the kernel's mask can name some that
    /// are not online; a thread's mask made from the allowed ones leaves those out).
    private static func allowedProcessors() -> Set<Int> {
        let online = (try? String(contentsOfFile: "/sys/devices/system/cpu/online", encoding: .utf8)).map(processors) ?? []
        return processors(status("Cpus_allowed_list")).intersection(online)
    }

    private struct Placement: Sendable {
        var starter: Set<Int>
        var started: Set<Int>
        /// Where the starter ran just before and just after it started the thread.
        var starterRanOn: (before: Int, after: Int)
    }

    /// What a thread started from a thread of its own may run on, and where its starter ran.
    private func placement(besideCaller: Bool) async -> Placement {
        await withCheckedContinuation { continuation in
            DetachedThread.start {
                let starter = Self.allowedProcessors()
                let before = Int(rain_current_cpu())
                let started = Mutex<Set<Int>?>(nil)
                let done = DispatchSemaphore(value: 0)
                DetachedThread.start(besideCaller: besideCaller) {
                    started.withLock { $0 = Self.allowedProcessors() }
                    done.signal()
                }
                let after = Int(rain_current_cpu())
                done.wait()
                continuation.resume(returning: Placement(starter: starter, started: started.withLock { $0 } ?? [],
                                                         starterRanOn: (before, after)))
            }
        }
    }

    @Test func aThreadBesideItsCallerMayRunOnEveryProcessorButTheCallers() async throws {
        let placement = await placement(besideCaller: true)
        let (starter, started) = (placement.starter, placement.started)
        try #require(!starter.isEmpty, "/proc/thread-self/status and /sys list the processors")
        guard starter.count > 1 else {
            #expect(started == starter, "with one processor there is nowhere else to go")
            return
        }
        #expect(started.isSubset(of: starter))
        #expect(started.count == starter.count - 1, "all but one: \(starter) -> \(started)")
        let (before, after) = placement.starterRanOn
        if before == after {
            #expect(starter.subtracting(started) == [before], "the one left out is the caller's")
        }
    }

    @Test func anOrdinaryThreadMayRunWhereverItsStarterMay() async {
        let placement = await placement(besideCaller: false)
        #expect(placement.started == placement.starter)
    }

    /// Blocked: a signal sent to the process goes to a thread that does not block it, rain's
    /// main thread. Not blocked: the signals a thread's own fault raises.
    @Test func itsThreadsBlockEverySignalButAFaultsAndTheCallersMaskStaysAsItWas() async throws {
        let (callerBefore, callerAfter, started) = await withCheckedContinuation { continuation in
            DetachedThread.start {
                // A caller that blocks nothing, as rain's main thread.
                var nothing = sigset_t()
                sigemptyset(&nothing)
                pthread_sigmask(SIG_SETMASK, &nothing, nil)
                let before = Self.status("SigBlk")
                let started = Mutex("")
                let done = DispatchSemaphore(value: 0)
                DetachedThread.start {
                    started.withLock { $0 = Self.status("SigBlk") }
                    done.signal()
                }
                let after = Self.status("SigBlk")
                done.wait()
                continuation.resume(returning: (before, after, started.withLock { $0 }))
            }
        }
        #expect(UInt64(callerBefore, radix: 16) == 0)
        #expect(callerAfter == callerBefore, "the caller's mask is put back")
        let blocked = try #require(UInt64(started, radix: 16))
        func isBlocked(_ signal: Int32) -> Bool { blocked & (1 << UInt64(signal - 1)) != 0 }
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGCONT, SIGTSTP, SIGPIPE, SIGCHLD, SIGUSR1] {
            #expect(isBlocked(signal), "signal \(signal)")
        }
        for fault in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGSYS] {
            #expect(!isBlocked(fault), "signal \(fault)")
        }
    }
}
