import Foundation
@testable import RainKit
import Testing

@Suite struct ProcessEnvironmentTests {
    @Test func readsWhatFoundationReads() {
        let environment = ProcessEnvironment.current()
        #expect(environment == ProcessInfo.processInfo.environment)
        #expect(environment["PATH"] == String(cString: getenv("PATH")))
    }
}
