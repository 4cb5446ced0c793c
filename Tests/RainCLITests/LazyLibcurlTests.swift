import Foundation
import RainKit
import RainTestSupport
import Testing

/// libcurl and its libraries are loaded only by commands that go to the network: the dynamic
/// loader's own log (LD_DEBUG=files) says which shared objects a run of the real binary opened.
@Suite struct LazyLibcurlTests {
    private func loadsLibcurl(_ world: ForecastWorld, _ arguments: [String]) async throws -> Bool {
        let result = try await world.rain(arguments, environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0, "\(arguments): \(result)")
        return result.error.contains("file=libcurl.so")
    }

    @Test func commandsThatStayOfflineNeverLoadIt() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            #expect(try await loadsLibcurl(world, ["refresh"]), "the log names libcurl when it is loaded")
            for arguments in [["--version"], ["locations"], ["show", "--offline"], ["show"], ["refresh", "--if-stale"], ["locations", "select", "Tokyo"],
                              ["locations", "add", "Lima", "--lat", "-12.05", "--lon", "-77.04"], ["config", "show"]] {
                #expect(try await !loadsLibcurl(world, arguments), "\(arguments)")
            }
        }
    }
}
