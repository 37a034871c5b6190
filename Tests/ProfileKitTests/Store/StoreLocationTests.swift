import Testing
@testable import ProfileKit

/// Where the store is, and the settings read from the environment: a value that does not make sense
/// is ignored as the XDG specification says, or refused, never quietly taken as something else.
@Suite("Store location")
struct StoreLocationTests {
    @Test func aRelativeHomeIsIgnoredAsARelativeXDGVariableIs() {
        let passwd = { () -> String? in "/home/from-passwd" }
        #expect(StoreLocation.resolve(flag: nil, environment: ["HOME": "/home/me"], homeFallback: passwd) == "/home/me/.config/profile/profiles")
        #expect(StoreLocation.resolve(flag: nil, environment: ["HOME": "relative"], homeFallback: passwd) == "/home/from-passwd/.config/profile/profiles")
        #expect(StoreLocation.resolve(flag: nil, environment: ["HOME": "", "XDG_CONFIG_HOME": "cfg"], homeFallback: passwd)
                == "/home/from-passwd/.config/profile/profiles")
        #expect(StoreLocation.resolve(flag: nil, environment: ["HOME": "."]) == nil, "no home at all: the caller says so (78)")
        #expect(StoreLocation.resolve(flag: nil, environment: ["HOME": "relative"], homeFallback: { "also/relative" }) == nil)
        #expect(StoreLocation.historyFile(environment: ["HOME": "relative"], homeFallback: passwd) == "/home/from-passwd/.local/state/profile/history")
        // What the user names outright is taken as given, relative or not.
        #expect(StoreLocation.resolve(flag: "here", environment: ["HOME": "relative"]) == "here")
        #expect(StoreLocation.resolve(flag: nil, environment: ["PROFILE_STORE": "there", "HOME": "relative"]) == "there")
    }

    struct TimeoutCase: CustomTestStringConvertible, Sendable {
        let value: String?
        /// The seconds, or nil for a refusal.
        let seconds: Double?
        var testDescription: String { value.map { "PROFILE_LOCK_TIMEOUT=\($0)" } ?? "unset" }
    }

    static let timeouts: [TimeoutCase] = [
        TimeoutCase(value: nil, seconds: 5), TimeoutCase(value: "", seconds: 5), TimeoutCase(value: "0", seconds: 0),
        TimeoutCase(value: "0.5", seconds: 0.5), TimeoutCase(value: "3600", seconds: 3600), TimeoutCase(value: "12", seconds: 12),
        TimeoutCase(value: "abc", seconds: nil), TimeoutCase(value: "-1", seconds: nil), TimeoutCase(value: "3601", seconds: nil),
        TimeoutCase(value: "1e3", seconds: nil), TimeoutCase(value: "nan", seconds: nil), TimeoutCase(value: "inf", seconds: nil),
        TimeoutCase(value: " 5", seconds: nil), TimeoutCase(value: "5s", seconds: nil), TimeoutCase(value: ".5", seconds: nil),
        TimeoutCase(value: "0x10", seconds: nil),
    ]

    @Test(arguments: timeouts)
    func theLockTimeoutIsANumberOfSecondsFrom0To3600(_ c: TimeoutCase) throws {
        let environment = c.value.map { ["PROFILE_LOCK_TIMEOUT": $0] } ?? [:]
        if let seconds = c.seconds {
            #expect(try StoreLocation.lockTimeout(environment: environment) == seconds)
        } else {
            let value = try #require(c.value)
            #expect(throws: ProfileError.configuration(
                "invalid PROFILE_LOCK_TIMEOUT \"\(value)\": use a number of seconds from 0 to 3600, such as 5 or 0.5")) {
                try StoreLocation.lockTimeout(environment: environment)
            }
        }
    }
}
