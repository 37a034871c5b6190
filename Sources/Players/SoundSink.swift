#if canImport(Glibc)
import Glibc
#else
#error("Bells spawns its stream's player with Glibc's posix_spawn_file_actions_t; only Linux is supported")
#endif
import Files
import TextSupport

/// Where the run's one stream of sound goes: raw signed 16-bit little-endian PCM, 44,100 Hz, 2 channels.
package protocol SoundSink: AnyObject {
    /// How reports name it: `pacat`.
    var name: String { get }
    /// Writes as much of `bytes` as the sink takes now, without waiting; the number written (0 when it
    /// takes nothing now), or nil when the sink is gone (its pipe broken, its process ended).
    func write(_ bytes: ArraySlice<UInt8>) -> Int?
    /// Bytes written that the player has not read yet (what its pipe still holds): a player that takes
    /// none of them for ``StreamRinger/stallLimit`` seconds has failed, however full the pipe.
    var unread: Int { get }
    /// Whether the sink is gone (its process ended) even though nothing was written to it lately.
    var hasEnded: Bool { get }
    /// Lets the sink play what it was given, waiting up to `seconds`, then stops it.
    func close(within seconds: Double)
}

/// How the stream's player is started: the program and the arguments that ask it for raw PCM on
/// standard input and a small buffer of its own.
package struct SinkProgram: Hashable, Sendable {
    /// The program's path.
    package var path: String
    /// The arguments after its name.
    package var arguments: [String]

    package init(path: String, arguments: [String]) {
        self.path = path
        self.arguments = arguments
    }

    /// The programs looked for on `$PATH`, in order.
    package static let candidates = ["pw-cat", "pacat", "aplay"]
    /// The buffer each program is asked to keep, in milliseconds: well under the half second a key may
    /// take to be heard, with the stream's own lead (``StreamRinger/highWater``) on top.
    package static let bufferMilliseconds = 100

    /// The arguments that make `name` (one of ``candidates``) read raw PCM on standard input with a small
    /// buffer; no arguments for any other program (`PROFILE_SINK`'s: it is given the format as is).
    ///
    /// The flags are those of pw-cat 0.3 (`--playback`, `--format`, `--rate`, `--channels`, `--latency`
    /// with a unit, `-` for standard input), pacat 16 (`--raw`, `--format=s16le`, `--latency-msec`) and
    /// aplay 1.2 (`-t raw -f S16_LE -r -c`, `--buffer-time` in microseconds), from their `--help`.
    package static func arguments(for name: String) -> [String] {
        let ms = bufferMilliseconds
        switch name {
        case "pw-cat": return ["--playback", "--format=s16", "--rate=44100", "--channels=2", "--latency=\(ms)ms", "-"]
        case "pacat": return ["--playback", "--raw", "--format=s16le", "--rate=44100", "--channels=2", "--latency-msec=\(ms)"]
        case "aplay": return ["-q", "-t", "raw", "-f", "S16_LE", "-r", "44100", "-c", "2", "--buffer-time=\(ms * 1000)"]
        default: return []
        }
    }

    /// The stream's players in the order they are tried: `$PROFILE_SINK` when set and found (`none`: no
    /// stream at all), then those of ``candidates`` on `$PATH`; and why the list starts as it does, when
    /// something was asked for and not found.
    package static func chain(environment: [String: String]) -> (programs: [SinkProgram], note: String?) {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        var found: [SinkProgram] = []
        for name in candidates {
            if let program = SystemBellRinger.find(name, path: path), !found.contains(where: { $0.path == program }) {
                found.append(SinkProgram(path: program, arguments: arguments(for: name)))
            }
        }
        guard let chosen = environment["PROFILE_SINK"], !chosen.isEmpty else { return (found, nil) }
        if chosen == "none" { return ([], "PROFILE_SINK is none") }
        guard let program = SystemBellRinger.find(chosen, path: path) else {
            return (found, "PROFILE_SINK names \(quoted(chosen)), which is not an executable on PATH")
        }
        return ([SinkProgram(path: program, arguments: [])] + found.filter { $0.path != program }, nil)
    }
}

