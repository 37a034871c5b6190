import Players
import Desktop
import Files
import ProfileKit
import TextSupport

/// What a reminder's timer runs (`profile remind ring ID`): the notification's words and the soft bell.
package enum ReminderRing {
    /// `Time to sit: Morning, 37:00`, read from the store the reminder names; `Time to sit: Morning (no
    /// longer a profile)` when it has gone, `(its file cannot be read)` when it cannot be read, and
    /// `Time to sit` for a reminder that names no profile. Names are escaped and bounded.
    package static func summary(_ reminder: Reminder) -> String {
        guard let name = reminder.profile else { return "Time to sit" }
        let shown = escaped(name, limit: 100)
        let store = FileProfileStore(directory: reminder.store ?? "/nonexistent")
        do throws(ProfileError) {
            let stored = try store.load(name)
            return "Time to sit: \(escaped(stored.profile.name, limit: 100)), \(ProfileSummary(stored.profile).total)"
        } catch {
            if case .profileNotFound = error { return "Time to sit: \(shown) (no longer a profile)" }
            return "Time to sit: \(shown) (its file cannot be read)"
        }
    }

    /// `Reminder 3: 06:30, mon-fri`: the notification's body.
    package static func body(_ reminder: Reminder) -> String {
        "Reminder \(reminder.id): \(reminder.time), \(reminder.days)"
    }

    /// Rings the default bell at half volume on the players `environment` finds and waits for it to end (a one-shot
    /// service's player would be stopped with it); with no player, nothing.
    package static func ringSoftBell(environment: [String: String], library: SoundLibrary?) {
        let ringer = SystemBellRinger(environment: environment, terminalBell: nil, volume: 50, library: library, clock: .live)
        let report = ringer.ring(BellChoice(.builtIn(.default)))
        guard report.via != SystemBellRinger.noSound else { return }
        ringer.ringOut { seconds in
            POSIX.sleep(seconds: seconds)
            return false
        }
    }
}
