import Foundation
@testable import RainKit
import Testing

/// `DetachedThread.start(besideCaller:)`: the thread that loads libcurl runs on another
/// processor than the command's, from its first moment.
struct DetachedThreadTests {
    /// The processors a thread may run on, from the kernel's own account of it.
    private static func allowedProcessors() -> Set<Int> {
        guard let status = try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else { return [] }
        var processors = Set<Int>()
        for range in line.dropFirst("Cpus_allowed_list:".count).split(separator: ",") {
            let bounds = range.trimmingCharacters(in: .whitespaces).split(separator: "-").compactMap { Int($0) }
            guard let first = bounds.first else { continue }
            processors.formUnion(first...(bounds.last ?? first))
        }
        return processors
    }

    /// What a thread started from a thread of its own may run on: the starter's processors, and
    /// the started thread's.
    private func processors(besideCaller: Bool) async -> (starter: Set<Int>, started: Set<Int>) {
        await withCheckedContinuation { continuation in
            DetachedThread.start {
                let starter = Self.allowedProcessors()
                DetachedThread.start(besideCaller: besideCaller) {
                    continuation.resume(returning: (starter, Self.allowedProcessors()))
                }
            }
        }
    }

    @Test func aThreadBesideItsCallerMayRunOnEveryProcessorButTheCallers() async throws {
        let (starter, started) = await processors(besideCaller: true)
        try #require(!starter.isEmpty, "/proc/thread-self/status lists the allowed processors")
        if starter.count == 1 {
            #expect(started == starter, "with one processor there is nowhere else to go")
        } else {
            #expect(started.isSubset(of: starter))
            #expect(started.count == starter.count - 1, "all but the one the caller ran on: \(starter) -> \(started)")
        }
    }

    @Test func anOrdinaryThreadMayRunWhereverItsStarterMay() async {
        let (starter, started) = await processors(besideCaller: false)
        #expect(started == starter)
    }
}
