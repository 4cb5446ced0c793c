import Testing
@testable import RainKit

/// Only an address of this machine, parsed as one, counts as this machine (issue 42: any host
/// name starting "127." passed, `127.remote.test` too).
@Suite struct ThisMachineTests {
    @Test(arguments: ["http://127.0.0.1:8080/f/", "http://127.1.2.3/", "http://[::1]:9/", "http://[0:0:0:0:0:0:0:1]/",
                      "http://[::ffff:127.0.0.1]/", "http://localhost:80/", "https://LOCALHOST/", "http://user@127.0.0.1/"])
    func anAddressOfThisMachineIs(_ url: String) {
        #expect(ForecastEndpoint.isOnThisMachine(url))
    }

    @Test(arguments: ["http://127.remote.test/", "http://127.0.0.1.nip.test/", "http://128.0.0.1/", "http://[::2]/",
                      "http://localhost.test/", "http://127.0.0.256/", "http://[::ffff:10.0.0.1]/", "http://127.0.0.1@remote.test/",
                      "not a url"])
    func anyOtherHostIsNot(_ url: String) {
        #expect(!ForecastEndpoint.isOnThisMachine(url))
    }
}
