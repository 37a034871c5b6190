import Breath
import ProfileKit
import Players

/// A stream's sink that takes bytes (all of them, or as many as ``capacity`` allows each call), noting
/// when each arrived on a ``ManualClock``; it can stop reading, or be gone.
package final class FakeSink: SoundSink {
    package let name: String
    package var bytes: [UInt8] = []
    /// (clock time, total bytes so far) after each write that took something.
    package var arrivals: [(time: Double, total: Int)] = []
    package let clock: ManualClock
    /// Bytes taken per write; nil for all.
    package var capacity: Int?
    /// Whether the sink is gone: every write fails.
    package var dead = false
    package var closed = false

    package init(_ name: String = "fake", clock: ManualClock) {
        self.name = name
        self.clock = clock
    }

    /// Whether the player reads what its pipe holds: one that does not leaves up to ``pipe`` bytes
    /// there (``unread``), then takes nothing more, as a full pipe gives EAGAIN.
    package var reading = true
    package var pipe = 65_536

    package func write(_ slice: ArraySlice<UInt8>) -> Int? {
        if dead { return nil }
        var count = min(slice.count, capacity ?? slice.count)
        if !reading {
            count = min(count, pipe - unread)
            unread += count
        }
        bytes += slice.prefix(count)
        if count > 0 { arrivals.append((clock.time, bytes.count)) }
        return count
    }

    /// Bytes taken but not read yet, as a pipe holds them: a player that never reads keeps them here.
    package var unread = 0
    package var hasEnded: Bool { dead }
    package func close(within seconds: Double) { closed = true }

    /// The left channel, from -1 to 1.
    package var left: [Float] { channel(0) }
    package var right: [Float] { channel(1) }
    package func channel(_ which: Int) -> [Float] {
        stride(from: 2 * which, to: bytes.count - 1, by: 4).map { Float(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)) / 32768 }
    }
}

/// A ringer that notes what it is asked (the bells a stream hands on once no sink is left, the volume
/// and mute keys) and sounds nothing; every requirement stated, as every ringer's must be.
package final class NotingRinger: BellRinger {
    package var rung: [BellChoice] = []
    package var volumes: [Double?] = []
    package var muted: [Bool] = []
    package var via: String

    package init(via: String = "players") {
        self.via = via
    }

    package func ring(_ choice: BellChoice) -> RingReport { rung.append(choice); return RingReport(via: via) }
    package func finish(timeout: Double) {}
    package func prepare(_ choices: [BellChoice]) {}
    package func ringOut(stop: (Double) -> Bool) {}
    package var isSounding: Bool { false }
    package func check() -> RingerCheck { RingerCheck() }
    package var nextCheck: Double? { nil }
    package func setVolume(decibels: Double?) { volumes.append(decibels) }
    package func setMuted(_ muted: Bool) { self.muted.append(muted) }
    package func setAmbienceSwitch(_ on: Bool) {}
    package func fadeAmbience(_ playing: Bool, seconds: Double) {}
    package func expectBell(at time: Double?) {}
    package var soundedKnownBy: Double? { nil }
    package func setBreathCue(_ pacing: BreathPacing?, sitSeconds: Double, at time: Double) -> Bool { false }
}
