import Foundation

/// SIGKILLs landing inside saves of a 2,000-place store: the store is always the old one or the
/// new one, and the next run leaves no temporary file behind.
enum KillCheck {
    static func run() {
        let kills = small ? 40 : 300
        let home = temporaryFolder("kills")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = ["RAIN_HOME": home]
        writeStore(places: 2000, to: home + "/defaults.json")
        var count = count(home, environment)
        guard count == 2000 else {
            report("kills", "could not read the prepared store (\(count) places)", ok: false)
            return
        }

        var insideSave = 0, oldOrNew = 0, finishedFirst = 0
        for round in 0..<kills {
            let child = Child(rainPath, ["locations", "add", "k\(round)", "--lat", "1", "--lon", "2"], environment: environment)
            if round % 2 == 0 {
                // At the temporary file: wait for it to appear, then kill.
                let deadline = Date().addingTimeInterval(10)
                while !hasTemporaryFile(home) && child.isRunning && Date() < deadline {}
            } else {
                // At a random point of the run (start-up, reading, writing or renaming).
                usleep(UInt32.random(in: 0...40_000))
            }
            let hadTemporary = hasTemporaryFile(home)
            kill(child.pid, SIGKILL)
            let outcome = child.wait()
            if !outcome.killed { finishedFirst += 1 }
            if hadTemporary { insideSave += 1 }
            let now = self.count(home, environment)
            if now == count || now == count + 1 { oldOrNew += 1 } else {
                print("  after kill \(round): \(now) places (had \(count))")
            }
            count = max(now, count)
        }
        let leftBefore = names(in: home).filter { $0.contains(".tmp-") }.count
        let next = Child(rainPath, ["locations", "add", "after", "--lat", "1", "--lon", "2"], environment: environment).wait()
        let leftAfter = names(in: home).filter { $0.contains(".tmp-") }.count
        report("kills", "\(kills) SIGKILLs on a 2,000-place store (half when the temp file appears, half at random): "
               + "\(insideSave) landed inside a save, \(finishedFirst) finished first; store old or new after \(oldOrNew)/\(kills); "
               + "temp files left by the kills: \(leftBefore), after the next run: \(leftAfter)",
               ok: oldOrNew == kills && leftAfter == 0 && next.status == 0)
    }

    static func hasTemporaryFile(_ folder: String) -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let found = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self).contains(".tmp-")
            }
            if found { return true }
        }
        return false
    }

    /// The number of saved places as `rain locations --json` reads them; -1 when it cannot.
    static func count(_ home: String, _ environment: [String: String]) -> Int {
        let outcome = Stress.run(rainPath, ["locations", "--json"], environment: environment)
        guard outcome.status == 0, let list = (try? JSONSerialization.jsonObject(with: Data(outcome.output))) as? [Any] else { return -1 }
        return list.count
    }

    static func writeStore(places: Int, to path: String) {
        var locations: [[String: Any]] = []
        for index in 0..<places {
            locations.append(["id": UUID().uuidString.lowercased(), "name": "place \(index)",
                              "latitude": Double(index % 180) - 89.5, "longitude": Double(index % 360) - 179.5])
        }
        let document: [String: Any] = ["locations": locations, "current_location_id": locations[0]["id"]!]
        let data = try! JSONSerialization.data(withJSONObject: document)
        _ = FileManager.default.createFile(atPath: path, contents: data)
    }
}
