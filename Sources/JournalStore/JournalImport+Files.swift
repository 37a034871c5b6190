import JournalCore
import LocalTime
import ProfileKit
import TextSupport

/// `log import`'s files, read one after another into one list of sits for
/// ``JournalFile/appendImported(_:places:keepLogged:dryRun:announce:)``.
extension JournalImport {
    /// What the files of an import held, together.
    package struct Gathered: Sendable {
        /// Every file's sits, the files in the order given and each file's in its own order; `byTime` for
        /// those of a file without ids (Insight Timer's), which are known again by their time.
        package var sits: [(sit: Sit, byTime: Bool)] = []
        /// Insight Timer's rows of no length, left out, in all the files.
        package var empty = 0
        /// Where each of ``sits`` was read, in the same order: for a conflict with the journal.
        package var places: [JournalFile.ImportPlace] = []
        /// The rows of other activities than `--activity` asked for, left out, in all the files.
        package var otherActivities = 0
    }

    /// Reads each of `paths` (`-` for standard input, named `<stdin>` in messages), as
    /// ``read(_:path:calendar:now:options:)`` reads one, and checks the ids across them: two sits of the
    /// import that share an id are one sit only when they are equal.
    ///
    /// - Parameter warning: gets each warning (`warning: …`, a torn last line left out; `note: …`, dates
    ///   that could be read either way) as soon as its file is read, so that those of the files before a
    ///   bad one are still said; and, once every file is read, a note when `--activity` took no row,
    ///   naming the activities the files hold.
    /// - Throws: what reading a file throws; ``JournalError/document(_:)`` (65) for an id another sit of
    ///   the import has, naming both places.
    package static func gather(_ paths: [String], calendar: LocalCalendar, now: Int, options: Options = Options(),
                               warning: (String) -> Void) throws(JournalError) -> Gathered {
        var gathered = Gathered()
        // Where each id was first seen: two sits that share one (a merge of two machines' edits) are
        // not one sit, and neither may be dropped as if it were.
        var seen: [String: (sit: Sit, file: Int, line: Int, byTime: Bool)] = [:]
        seen.reserveCapacity(1024)
        // Every row's activity across the files, for a `--activity` that takes none.
        var activities: [(name: String, count: Int)] = []
        for (index, path) in paths.enumerated() {
            let name = displayName(path)
            let bytes = try Self.contents(of: path)
            let read = try Self.read(bytes, path: name, calendar: calendar, now: now, options: options)
            for text in read.warnings { warning(text) }
            for (sit, line) in zip(read.sits, read.lines) {
                if let earlier = seen[sit.id] {
                    guard earlier.sit == sit else {
                        let place = "\(escapedPath(displayName(paths[earlier.file]))):\(earlier.line)"
                        // Insight Timer's rows have no id to change: their id is their start and length.
                        if earlier.byTime, !read.hasIDs {
                            throw JournalError.document(DocumentError(file: name, line: line, message: "this row and the one at \(place) have the same start and length (\(quoted(sit.start.text)), \(grouped(sit.seconds)) seconds) but another preset or activity, and Insight Timer's rows are told apart by their start and length alone: remove one of the two rows and import again"))
                        }
                        throw JournalError.document(DocumentError(file: name, line: line, message: "the id \(quoted(sit.id)) is another sit's too, at \(place); give one of them another id (1 to 64 letters, digits, '-' or '_') and import again"))
                    }
                    continue
                }
                seen[sit.id] = (sit, index, line, !read.hasIDs)
            }
            gathered.sits += read.sits.map { ($0, !read.hasIDs) }
            gathered.places += read.lines.map { JournalFile.ImportPlace(file: name, line: $0) }
            gathered.empty += read.empty
            gathered.otherActivities += read.otherActivities
            for (name, count) in read.activities {
                if let index = activities.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
                    activities[index].count += count
                } else {
                    activities.append((name, count))
                }
            }
        }
        if !options.activities.isEmpty, gathered.sits.isEmpty, gathered.otherActivities > 0 {
            warning(noneOfTheActivities(options.activities, found: activities))
        }
        return gathered
    }

    /// `note: no row is of the activity "Yogaa" (did you mean "Yoga"?); the files hold Meditation (12
    /// rows), Yoga (1 row)`: what a `--activity` that took no row is told.
    static func noneOfTheActivities(_ asked: [String], found: [(name: String, count: Int)]) -> String {
        let names = found.map(\.name)
        let list = asked.map { quoted($0, limit: 40) }.joined(separator: " or ")
        let guess = asked.count == 1 ? didYouMean(asked[0], in: names) : ""
        // The first ten, each cut to 40 characters: a message is bounded whatever the files hold.
        let held = found.prefix(10).map { "\(escaped($0.name, limit: 40)) (\(JournalMessages.count($0.count, "row")))" }.joined(separator: ", ")
        let more = found.count > 10 ? " and \(grouped(found.count - 10)) more" : ""
        return "note: no row is of the activity \(list)\(guess); the files hold \(held)\(more)"
    }

    /// How messages name the file at `path`: `<stdin>` for `-`.
    private static func displayName(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }
}

extension JournalImport {
    /// Refuses a `log import` of no file, or of standard input (`-`) more than once.
    package static func checkFiles(_ paths: [String]) throws(JournalError) {
        guard !paths.isEmpty else {
            throw JournalError.invalidOption("", option: "log import", accepted: "one file or more: Insight Timer's CSV export, profile's CSV or a journal; - for standard input")
        }
        guard paths.filter({ $0 == "-" }).count < 2 else {
            throw JournalError.invalidOption("-", option: "log import", accepted: "standard input (-) once")
        }
    }

    /// `--activity`'s names, checked as text is (``Sit/checkedText(_:option:)``): a name without control
    /// or invisible characters, and not blank.
    package static func checkActivities(_ names: [String]) throws(JournalError) -> [String] {
        var checked: [String] = []
        for name in names {
            if let name = try Sit.checkedText(name.trimmingWhitespace().isEmpty ? name : name.trimmingWhitespace(), option: "--activity") {
                checked.append(name)
            }
        }
        return checked
    }
}
