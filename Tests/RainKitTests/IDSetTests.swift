import Foundation
@testable import RainKit
import Testing

/// The store reader finds a place ID that appears twice with `IDSet`, its own hash table.
@Suite struct IDSetTests {
    @Test func findsEveryRepeatAndOnlyRepeatsWhileGrowingFromTooSmall() {
        var set = IDSet(minimumCapacity: 1)
        let ids = (0..<5_000).map { _ in UUID() }
        for id in ids {
            let isNew = set.insert(id)
            #expect(isNew)
        }
        for id in ids.shuffled() {
            let isNew = set.insert(id)
            #expect(!isNew)
        }
        // IDs that differ in one byte only, the all-zero one among them.
        var near: [UUID] = []
        for byte in 0..<16 {
            for value: UInt8 in [0, 1, 0x80, 0xFF] {
                var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
                withUnsafeMutableBytes(of: &bytes) { $0[byte] = value }
                near.append(UUID(uuid: bytes))
            }
        }
        // Thousands that share one half.
        for value in 1...3_000 {
            for half in 0..<2 {
                var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
                withUnsafeMutableBytes(of: &bytes) { $0.storeBytes(of: UInt64(value), toByteOffset: 8 * half, as: UInt64.self) }
                near.append(UUID(uuid: bytes))
            }
        }
        let distinct = Set(near)
        var seen = Set<UUID>()
        for id in near {
            let isNew = set.insert(id)
            #expect(isNew == seen.insert(id).inserted)
        }
        #expect(seen == distinct)
    }
}
