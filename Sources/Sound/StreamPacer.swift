/// How far ahead the stream is written, decided from numbers alone: no sink, no clock, no bytes.
///
/// The stream's frame *f* is heard at `anchor + f / 44,100` on the run's monotonic clock. When fewer than
/// ``lowWater`` seconds are written ahead of what is heard, it is topped up to ``highWater`` ahead (so
/// never more than ``maximumAhead``); while sound plays the run wakes about every ``highWater`` −
/// ``lowWater`` seconds, and with nothing to play (between bells, no ambience) nothing is written and no
/// wake-up asked for. A bell expected soon (``expected``) holds the lead at its frame, so that it is not
/// written behind sound already sent: the run wakes for the bell instead. A late wake-up does not make up
/// what was missed: the stream goes on from now (the anchor moves) and is topped up from there.
package struct StreamPacer: Equatable, Sendable {
    /// Seconds written ahead below which the stream is topped up.
    package static let lowWater = 0.15
    /// Seconds written ahead a top-up reaches.
    package static let highWater = 0.35
    /// The most ever written ahead of what is heard: a key is heard within this (issue 38).
    package static let maximumAhead = 0.5
    /// Seconds after its time a bell expected still holds the lead at its frame.
    package static let bellGrace = 0.1
    /// A wake-up a hair early (poll counts whole milliseconds) still tops up.
    static let slack = 0.005
    /// The soonest a wake-up is asked for after now.
    static let soonest = 0.02
    /// When a sink that did not take all it was given is looked at again.
    static let backlogRetry = 0.05

    /// The stream's frames a second.
    package static let rate = Double(StreamMixer.sampleRate)

    /// The monotonic time of frame 0 while the stream runs; nil while idle.
    package var anchor: Double?
    /// The time the run's next bell is expected at; nil when none is near.
    package var expected: Double?

    package init(anchor: Double? = nil, expected: Double? = nil) {
        self.anchor = anchor
        self.expected = expected
    }

    /// The frame heard at `now`, to the nearest: where a bell rung now starts. Nil while idle.
    package func heardFrame(at now: Double) -> Int? {
        anchor.map { Int(((now - $0) * Self.rate).rounded()) }
    }

    /// Starts the clock of the stream, if idle, so that frame `written` (the next to write) is heard now.
    package mutating func start(written: Int, at now: Double) {
        if anchor == nil { anchor = now - Double(written) / Self.rate }
    }

    /// How many frames to render now, after `written` frames: none while enough is ahead, up to
    /// ``highWater`` ahead when not (or up to an expected bell's frame). `sounding`: whether the mix could
    /// make a sound from `written` on; `drained`: whether the sink has read all it was given. With
    /// nothing sounding and all written heard and read, the stream goes idle (no anchor).
    package mutating func frames(written: Int, at now: Double, sounding: Bool, drained: Bool) -> Int {
        guard let anchor else { return 0 }
        var heard = Int(((now - anchor) * Self.rate).rounded(.down))
        if heard > written {
            // Behind (a late wake-up): what was missed is not made up, the stream goes on from now.
            self.anchor = now - Double(written) / Self.rate
            heard = written
        }
        let ahead = Double(written - heard) / Self.rate
        guard sounding else {
            if ahead <= 0, drained { self.anchor = nil }
            return 0
        }
        guard ahead <= Self.lowWater + Self.slack, let anchor = self.anchor else { return 0 }
        var target = heard + StreamMixer.frames(Self.highWater)
        // A bell due now or a moment ago is about to be rung: the lead stays at its frame till it is.
        if let expected, expected > now - Self.bellGrace {
            let frame = Int(((expected - anchor) * Self.rate).rounded(.down))
            if frame < target { target = max(written, frame) }
        }
        return max(0, target - written)
    }

    /// When the run should wake to write more, after `written` frames: before what was written runs
    /// under ``lowWater``; at an expected bell the lead was held for; once all written is heard when
    /// nothing more sounds (to go idle); soon when `backlog` bytes wait for the sink. Nil while idle.
    package func wake(written: Int, at now: Double, sounding: Bool, backlog: Bool) -> Double? {
        guard let anchor else { return nil }
        if backlog { return now + Self.backlogRetry }
        let end = anchor + Double(written) / Self.rate
        // Nothing more to play: woken once all that was written is heard, to go idle.
        guard sounding else { return max(end, now + Self.soonest) }
        let refill = end - Self.lowWater
        // Held back for a bell (written up to its frame): the run wakes for the bell itself.
        if let expected, refill <= now, expected > now - Self.bellGrace, end >= expected - 0.001 {
            return max(expected, now + Self.soonest)
        }
        return max(refill, now + Self.soonest)
    }

    /// Seconds written ahead of what is heard at `now`, after `written` frames (0 while idle).
    package func ahead(written: Int, at now: Double) -> Double {
        guard let anchor else { return 0 }
        return Double(written) / Self.rate - (now - anchor)
    }
}
