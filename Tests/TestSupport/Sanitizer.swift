import Foundation
import Testing

/// Whether the tests run under a sanitizer (`Scripts/reliability --sanitizers` sets `PROFILE_SANITIZER`).
///
/// The suites that measure sounds from their samples (seconds of audio through FFTs, envelopes and a
/// loudness meter) are left out there: they are safe array arithmetic on one thread, which neither
/// AddressSanitizer nor ThreadSanitizer checks beyond Swift's own bounds checks, and under them they
/// took four of CI's minutes. `make check` runs them, in the ordinary build.
public enum Sanitizer {
    public static let isOn = ProcessInfo.processInfo.environment["PROFILE_SANITIZER"] != nil
    public static let note: Comment = "sound measurements run in make check, not under a sanitizer"

    /// The cases a property test draws under a sanitizer: its first `count`, where a sanitizer makes each
    /// case several times slower and what it looks for (a stray read or write in Files, the journal's
    /// readers, the JSON parser) shows in the first few seeds as much as in all of them; every case in
    /// `make check`. For seeds and places alike, not for cases that differ in kind.
    public static func fewer<Case>(_ cases: [Case], keeping count: Int) -> [Case] {
        isOn ? Array(cases.prefix(count)) : cases
    }
}
