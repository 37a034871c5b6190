import JournalCore
import LocalTime
import ProfileKit
import TextSupport

extension JournalFile.Imported {
    /// What `log import` prints, ending in a newline: `added 3 sits, skipped 2 already logged, kept 1
    /// conflicting sit as logged, left out 1 row of no length`, the last three parts only when there is
    /// something to say (the conflicts kept only with `--keep-logged`). With `dryRun`, a line
    /// `would add: …` for each sit first, and the summary in the conditional (`would add 3 sits, skip 2
    /// already logged, leave out 1 row of no length`).
    ///
    /// `--activity` adds `left out 12 rows of other activities` (`…of no length and 12 rows of other
    /// activities` after the rows of no length).
    ///
    /// - Parameter empty: Insight Timer's rows of no length the files held (``JournalImport/Gathered/empty``).
    /// - Parameter otherActivities: the rows `--activity` left out (``JournalImport/Gathered/otherActivities``).
    package func summary(empty: Int, otherActivities: Int = 0, dryRun: Bool, calendar: LocalCalendar) -> String {
        var text = ""
        if dryRun {
            for sit in added { text += "would add: \(JournalRenderer.describe(sit, calendar: calendar))\n" }
        }
        text += "\(dryRun ? "would add" : "added") \(JournalMessages.count(added.count, "sit"))"
        if skipped > 0 { text += ", \(dryRun ? "skip" : "skipped") \(grouped(skipped)) already logged" }
        if kept > 0 { text += ", \(dryRun ? "keep" : "kept") \(JournalMessages.count(kept, "conflicting sit")) as logged" }
        if empty > 0 { text += ", \(dryRun ? "leave out" : "left out") \(JournalMessages.count(empty, "row")) of no length" }
        if otherActivities > 0 {
            text += "\(empty > 0 ? " and" : ", \(dryRun ? "leave out" : "left out")") \(JournalMessages.count(otherActivities, "row")) of other activities"
        }
        return text + "\n"
    }
}

extension JournalFile.Check {
    /// What `log check` prints on standard output for a journal with no damaged line, ending in a
    /// newline: `journal.jsonl: 12 sits, no damaged line`, or `journal.jsonl: no journal yet, so no
    /// damaged line` when there is no file.
    ///
    /// - Parameter path: the journal's path as given (shown escaped).
    package func undamagedReport(path: String) -> String {
        guard exists else { return "\(escapedPath(path)): no journal yet, so no damaged line\n" }
        return "\(escapedPath(path)): \(JournalMessages.count(sits, "sit")), no damaged line\n"
    }

    /// `log check`'s last diagnostic when lines are damaged, after each of them: `journal.jsonl: 2
    /// damaged lines of 1,204; run 'profile log repair' to move damaged lines aside`.
    package func damagedSummary(path: String) -> String {
        "\(escapedPath(path)): \(JournalMessages.count(damaged.count, "damaged line")) of \(grouped(lines)); \(JournalFile.repairHint)"
    }
}

extension JournalFile.Repair {
    /// What `log repair` prints when it moves lines, ending in a newline: `moved: <the line's error>` for
    /// each (each cut to `lineLimit` bytes, as diagnostics are), then `moved 2 damaged lines to
    /// journal.damaged-20261124T063000.jsonl; the journal keeps 1,202 of its 1,204 lines`.
    package func movedReport(lineLimit: Int) -> String {
        var text = ""
        for line in moved { text += diagnosticLine("moved: \(line.error)", limit: lineLimit) + "\n" }
        text += "moved \(JournalMessages.count(moved.count, "damaged line")) to \(escapedPath(damagedFile ?? "")); "
            + "the journal keeps \(grouped(kept)) of its \(JournalMessages.count(check.lines, "line"))\n"
        return text
    }

    /// What `log repair` prints when it moved nothing, ending in a newline: `journal.jsonl: no damaged
    /// line; nothing to repair`, or `… no journal yet; nothing to repair`.
    ///
    /// - Parameter path: the journal's path as given (shown escaped), not the file a link leads to.
    package func nothingToRepair(path: String) -> String {
        check.exists ? "\(escapedPath(path)): no damaged line; nothing to repair\n" : "\(escapedPath(path)): no journal yet; nothing to repair\n"
    }
}

extension JournalFile {
    /// The warning for `log add --profile NAME` when no profile of the store is named so and no sit of
    /// this journal was logged with the name (names compared as profile names are): most likely a typo,
    /// logged anyway, with the closest name of either: `warning: no profile "Mornign" — logged anyway;
    /// did you mean "Morning"?`. Nil when the name is known. A journal that cannot be read counts as
    /// holding no names.
    ///
    /// - Parameter storeNames: the names of the store's profiles (none when the store cannot be read).
    package func unknownProfileWarning(_ name: String, storeNames: [String]) -> String? {
        let key = ProfileName.key(name)
        if storeNames.contains(where: { ProfileName.key($0) == key }) { return nil }
        var logged: Set<String> = []
        for sit in (try? read()) ?? [] { if let profile = sit.profile { logged.insert(profile) } }
        if logged.contains(where: { ProfileName.key($0) == key }) { return nil }
        let closest = closestMatch(to: name, in: storeNames + logged.sorted())
        return "warning: no profile \(quoted(name)) — logged anyway\(closest.map { "; did you mean \(quoted($0))?" } ?? "")"
    }
}
