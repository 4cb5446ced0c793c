import Foundation
@testable import RainKit
import Testing

/// The store reader finds a place ID that appears twice with `IDSet`, its own hash table.
@Suite struct IDSetTests {
    private func places(_ ids: [UUID]) -> [Location] {
        ids.map { Location(id: $0, name: "P", coordinate: Coordinate(latitude: 0, longitude: 0)) }
    }

    private func id(_ high: UInt64, _ low: UInt64) -> UUID {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { output in
            output.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            output.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: bytes)
    }

    @Test func findsARepeatWhereverItIsAndOnlyARepeat() {
        let random = (0..<3_000).map { _ in UUID() }
        // Thousands that share one half (many land in a row in the table), the all-zero one too.
        let near = (0..<2_000).map { id(0, UInt64($0)) } + (1..<2_000).map { id(UInt64($0), 0) }
        for ids in [random, near, [id(0, 0), id(0, 1)], [UUID()]] {
            #expect(!IDSet.hasRepeatedID(places(ids)))
            for position in [0, ids.count / 2, ids.count - 1] {
                var repeated = ids
                repeated.insert(ids[position], at: (position * 7919) % (ids.count + 1))
                #expect(IDSet.hasRepeatedID(places(repeated)), "\(ids.count) IDs, the one at \(position) twice")
            }
        }
        #expect(!IDSet.hasRepeatedID([]))
    }
}
