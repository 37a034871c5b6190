#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LocalTime
import Sound
import JournalCore
import ProfileKit
import ProfileREPL
import TableKit
import TestDoubles

/// What must hold for any input, checked by the libFuzzer targets (Scripts/fuzz) and replayed over the
/// corpus by the tests. A violated property stops the process, which is what a fuzzer reports.
package enum FuzzChecks {
    /// The duration parser throws or returns; what it returns formats and parses back to itself.
    package static func duration(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let duration = try? TimerDuration(parsing: text) {
            let again = try? TimerDuration(parsing: duration.formatted)
            precondition(again == duration, "\(duration.formatted) does not parse back")
        }
    }

    /// Any bytes are a profile or a document error with a message; a profile that decodes encodes to a
    /// document that decodes to the same profile.
    package static func document(_ bytes: [UInt8]) {
        do {
            let profile = try ProfileDocument.decode(bytes, name: "Fuzz", file: "fuzz.json")
            let again = try ProfileDocument.decode(ProfileDocument.encode(profile), name: "Fuzz")
            precondition(again == profile, "round trip changed the profile")
        } catch {
            guard case let .document(problem) = error else { preconditionFailure("not a document error: \(error)") }
            precondition(!problem.message.isEmpty, "a document error without a message")
            checkPrintable(problem.description)
        }
    }

    /// Any bytes are a sound or a WAV error with a printable message; a sound is 1 to 60 seconds of
    /// finite samples within -1…1 at an accepted rate, and its strikes (1 to 3, chosen by the input) at
    /// full volume last as long as they should and never go past the ceiling.
    package static func wav(_ bytes: [UInt8]) {
        let sound: PCMSound
        do throws(WAVError) {
            sound = try WAVReader.decode(bytes)
        } catch {
            precondition(!error.description.isEmpty, "a WAV error without a message")
            checkPrintable(error.description)
            return
        }
        precondition(WAVReader.sampleRates.contains(sound.sampleRate), "sample rate \(sound.sampleRate) accepted")
        precondition(!sound.samples.isEmpty && sound.seconds <= Double(WAVReader.maximumSeconds), "\(sound.seconds) s accepted")
        precondition(sound.samples.allSatisfy { $0.isFinite && abs($0) <= 1 }, "a sample outside -1…1")
        let strikes = Int(bytes.last ?? 0) % 3 + 1
        let mixed = StrikeMix.render(sound, strikes: strikes, volume: 1)
        let last = StrikeMix.start(ofStrike: strikes - 1, spacing: StrikeMix.spacing, sampleRate: sound.sampleRate)
        precondition(mixed.count == last + sound.samples.count, "\(strikes) strikes are \(mixed.count) samples")
        precondition(mixed.allSatisfy { abs(Int($0)) <= Int(StrikeMix.ceilingSample) }, "a mixed sample above the ceiling")
    }

    /// Every line of a script gets an answer or an error; after every line the table applies the
    /// update from the one before.
    package static func commands(_ bytes: [UInt8]) {
        guard let store = try? InMemoryProfileStore([Profile(name: "Fuzz")]),
              let session = try? Session(store: store, name: "Fuzz", mode: .script) else { return }
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(64) {
            let before = ProfileViewModel(profile: session.profile)
            let reply = session.handle(bytes: Array(line))
            let after = ProfileViewModel(profile: session.profile)
            if before.profile.name == after.profile.name {
                let update = TableUpdate(from: before.sections, to: after.sections)
                precondition((try? before.snapshot.applying(update)) == after.snapshot, "inconsistent table update")
            }
            if let error = reply.error { checkPrintable(error.message) }
            _ = session.completions(line: String(decoding: line, as: UTF8.self), cursor: line.count)
            if reply.quit { break }
        }
    }

    /// A message is one line a terminal shows as it is, however hostile the input: no control or format
    /// character (ESC, a line break, a bidi override) and no echo of input at length.
    /// Any bytes are sits `log import` would add, or a document error with a printable message naming a
    /// line (the file, for its encoding); every sit it reads is one the journal reads back from its own line, and what the program's
    /// CSV writes of them imports as the same sits.
    package static func journalImport(_ bytes: [UInt8]) {
        let calendar = LocalCalendar(zone: .utc)
        do throws(JournalError) {
            let now = 1_795_000_000
            let read = try JournalImport.read(bytes, path: "fuzz.csv", calendar: calendar, now: now)
            for sit in read.sits {
                precondition((try? SitLine.decode(Array(sit.line.utf8.dropLast()))) == sit, "a sit that does not read back: \(sit.line)")
            }
            let csv = JournalRenderer.logBytes(read.sits, format: .csv, calendar: calendar)
            let again = try JournalImport.read(csv, path: "again.csv", calendar: calendar, now: now)
            precondition(read.sits.isEmpty || again.sits == read.sits, "the program's CSV of the sits imports as other sits")
        } catch {
            guard case let .document(problem) = error else { preconditionFailure("not a document error: \(error)") }
            // A line's error names its line; one about the whole file (its encoding: a UTF-16 file cut
            // short) names the file.
            precondition(problem.file != nil && !problem.message.isEmpty, "an import error without its file or message")
            precondition(problem.line != nil || problem.message.contains("byte-order mark"), "an import error of a line without its line")
            checkPrintable(problem.description)
        }
    }

    static func checkPrintable(_ message: String) {
        // The joiner and tags of an emoji are format characters that belong to the picture.
        let emoji: ClosedRange<UInt32> = 0xE0020...0xE007F
        let raw = message.unicodeScalars.first { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F
                || (scalar.properties.generalCategory == .format && scalar.value != 0x200D && !emoji.contains(scalar.value))
        }
        precondition(raw == nil, "a raw control or format character in a message: \(message.debugDescription)")
        precondition(message.utf8.count < 2048, "a message of \(message.utf8.count) bytes")
    }
}
