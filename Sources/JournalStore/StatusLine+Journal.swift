import JournalCore
import LocalTime
import ProfileKit
import TextSupport

/// `profile status` and `remind ring --unless-met` over the journal, the settings and the cache: the
/// figures of ``PracticeStatus`` and the line of ``StatusLine`` (JournalCore) as read from the files.
extension StatusLine {
    /// Whether today's daily goal is met, for `remind ring` of a reminder added `--unless-met`: false
    /// without a goal, and when the journal or the settings cannot be read (a reminder rings rather than
    /// stay quiet by mistake).
    package static func goalMet(environment: [String: String], passwordHome: () -> String?, now: Int, calendar: LocalCalendar) -> Bool {
        guard let file = try? opened(flag: nil, environment: environment, passwordHome: passwordHome, zone: calendar.zone),
              let goal = try? PracticeSettings.goal(environment: environment, homeFallback: passwordHome),
              let status = try? StatusCache.status(file: file, goal: goal, cache: nil,
                                                   records: SitRecordFolder.location(environment: environment, homeFallback: passwordHome).map(SitRecordFolder.init(path:)),
                                                   now: now, calendar: calendar) else { return false }
        return status.todaySeconds >= goal
    }

    /// The journal `--journal` (`flag`) names, opened as every journal command opens it
    /// (``JournalFile/named(flag:environment:passwordHome:report:)``: an empty flag refused, the lock
    /// timeout read); nil when no home is known to hold one, which `status` takes as no journal yet. It
    /// reports nothing: `status` reads, and is silent on standard error.
    static func opened(flag: String?, environment: [String: String], passwordHome: () -> String?, zone: Zone) throws(JournalError) -> JournalFile? {
        guard flag != nil || JournalFile.location(flag: nil, environment: environment, homeFallback: passwordHome) != nil else { return nil }
        return try JournalFile.named(flag: flag, environment: environment, passwordHome: passwordHome, zone: zone, report: { _ in })
    }

    /// The line of `profile status` (with its newline), and the class of the failure when there is one
    /// (the caller makes it the exit status, as every error's): an empty line and no failure when there
    /// is no journal yet; an empty line and the failure's class (data for a damaged journal or settings
    /// file) otherwise. Nothing is said on standard error: a prompt shows no error.
    ///
    /// - Parameter undecodable: what is wrong with the environment when a variable is not UTF-8 (the
    ///   failure every journal command gives for it), nil when nothing is.
    package static func run(format: String?, journalFlag: String?, environment: [String: String],
                            passwordHome: () -> String?, now: Int, calendar: LocalCalendar, undecodable: String? = nil) -> (line: String, failure: ErrorCategory?) {
        do throws(JournalError) {
            if let undecodable { throw .configuration(undecodable) }
            guard let file = try opened(flag: journalFlag, environment: environment, passwordHome: passwordHome, zone: calendar.zone) else {
                return ("\n", nil)
            }
            let goal = try PracticeSettings.goal(environment: environment, homeFallback: passwordHome)
            let cache = StoreLocation.baseFolder("XDG_CACHE_HOME", else: ".cache", environment: environment, homeFallback: passwordHome)
                .map { "\($0)/profile/status" }
            let records = SitRecordFolder.location(environment: environment, homeFallback: passwordHome).map(SitRecordFolder.init(path:))
            guard let status = try StatusCache.status(file: file, goal: goal, cache: cache, records: records, now: now,
                                                      calendar: calendar) else {
                return ("\n", nil)
            }
            return (line(status, format: format) + "\n", nil)
        } catch {
            return ("\n", error.category)
        }
    }
}
