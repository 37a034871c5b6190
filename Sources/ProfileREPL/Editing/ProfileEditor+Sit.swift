import ProfileKit
import Screens
import TextSupport
import Sitting

/// The sit from the profile screen: `plan` and `run`, of the profile as it is in the editor.
extension ProfileEditor {
    func plan(start: String?) throws(ScreenError) -> String {
        let profile = self.profile
        return try screen { () throws(ProfileError) in
            let time = try start.map { text throws(ProfileError) -> ClockTime in
                try ClockTime.start(text, now: timeOfDay())
            }
            return ProfileRenderer.plan(Timeline(profile: profile), name: profile.name, start: time, format: .table,
                                        catalog: sounds())
        }
    }

    func run(options: [String]) throws(ScreenError) -> String {
        guard let runSit else { throw .usage("run needs the profile program: use 'profile run \(name)'") }
        // The profile as it is here, saved or not (a script saves at its end).
        do {
            return try runSit(profile, options)
        } catch {
            throw .refused(error)
        }
    }
}
