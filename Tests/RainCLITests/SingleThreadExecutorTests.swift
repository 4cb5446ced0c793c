import Glibc
@testable import RainCLI
import RainKit
import Synchronization
import Testing

/// rain runs every command's tasks on its main thread through `SingleThreadExecutor`: each job
/// on the thread that runs the executor, in the order the jobs came.
@Suite struct SingleThreadExecutorTests {
    /// Runs `executor` on a thread of its own until `operation`'s task is done; returns that
    /// thread and what the task returned.
    private func runOnItsOwnThread<Value: Sendable>(
        _ operation: @escaping @Sendable (SingleThreadExecutor) async -> Value
    ) async -> (runner: pthread_t, value: Value) {
        let executor = SingleThreadExecutor()
        let runner = Mutex<pthread_t?>(nil)
        let stop = Atomic<Bool>(false)
        DetachedThread.start {
            runner.withLock { $0 = pthread_self() }
            while !stop.load(ordering: .acquiring) { executor.runNextJob() }
        }
        let value = await Task(executorPreference: executor) { await operation(executor) }.value
        // The last job: the runner sees `stop` once it has run it, and ends with none left.
        await Task(executorPreference: executor) { stop.store(true, ordering: .releasing) }.value
        return (try! #require(runner.withLock { $0 }), value)
    }

    @Test func aTaskRunsOnTheThreadThatRunsTheExecutorAndComesBackToItAfterEveryWait() async throws {
        let (runner, threads) = await runOnItsOwnThread { _ in
            var threads = [pthread_self()]
            // Resumed by another thread, as a wait for the store's lock or a fetch is.
            let elsewhere = (try? await DetachedThread.run { pthread_self() }) ?? pthread_self()
            threads.append(pthread_self())
            // Child tasks and their results.
            await withTaskGroup(of: pthread_t.self) { group in
                for _ in 0..<4 { group.addTask { pthread_self() } }
                for await thread in group { threads.append(thread) }
            }
            threads.append(pthread_self())
            #expect(pthread_equal(elsewhere, threads[0]) == 0, "DetachedThread.run ran its body on a thread of its own")
            return threads
        }
        #expect(threads.count == 7)
        for thread in threads { #expect(pthread_equal(thread, runner) != 0) }
    }

    private final class Log: Sendable {
        let entries = Mutex<[Int]>([])
    }

    @Test func tasksRunInTheOrderTheyCame() async {
        let (_, order) = await runOnItsOwnThread { executor in
            let log = Log()
            let tasks = (0..<50).map { index in
                Task(executorPreference: executor) { log.entries.withLock { $0.append(index) } }
            }
            for task in tasks { await task.value }
            return log.entries.withLock { $0 }
        }
        #expect(order == Array(0..<50))
    }
}
