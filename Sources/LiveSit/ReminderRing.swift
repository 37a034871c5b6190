#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
    ///
    /// The wait is for signals: a player's end (SIGCHLD) ends it at once, or lets the ringer hand the bell
    /// to the next player when one failed; SIGTERM (the service stopped), SIGINT or SIGHUP stop the bell
    /// and end the player's whole group rather than leave it playing on its own.
    package static func ringSoftBell(environment: [String: String], library: SoundLibrary?) {
        let ringer = SystemBellRinger(environment: environment, terminalBell: nil, volume: 50, library: library, clock: .live)
        let signals = SignalPipe(signals: [SIGCHLD, SIGTERM, SIGINT, SIGHUP], keepIgnored: [SIGINT, SIGHUP], noChildStop: true)
        defer { signals.restore() }
        let report = ringer.ring(BellChoice(.builtIn(.default)))
        guard report.via != SystemBellRinger.noSound else { return }
        ringer.ringOut { seconds in
            signals.wait(upTo: seconds).contains { $0 != SIGCHLD }
        }
    }
}