/// Why a stream player could not be started, as the notes say it: `test-sink could not be started (EACCES)`.
package struct SinkFailure: Error, Hashable, Sendable {
    package var reason: String

    package init(_ reason: String) {
        self.reason = reason
    }
}

/// A player process reading the stream on its standard input, through a pipe whose write end never
/// blocks (a stuck player cannot hang the run) and whose buffer is as small as the system allows. The
/// player is a ``Subprocess``: its whole process group is ended when the stream is done with it.
package final class ProcessSink: SoundSink {
    package let name: String
    private let process: Subprocess
    private var fd: Int32
    private var ended = false

    /// Starts `program`.
    ///
    /// - Throws: ``SinkFailure`` saying why it could not be started (`posix_spawn`'s error: ENOENT,
    ///   EACCES, ENOEXEC), or that its pipe could not be made.
    package init(_ program: SinkProgram) throws(SinkFailure) {
        let name = escaped(POSIX.baseName(program.path))
        let process: Subprocess
        do {
            process = try Subprocess(program.path, arguments: program.arguments, input: .pipe)
        } catch {
            throw SinkFailure("\(name) could not be started (\(error.pipe ? "no pipe: " : "")\(error.name))")
        }
        // A pipe that would block could hold the run up behind a stuck player: without O_NONBLOCK the
        // program is no sink.
        let flags = fcntl(process.input, F_GETFL)
        guard flags >= 0, fcntl(process.input, F_SETFL, flags | O_NONBLOCK) == 0 else {
            let why = errnoName(errno)
            Glibc.close(process.input)
            process.end(within: 0)
            throw SinkFailure("\(name) could not be started (its pipe: \(why))")
        }
        self.process = process
        fd = process.input
        self.name = name
        // Room for one top-up whole (0.2 s is 35 KB): the stream's lead, not the pipe, bounds what is
        // written ahead; a pipe smaller than a top-up would take it a page at a time, a wake-up each.
        _ = fcntl(fd, ProcessSink.setPipeSize, ProcessSink.pipeBytes)
    }

    package func write(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !ended, fd >= 0 else { return nil }
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { Glibc.write(fd, $0 + total, buffer.count - total) } ?? 0
            }
            if count > 0 {
                total += count
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN {
                break
            } else {
                ended = true
                return nil
            }
        }
        return total
    }

    /// The bytes still in the pipe (Linux's FIONREAD answers for either end of a pipe): written, but not
    /// read by the player, which a player that never reads leaves there for good.
    package var unread: Int {
        guard fd >= 0 else { return 0 }
        var count: Int32 = 0
        return ioctl(fd, UInt(FIONREAD), &count) == 0 ? Int(max(0, count)) : 0
    }

    package var hasEnded: Bool {
        if !ended, process.poll() { ended = true }
        return ended
    }

    /// Linux's `F_SETPIPE_SZ` (fcntl.h, `F_LINUX_SPECIFIC_BASE + 7`), which Glibc's module leaves out.
    static let setPipeSize: Int32 = 1031
    /// The pipe's size: 64 KiB, 0.37 s of the stream, Linux's default, asked for in case it was lowered.
    static let pipeBytes: Int32 = 65_536

    /// Closes the pipe (the player reads to its end), lets the player finish for up to `seconds`, then
    /// ends its whole process group, whether the player is still running or has exited and left
    /// something behind (a wrapper's `sleep 300 &`): returns within `seconds` plus
    /// ``Subprocess/terminateGrace``.
    package func close(within seconds: Double) {
        if fd >= 0 {
            Glibc.close(fd)
            fd = -1
        }
        ended = true
        process.end(within: seconds)
    }

    /// Starts `program`, or says why it could not be: what a ``StreamRinger``'s chain is made of.
    package static func start(_ program: SinkProgram) -> Result<SoundSink, SinkFailure> {
        do throws(SinkFailure) {
            return .success(try ProcessSink(program))
        } catch {
            return .failure(error)
        }
    }

    deinit { close(within: 0) }
}
