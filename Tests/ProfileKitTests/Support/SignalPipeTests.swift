import Foundation
import Testing
import Files
@testable import Sitting

/// The one signal self-pipe, and what a run makes of the signals and keys it reads.
@Suite("Signals and keys", .serialized)
struct SignalPipeTests {
    /// A signal raised while the pipe lives is read from it, once, by number; afterwards it does what it
    /// did before.
    @Test func aSignalComesThroughThePipeAndGoesBackAfter() {
        var before = sigaction()
        sigaction(SIGUSR2, nil, &before)
        let pipe = SignalPipe(signals: [SIGUSR2], keepIgnored: [])
        #expect(pipe.readingEnd >= 0)
        raise(SIGUSR2)
        raise(SIGUSR2)
        #expect(pipe.drain() == [SIGUSR2, SIGUSR2])
        #expect(pipe.drain().isEmpty)
        pipe.restore()
        var after = sigaction()
        sigaction(SIGUSR2, nil, &after)
        #expect(unsafeBitCast(after.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self))
    }

    /// A signal the process was started ignoring stays ignored when it is to be kept so (nohup).
    @Test func anIgnoredSignalStaysIgnored() {
        var before = sigaction()
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGUSR1, &ignore, &before)
        defer { sigaction(SIGUSR1, &before, nil) }
        let pipe = SignalPipe(signals: [SIGUSR1], keepIgnored: [SIGUSR1])
        raise(SIGUSR1)
        #expect(pipe.drain().isEmpty)
    }

    @Test func signalsBecomeWakesTheStoppingOnesFirstAndEachOnce() {
        #expect(RunWake.decode(signals: [SIGWINCH, SIGCHLD, SIGTERM, SIGCHLD, SIGINT]) == [.key(.interrupt), .resized, .child])
        #expect(RunWake.decode(signals: [SIGTSTP, SIGCONT]) == [.key(.suspend), .continued])
        #expect(RunWake.decode(signals: [SIGHUP]) == [.key(.interrupt)])
        #expect(RunWake.decode(signals: []).isEmpty)
    }

    @Test func bytesBecomeKeys() {
        let keys = Array(" pqQyYnx\u{3}".utf8).map(RunKey.init(byte:))
        #expect(keys == [.pause, .pause, .quit, .quit, .yes, .yes, .other, .other, .interrupt])
    }
}
