import ProfileKit
import TextSupport

/// What a script's reader gives for each line: the editor's own words for line reading's results.
package enum ScriptLine: Equatable, Sendable {
    case line([UInt8])
    /// A line longer than ``Session/maximumLineLength``, stopped after so many bytes.
    case tooLong(Int)
    case notText
    case interrupted
    case end
    case readFailed(Int32)
}

/// How a script ended.
package enum ScriptEnd: Equatable {
    /// Every line ran and the changes were saved: the profiles the script created, and the others it
    /// saved, each in the order they were opened.
    case committed(created: [String], saved: [String])
    /// The line numbered `line` failed with `error`: nothing was saved.
    case failed(line: Int, EditorError)
    /// Standard input itself could not be read (errno `code`): nothing was saved.
    case readFailed(Int32)
    /// Every line ran, but saving failed with `error` (a conflict, a lock, the disk): the profiles in
    /// `saved` were saved before it, and no other.
    case saveFailed(ProfileError, saved: [String])

    /// The script's last word on what it saved, so that nothing looks saved that is not: after a
    /// commit, `created the profile "Default"` and `saved "Morning" and "Evening"` (nothing when
    /// nothing changed); after a failure, `nothing was saved`, or what was saved before a save failed.
    package var savedNote: String {
        switch self {
        case let .committed(created, saved):
            return created.map { "created the profile \(quoted($0))\n" }.joined()
                + (saved.isEmpty ? "" : "saved \(listed(saved.map { quoted($0) }))\n")
        case let .saveFailed(_, saved) where !saved.isEmpty:
            return "saved only \(listed(saved.map { quoted($0) })); nothing else was saved\n"
        case .failed, .readFailed, .saveFailed:
            return "nothing was saved\n"
        }
    }
}

extension Session {
    /// A line the reader stopped reading after `length` bytes.
    package static func tooLong(_ length: Int) -> EditorError {
        .usage("the line is at least \(grouped(length)) bytes long; a line has at most \(maximumLineLength)")
    }

    /// Runs a script as one transaction: each line `read` gives, in order, until its end or `quit`; the
    /// first line that fails stops it with nothing saved. Its output is held and `print`ed (a write that
    /// is checked) before the commit, so output that cannot be written fails the script with nothing
    /// saved; it is flushed by 64 KiB, and before a `run` (a sit writes as it goes) and a failure with
    /// `write`. A question still open at the end fails the script; a save that fails ends it as
    /// ``ScriptEnd/saveFailed(_:saved:)``, naming the profiles saved before it (``ScriptEnd/savedNote``).
    package func runScript(read: () -> ScriptLine, write: (String) -> Void,
                           print: (String) throws(ProfileError) -> Void) throws(ProfileError) -> ScriptEnd {
        var output = ""
        var lineNumber = 0
        func failed(_ error: EditorError) -> ScriptEnd {
            write(output)
            return .failed(line: lineNumber, error)
        }
        reading: while true {
            let result = read()
            if result != .end { lineNumber += 1 }
            switch result {
            case let .line(bytes):
                // A sit writes as it goes: what the lines before it printed comes first.
                if bytes.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).first.map({ Array($0) == Array("run".utf8) }) == true {
                    write(output)
                    output = ""
                }
                let reply = handle(bytes: bytes)
                output += reply.output
                if let error = reply.error { return failed(error) }
                if reply.quit { break reading }
            case let .tooLong(length):
                // Reported as soon as the limit is passed: the rest of such a line may never end (`< /dev/zero`).
                return failed(Self.tooLong(length))
            case .notText:
                return failed(Self.notText)
            case let .readFailed(code):
                // Not a line's error: the input itself failed, and it is named once.
                write(output)
                return .readFailed(code)
            case .interrupted:
                continue
            case .end:
                break reading
            }
            if output.utf8.count > 65536 {
                try print(output)
                output = ""
            }
        }
        if let question { return failed(.usage("the script ended before answering \(quoted(question))")) }
        try print(output)
        do throws(ProfileError) {
            try commit()
            let written = documents.committed
            return .committed(created: written.filter(\.created).map(\.name), saved: written.filter { !$0.created }.map(\.name))
        } catch {
            return .saveFailed(error, saved: documents.committed.map(\.name))
        }
    }
}
