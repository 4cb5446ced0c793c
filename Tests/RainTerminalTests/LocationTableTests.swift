import Foundation
import RainTestSupport
@testable import RainTerminal
import Testing

/// The coordinates column of `rain locations`, written digit by digit, says what printf says.
@Suite struct LocationTableTests {
    @Test func coordinatesRoundAsPrintfDoes() {
        var random = SplitMix(seed: 7)
        var values: [Double] = [0, -0.0, 0.00005, -0.00005, 0.03125, -0.03125, 12.00005, 179.99995, -179.99995, 90, -90, 1e-9]
        for _ in 0..<40_000 {
            let scale = [1e4, 1e5, 1e6, 1e8][Int(random.next() % 4)]
            values.append(Double(Int64(bitPattern: random.next() % 3_600_000_000) - 1_800_000_000) / 1e7 * (scale / 1e4))
            values.append(Double(Int64(bitPattern: random.next() % 360_000_000) - 180_000_000) / scale)
        }
        for value in values {
            let printf = String(format: "%.4f", value)
            #expect(LocationTable.degrees(value) == (printf == "-0.0000" ? "0.0000" : printf), "\(value)")
        }
    }
}
