import LocalTime
import TextSupport

/// `--start`'s grammar: when a sit started, as people say it.
package enum StartArgument {
    /// What `--start` accepts, for its errors.
    static let accepted = "a time as HH:MM (today), 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' (local) or ISO 8601 with an offset, such as '2026-11-23 07:15'"

    /// `text` as seconds since 1970: `HH:MM[:SS]` today, `today HH:MM`, `yesterday HH:MM`,
    /// `YYYY-MM-DD HH:MM[:SS]` (or with a `T`), all in local time; or ISO 8601 with its offset
    /// (`2026-11-23T07:15:00+01:00`, `…Z`), the moment it names.
    ///
    /// - Throws: ``JournalError/invalidOption(_:option:accepted:)`` naming `--start`; a local time the
    ///   clock skipped when it was put forward is said so.
    package static func parse(_ text: String, calendar: LocalCalendar, now: Int) throws(JournalError) -> Int {
        let trimmed = text.trimmingWhitespace()
        if let stamp = Timestamp(parsing: trimmed) { return stamp.epoch }
        var parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "T" })
        // A time alone is today's.
        if parts.count == 1, parts[0].contains(":") { parts.insert("today", at: 0) }
        guard parts.count == 2 else { throw JournalError.invalidOption(text, option: "--start", accepted: accepted) }
        let day: Int
        do throws(JournalError) {
            day = try DayArgument.parse(String(parts[0]), option: "--start", today: calendar.day(of: now))
        } catch {
            throw JournalError.invalidOption(text, option: "--start", accepted: accepted)
        }
        let date = CivilDate.fromDays(day)
        // The hour may be one digit (6:05), as people write it; minutes and seconds are two.
        guard let time = TimeOfDay.seconds(parts[1]) else { throw JournalError.invalidOption(text, option: "--start", accepted: accepted) }
        guard let epoch = calendar.epoch(year: date.year, month: date.month, day: date.day, hour: time / 3600, minute: time / 60 % 60,
                                         second: time % 60) else {
            throw JournalError.invalidOption(text, option: "--start", accepted: "a time the local clock showed: this one was skipped when it was put forward")
        }
        return epoch
    }
}

/// The rules of sits added and edited by hand (`log add`, `log edit`): a sit is logged once it has
/// ended, lasts 1 second to 24 hours, and starts and ends at moments the journal can record.
extension Sit {
    /// The lengths a sit added by hand may have.
    package static let addedLengths = 1...(24 * 3600)

    /// `--duration`'s length in seconds, 1 second to 24 hours.
    package static func addedLength(_ text: String) throws(JournalError) -> Int {
        let length = try JournalError.refusing { () throws(DurationError) in try TimerDuration(parsing: text) }.seconds
        guard addedLengths.contains(length) else {
            throw JournalError.invalidOption(text, option: "--duration", accepted: "a length from 1 second to 24 hours, such as 20m")
        }
        return length
    }

    /// The sit `log add` logs: `duration` long, started at `start` (`--start`, ``StartArgument``) or
    /// ended `now`; completed, as planned, with no bells.
    ///
    /// - Parameter zoneName: TZ's value, named when the local clock is more than a day off UTC.
    /// - Throws: ``JournalError/invalidOption(_:option:accepted:)`` for a start still to come, a sit not
    ///   ended by `now`, a length out of range, a profile or note with control characters, a moment the
    ///   journal cannot record.
    package static func added(start: String?, duration: String, profile: String?, note: String?,
                              calendar: LocalCalendar, now: Int, zoneName: String?) throws(JournalError) -> Sit {
        let length = try addedLength(duration)
        let begin: Int
        if let start {
            begin = try StartArgument.parse(start, calendar: calendar, now: now)
            guard begin <= now else {
                throw JournalError.invalidOption(start, option: "--start", accepted: "a time that has come: a sit is logged once it has happened")
            }
            guard begin + length <= now else {
                throw JournalError.invalidOption(duration, option: "--duration",
                                                 accepted: "a length that has passed since --start: a sit is logged once it has ended")
            }
        } else {
            begin = now - length
        }
        try calendar.checkRecordable(begin, zoneName: zoneName)
        try calendar.checkRecordable(begin + length, zoneName: zoneName)
        return Sit(start: calendar.timestamp(begin), end: calendar.timestamp(begin + length),
                   profile: try checkedText(profile, option: "--profile"), seconds: length,
                   plannedSeconds: length, outcome: .completed, bells: 0,
                   note: try checkedText(note, option: "--note"))
    }

