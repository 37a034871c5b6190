import ProfileKit
import TextSupport

/// The one rule of a sit that comes in from outside the run that sat it: the record of a dead run's sit
/// in progress (``SitRecordFolder``), a row of `log import` (``JournalImport``). It is what `log add`
/// obeys: a sit has happened (it ended by now, after it started), its seconds sat fit within its span
/// (the span also holds its pauses, so it is never shorter than the seconds), and it lasts at most a
/// day (``addedLengths``).
extension Sit {
    /// The most seconds a sit may have sat: a day, as `log add` takes one.
    package static var longestSit: Int { addedLengths.upperBound }

    /// Refuses (65) a sit that could not have happened by `now` (seconds since 1970): one that ends
    /// before it starts or after `now`, whose seconds sat exceed its span (its end less its start), or
    /// that sat more than ``longestSit``. The error is a ``JournalError/document(_:)`` at `file` and
    /// `line` (each left out when nil), its message the reason and what would be taken.
    package func checkPlausible(now: Int, file: String? = nil, line: Int? = nil) throws(JournalError) {
        func refuse(_ message: String) -> JournalError {
            .document(DocumentError(file: file, line: line, message: message))
        }
        guard end.epoch >= start.epoch else {
            throw refuse("end: a time before the start (\(end.text) is before \(start.text)): a sit ends after it starts")
        }
        guard start.epoch <= now else {
            throw refuse("a sit still to come (it starts at \(start.text)): a sit is logged once it has ended")
        }
        guard end.epoch <= now else {
            throw refuse("a sit still to come (it ends at \(end.text)): a sit is logged once it has ended")
        }
        let span = end.epoch - start.epoch
        guard seconds <= span else {
            let paused = pausedSeconds > 0 ? ", \(grouped(pausedSeconds)) of them paused" : ""
            throw refuse("seconds: \(grouped(seconds)) seconds sat between \(start.text) and \(end.text), which are \(grouped(span)) seconds apart\(paused): expected at most the seconds from the start to the end")
        }
        guard seconds <= Self.longestSit else {
            throw refuse("seconds: \(grouped(seconds)) seconds sat: expected a sit of at most 24 hours (\(grouped(Self.longestSit)) seconds), as 'log add' takes one")
        }
    }
}
