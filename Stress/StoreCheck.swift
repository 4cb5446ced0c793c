import Foundation

/// Many processes adding, selecting and removing at once while others read: nothing lost,
/// nothing torn.
enum StoreCheck {
    static func run() {
        let workers = small ? 4 : 16
        let rounds = 10  // each round: 3 adds, 1 select, 1 remove = 50 operations a worker
        let home = temporaryFolder("store")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = ["RAIN_HOME": home]
        let lockTimeouts = Counter(), otherErrors = Counter(), operations = Counter()
        let reads = Counter(), readErrors = Counter()
        let done = Counter()

        // Retries an operation that met the store's lock for its whole wait (exit 75).
        @Sendable func operate(_ command: [String]) {
            while true {
                let outcome = Stress.run(rainPath, command, environment: environment)
                operations.add()
                if outcome.status == 0 { return }
                if outcome.status == 75 { lockTimeouts.add(); continue }
                otherErrors.add()
                print("  \(command.joined(separator: " ")): exit \(outcome.status): \(outcome.error)")
                return
            }
        }

        let readers = (0..<2).map { _ in
            Thread {
                while done.count == 0 {
                    let outcome = Stress.run(rainPath, ["locations", "--json"], environment: environment)
                    reads.add()
                    let parsed = (try? JSONSerialization.jsonObject(with: Data(outcome.output))) != nil
                    // 66: no places yet, which is fine; anything else is a reader that failed.
                    if outcome.status != 0 && outcome.status != 66 || outcome.status == 0 && !parsed { readErrors.add() }
                }
            }
        }
        readers.forEach { $0.start() }
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for round in 0..<rounds {
                let base = round * 3
                for offset in 0..<3 {
                    let latitude = Double(worker), longitude = Double(base + offset)
                    operate(["locations", "add", "w\(worker)-\(base + offset)", "--lat", "\(latitude)", "--lon", "\(longitude)"])
                }
                operate(["locations", "select", "w\(worker)-\(base)"])
                operate(["locations", "remove", "w\(worker)-\(base + 2)", "--yes"])
            }
        }
        done.add()
        while readers.contains(where: { !$0.isFinished }) { usleep(10_000) }

        var expected = Set<String>()
        for worker in 0..<workers {
            for round in 0..<rounds { expected.formUnion(["w\(worker)-\(round * 3)", "w\(worker)-\(round * 3 + 1)"]) }
        }
        let final = Stress.run(rainPath, ["locations", "--json"], environment: environment)
        let entries = (try? JSONSerialization.jsonObject(with: Data(final.output))) as? [[String: Any]] ?? []
        let found = Set(entries.compactMap { $0["name"] as? String })
        let missing = expected.subtracting(found).count, extra = found.subtracting(expected).count
        report("store", "\(workers) processes x \(rounds * 5) operations (\(operations.count) runs): \(expected.count) places expected, "
               + "\(found.count) found, \(missing) missing, \(extra) extra; \(otherErrors.count) errors; "
               + "\(reads.count) reads meanwhile, \(readErrors.count) parse errors; \(lockTimeouts.count) lock timeouts (exit 75, retried)",
               ok: missing == 0 && extra == 0 && otherErrors.count == 0 && readErrors.count == 0 && entries.count == expected.count)
    }
}
