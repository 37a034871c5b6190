import JournalCore
import LocalTime
import Files
import ProfileKit
import TextSupport

extension JournalFile {
    /// The journal a command line names: `--journal FILE` (`flag`), else `PROFILE_JOURNAL`, else
    /// `${XDG_DATA_HOME:-$HOME/.local/share}/profile/journal.jsonl`, with the lock timeout the
    /// environment sets, in `zone` (what names its damaged-lines files); `report` is told its repairs and warnings.
    ///
    /// - Throws: ``JournalError/invalidOption(_:option:accepted:)`` for an empty `--journal`,
    ///   ``JournalError/configuration(_:)`` when no home is known or the lock timeout is not a number.
    package static func named(flag: String?, environment: [String: String], passwordHome: () -> String?, zone: Zone,
                              report: @escaping @Sendable (String) -> Void) throws(JournalError) -> JournalFile {
        if flag == "" { throw JournalError.invalidOption("", option: "--journal", accepted: "the path of a file, such as ~/sits.jsonl") }
        guard let path = location(flag: flag, environment: environment, homeFallback: passwordHome) else {
            throw JournalError.configuration("cannot find the journal: HOME is not set (or is not an absolute path) and the password database names no home folder; use --journal FILE or set PROFILE_JOURNAL")
        }
        let timeout = try JournalError.refusing { () throws(ProfileError) in try StoreLocation.lockTimeout(environment: environment) }
        return JournalFile(path: path, lockTimeout: timeout, zone: zone, report: report)
    }
}

extension SitRecordFolder {
    /// The longest a recovery waits for a journal's lock, in seconds: an append holds it for a moment, so
    /// a lock held longer is a stuck one (said, and waited for once a command, not once a record).
    package static let recoveryLockTimeout = 1.0

    /// Logs the sits of runs that were cut off (killed, or the machine lost its power) from the records
    /// they left (``recover(journal:stamp:now:)``), each in the journal it names, and tells `say` one
    /// line for each: `recovered a sit cut off at 06:41: Morning, 18:00 of 30:00`. Nothing here fails
    /// the command: a record that cannot be logged stays, with a warning, for the next one. Every
    /// command that reads or writes a journal calls it once its own arguments are checked.
    ///
    /// - Parameters:
    ///   - current: the journal of the command, whose lock timeout (at most ``recoveryLockTimeout``) and
    ///     report every journal recovered into takes; a sit logged elsewhere names its journal.
    ///   - now: the wall clock's time, for the file stamp of moved records and "today".
    package static func recoverCutOffSits(current: JournalFile, environment: [String: String], passwordHome: () -> String?,
                                          now: Int, calendar: LocalCalendar, say: (String) -> Void) {
        guard let folder = location(environment: environment, homeFallback: passwordHome) else { return }
        let records = SitRecordFolder(path: folder)
        let timeout = min(current.lockTimeout, recoveryLockTimeout)
        let report = current.report
        let recoveries = records.recover(
            // Recovery is housekeeping: it waits for a journal's lock less than the command's own work does.
            journal: { path in JournalFile(path: path, lockTimeout: timeout, zone: calendar.zone, report: report) },
            stamp: calendar.fileStamp(now), now: now)
        let here = POSIX.realPath(current.path)
        for recovery in recoveries {
            switch recovery {
            case .logged(let record):
                let elsewhere = here == nil || POSIX.realPath(record.journal) != here
                say("recovered a sit \(describe(record, calendar: calendar, now: now))\(elsewhere ? " (logged in \(escapedPath(record.journal)))" : "")")
            case .alreadyLogged, .tooShort, .waiting:
                break
            case .failed(let record, let error):
                let path = records.recordPath(id: record.sit.id)
                say("warning: could not log the sit \(describe(record, calendar: calendar, now: now)): \(error); its record, \(escapedPath(path)), stays for the next command (remove it to drop the sit)")
            case .unreadable(let path, let problem, let aside):
                // The problem is this program's own text, its values quoted and escaped already.
                say("warning: \(escapedPath(path)): not a record of a sit in progress: \(problem); moved it to \(escapedPath(aside))")
            case .stuck(let path, let problem):
                say("warning: \(escapedPath(path)): not a record of a sit in progress: \(problem); it could not be moved aside: move or remove it by hand")
            case .notRemoved(let path, let error):
                say("warning: \(error): remove \(escapedPath(path)) by hand, or a sit deleted from the journal comes back from it")
            case .untrustedFolder(let path, let problem):
                say("warning: \(escapedPath(path)): not reading the records of sits in progress from it, since it is not yours alone: it is \(problem)")
            }
        }
    }

    /// `cut off at 06:41: Morning, 18:00 of 30:00`, the date too when it was not today; for the sit of a
    /// run that ended but could not write the journal, `completed at 06:41, not logged then: …`.
    static func describe(_ record: SitRecord, calendar: LocalCalendar, now: Int) -> String {
        let epoch = record.written.epoch
        let when = calendar.day(of: epoch) == calendar.day(of: now) ? calendar.timeOfDay(epoch) : calendar.dateAndTime(epoch)
        let sit = record.sit
        let how = sit.outcome == .interrupted ? "cut off at \(when)" : "\(sit.outcome.rawValue) at \(when), not logged then"
        return "\(how): \(sit.profile.map { escaped($0) } ?? "no profile"), \(sit.lengthText)"
    }
}
