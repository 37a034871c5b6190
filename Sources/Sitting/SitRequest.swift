import LocalTime
import ProfileKit
import TextSupport

/// What `run` is asked to sit: a profile of the store, the profile run last, or a quick sit of a length.
package enum SitRequest {
    /// The profile `run` runs when it is given no name and none was run before.
    package static let defaultName = "Default"
    /// The name a quick sit (`run 20m`) goes by.
    package static let quickSitName = "Quick sit"

    /// The profile to run, and whether it is a quick sit: `name`'s profile; else, when `name` reads as a
    /// length, a quick sit of that length (the default bells, no warm-up, cool-down or interval bells);
    /// with no name, the sit run last (a profile, or a quick sit of its length, issue 50), else Default
    /// (as a new profile, when there is none). With no name, `say` is told what runs, as a line.
    ///
    /// - Parameter warn: told, as a line, why the profile run last is not run (its file is unreadable, or
    ///   the profile is gone): Default runs then.
    /// - Throws: ``ProfileError/profileNotFound(_:suggestion:)`` for a word that names no profile,
    ///   ``ProfileError/invalidOption(_:option:accepted:)`` for what starts as a number but is no length,
    ///   and the store's errors.
    package static func resolve(name: String?, store: some ProfileStore, lastRun: LastRun?,
                                warn: (String) -> Void, say: (String) -> Void = { _ in }) throws(ProfileError) -> (Profile, quick: Bool) {
        guard let name else {
            // The sit run last is a convenience: a file that does not hold it is said, and Default runs.
            let remembered: LastRun.Sit?
            do throws(ProfileError) {
                remembered = try lastRun?.sit()
            } catch {
                warn("warning: \(error); running \(quoted(defaultName))")
                remembered = nil
            }
            switch remembered {
            case let .quick(seconds):
                let length = TimerDuration(seconds: seconds)
                say("running the sit run last: a quick sit of \(length.formatted)")
                return (Profile(name: quickSitName, duration: length), true)
            case let .profile(last):
                do throws(ProfileError) {
                    let profile = try store.load(last).profile
                    say("running the sit run last: \(quoted(profile.name))")
                    return (profile, false)
                } catch {
                    guard case .profileNotFound = error else { throw error }
                    warn("warning: the profile run last, \(quoted(last)), is gone: running \(quoted(defaultName))")
                }
            case nil:
                break
            }
            do throws(ProfileError) {
                return (try store.load(defaultName).profile, false)
            } catch {
                guard case .profileNotFound = error else { throw error }
                return (Profile(name: defaultName), false)
            }
        }
        do throws(ProfileError) {
            return (try store.load(name).profile, false)
        } catch {
            switch error {
            case .profileNotFound, .invalidName: break
            default: throw error
            }
            let notFound = error
            let length: TimerDuration
            do throws(DurationError) {
                length = try TimerDuration(parsing: name)
            } catch {
                // Neither: a word is said to name no profile; what starts as a number, to be no length either.
                guard name.first?.isASCII == true, name.first?.isNumber == true else { throw notFound }
                throw ProfileError.invalidOption(name, option: "profile or length",
                                                 accepted: "the name of a profile (none has this name) or a length, which this is not: \(error.reason); a length is \(TimerDuration.acceptedForms)")
            }
            try SegmentType.main.validate(length)
            return (Profile(name: quickSitName, duration: length), true)
        }
    }
}
