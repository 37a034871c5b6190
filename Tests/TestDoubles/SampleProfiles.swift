import ProfileKit

/// Profiles several test targets share.
package enum SampleProfiles {
    /// 2:00 warm-up, 30:00 sit with a bell every 7:00, 5:00 cool-down with a Gong.
    package static let run: Profile = {
        var profile = Profile(name: "Run", duration: .minutes(30))
        profile[segment: .warmUp] = Segment(type: .warmUp, enabled: true, duration: .minutes(2))
        profile[segment: .coolDown] = Segment(type: .coolDown, enabled: true, duration: .minutes(5),
                                              bellEnabled: true, bell: BellChoice(.gong))
        profile.intervals = Intervals(enabled: true, every: .minutes(7), bell: BellChoice(.tingsha))
        return profile
    }()
}