    /// What `log edit` changes, checked as far as it can be before the sit is read.
    package struct Edit {
        /// The new start (seconds since 1970), as `--start` gave it, and its text.
        var start: (epoch: Int, text: String)?
        /// The new length in seconds, and `--duration`'s text.
        var length: (seconds: Int, text: String)?
        /// The new profile: nil to keep it, `.some(nil)` for none.
        var profile: String??
        /// The new note: nil to keep it, `.some(nil)` for none.
        var note: String??

        /// The edit the options say; at least one must be given, and `--no-profile`/`--no-note` each
        /// refuse their own option beside them.
        package init(id: String, start: String?, duration: String?, profile: String?, noProfile: Bool, note: String?, noNote: Bool,
                     calendar: LocalCalendar, now: Int) throws(JournalError) {
            guard start != nil || duration != nil || profile != nil || noProfile || note != nil || noNote else {
                throw JournalError.invalidOption(id, option: "log edit", accepted: "at least one of --start, --duration, --profile, --no-profile, --note, --no-note")
            }
            if noProfile, let profile { throw JournalError.invalidOption(profile, option: "--profile", accepted: "no --profile with --no-profile") }
            if noNote, let note { throw JournalError.invalidOption(note, option: "--note", accepted: "no --note with --no-note") }
            self.start = try start.map { text throws(JournalError) in (try StartArgument.parse(text, calendar: calendar, now: now), text) }
            length = try duration.map { text throws(JournalError) in (try Sit.addedLength(text), text) }
            if noProfile { self.profile = .some(nil) } else if let profile { self.profile = .some(try Sit.checkedText(profile, option: "--profile")) }
            if noNote { self.note = .some(nil) } else if let note { self.note = .some(try Sit.checkedText(note, option: "--note")) }
        }
    }

    /// This sit with `edit` made, at `now`: the end moves with the start and the length (pauses kept),
    /// a planned length that was the length follows it (and no sit is sat longer than planned), an
    /// open-ended sit stays open. The breathing a run led is kept as it was (`log edit` and `log add`
    /// set none); a length shorter than it is refused.
    ///
    /// - Throws: ``JournalError/invalidOption(_:option:accepted:)`` for a start still to come, a sit that
    ///   would not have ended by `now`, a moment the journal cannot record.
    package func edited(_ edit: Edit, calendar: LocalCalendar, now: Int, zoneName: String?) throws(JournalError) -> Sit {
        var sit = self
        if edit.start != nil || edit.length != nil {
            let from = edit.start?.epoch ?? start.epoch
            let seconds = edit.length?.seconds ?? self.seconds
            guard from <= now else {
                throw JournalError.invalidOption(edit.start?.text ?? "", option: "--start", accepted: "a time that has come: a sit is logged once it has happened")
            }
            let ended = from + seconds + pausedSeconds
            guard ended <= now else {
                throw JournalError.invalidOption(edit.length?.text ?? edit.start?.text ?? "", option: edit.length == nil ? "--start" : "--duration",
                                                 accepted: "a sit that has ended by now (it would end at \(calendar.dateAndTime(ended)))")
            }
            // The breathing a run led lies within the sit: a length shorter than it would be a line no reader takes.
            if let breathing, seconds < breathing.seconds {
                throw JournalError.invalidOption(edit.length?.text ?? "", option: "--duration",
                                                 accepted: "a length of at least \(TimerDuration(seconds: breathing.seconds).formatted), the breathing the run led in this sit")
            }
            try calendar.checkRecordable(from, zoneName: zoneName)
            try calendar.checkRecordable(ended, zoneName: zoneName)
            if edit.start != nil { sit.start = calendar.timestamp(from) }
            sit.end = calendar.timestamp(ended)
            if let planned = plannedSeconds, planned == self.seconds || seconds > planned { sit.plannedSeconds = seconds }
            sit.seconds = seconds
        }
        if let profile = edit.profile { sit.profile = profile }
        if let note = edit.note { sit.note = note }
        return sit
    }
}
