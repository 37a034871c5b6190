#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension RunWake {
    /// What the signals that came (their numbers, in order) mean to a run, each once and the stopping
    /// ones first: SIGTSTP is Ctrl-Z, SIGCONT a continue, SIGWINCH a resize, SIGCHLD a player's end, and
    /// any other (SIGINT, SIGTERM, SIGHUP) stops the run as Ctrl-C does.
    package static func decode(signals: [Int32]) -> [RunWake] {
        var wakes: [RunWake] = []
        for signal in signals {
            let wake: RunWake = switch signal {
            case SIGTSTP: .key(.suspend)
            case SIGCONT: .continued
            case SIGWINCH: .resized
            case SIGCHLD: .child
            default: .key(.interrupt)
            }
            if !wakes.contains(wake) { wakes.append(wake) }
        }
        return wakes.filter { $0 == .key(.interrupt) } + wakes.filter { $0 != .key(.interrupt) }
    }
}

extension RunKey {
    /// The key a byte read from the terminal is: space or p pauses, q asks to stop, y says yes, Ctrl-C
    /// interrupts, `-` and `+` (or `=`, the same key unshifted) turn the volume down and up, m mutes, a
    /// switches the ambience; anything else is another key (no to the question).
    package init(byte: UInt8) {
        self = switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "p"): .pause
        case UInt8(ascii: "q"), UInt8(ascii: "Q"): .quit
        case UInt8(ascii: "y"), UInt8(ascii: "Y"): .yes
        case 3: .interrupt
        case UInt8(ascii: "-"), UInt8(ascii: "_"): .volumeDown
        case UInt8(ascii: "+"), UInt8(ascii: "="): .volumeUp
        case UInt8(ascii: "m"), UInt8(ascii: "M"): .mute
        case UInt8(ascii: "a"), UInt8(ascii: "A"): .ambience
        default: .other
        }
    }
}
