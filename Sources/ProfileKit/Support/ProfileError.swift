#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import Files
import LocalTime
import TextSupport
import Breath

/// Every error ProfileKit reports to a user: each message names the thing, the place and what would be
/// accepted. The recorded sounds (`SoundError`, Bells) and the journal (`JournalError`, JournalCore) have
/// error types of their own.
package enum ProfileError: ReportedError, Equatable {
    /// A duration that could not be read; `reason` says why (LocalTime's `DurationError`, said as the
    /// model's: ``init(_:)``).
    case invalidDuration(String, reason: String)
    /// A duration outside what a segment allows.
    case durationOutOfRange(TimerDuration, segment: SegmentType, allowed: ClosedRange<TimerDuration>)
    /// An interval outside what interval bells allow.
    case intervalOutOfRange(TimerDuration, allowed: ClosedRange<TimerDuration>)
    /// A chosen interval bell time outside what `allowed` takes; with `mainSit`, the range is that of
    /// the main sit it must ring in (nil when the main sit is too short for any).
    case intervalTimeOutOfRange(TimerDuration, allowed: ClosedRange<TimerDuration>?, mainSit: TimerDuration?)
    /// A list of interval bell times that could not be read or taken; `reason` says why.
    case invalidIntervalTimes(String, reason: String)
    /// An option's value that could not be read; `accepted` says what would be.
    case invalidOption(String, option: String, accepted: String)
    /// A bell name that names no sound here; `known` lists the sounds, built-in first.
    case unknownBell(String, known: [String], suggestion: String?)
    /// A bell name whose words fit several sounds; `matches` are their names.
    case ambiguousBell(String, matches: [String])
    /// A bell choice (`NAME [xN] [N%]`) that could not be read; `reason` says which part is wrong.
    case invalidBellChoice(String, reason: String)
    /// A profile name the store refuses; `reason` says which rule it breaks.
    case invalidName(String, reason: String)
    /// A setting name that does not exist.
    case unknownSetting(String, suggestion: String?)
    /// A switch name that does not exist.
    case unknownSwitch(String, suggestion: String?)
    /// A switch value other than on/off.
    case invalidSwitchValue(String)
    /// No soundscape and no recording has the name (64): the ambience's sounds are listed.
    case unknownSoundscape(String, known: [String], suggestion: String?)
    /// A volume that is no percentage from 0 to 100 (64).
    case invalidVolume(String)
    /// A document that cannot be read as a profile.
    case document(DocumentError)
    /// No profile has that name.
    case profileNotFound(String, suggestion: String?)
    /// A profile of that name (or one equal to it after normalization) exists already.
    case profileExists(String)
    /// Another live process holds the profile's lock file.
    case locked(path: String, pid: Int32, host: String)
    /// The file changed on disk since it was read; saving would overwrite someone else's change.
    case conflict(path: String)
    /// Another process holds the lock of the file itself, reached through another of its names.
    case busy(path: String)
    /// A system call on `path` failed with `errno`.
    case io(path: String, operation: String, errno: Int32)
    /// The change is in place, but flushing the folder `path` to disk failed: a power loss may take it back.
    case notFlushed(path: String, operation: String, errno: Int32)
    /// A symbolic link in the store that points outside it.
    case symlinkOutsideStore(path: String, target: String)
    /// The profile's file is a link to a file that does not exist (66): renamed or deleted away, maybe
    /// while the command waited.
    case danglingLink(path: String, target: String)
    /// The environment does not say where things are (no home folder, say).
    case configuration(String)
    /// A name a recorded sound cannot have (64): it breaks a profile-name rule, or names a built-in bell;
    /// `reason` says which.
    case invalidSoundName(String, reason: String)
    /// A file the program keeps for itself (the profile run last) that does not hold what it wrote (65);
    /// `reason` says what is wrong and how to mend it.
    case invalidStateFile(path: String, reason: String)
    /// A value of the Breathing section that could not be read or makes no pattern (Breath's own
    /// error: what was refused, why, and what is accepted).
    case breathing(BreathPatternError)

    /// The failure's class, for exit statuses.
    package var category: ErrorCategory {
        switch self {
        case .invalidDuration, .durationOutOfRange, .intervalOutOfRange, .intervalTimeOutOfRange, .invalidIntervalTimes, .invalidOption, .unknownBell,
             .ambiguousBell, .invalidBellChoice, .invalidName,
             .unknownSetting, .unknownSwitch, .invalidSwitchValue, .invalidSoundName, .unknownSoundscape, .invalidVolume, .breathing:
            .usage
        case .document, .symlinkOutsideStore, .invalidStateFile: .data
        case .profileNotFound, .danglingLink: .notFound
        case .profileExists: .cannotCreate
        case .io, .notFlushed: .io
        case .locked, .conflict, .busy: .temporary
        case .configuration: .configuration
        }
    }

    package var systemErrno: Int32? {
        if case let .io(_, _, code) = self { code } else { nil }
    }

    /// A duration LocalTime's parser refused, as the model's error: the same words.
    package init(_ error: DurationError) {
        self = .invalidDuration(error.input, reason: error.reason)
    }

    package var description: String {
        switch self {
        case let .invalidDuration(input, reason):
            return DurationError(input, reason: reason).description
        case let .durationOutOfRange(duration, segment, allowed):
            return "\(segment.settingLabel) \(duration.formatted) is out of range: use \(TimerDuration.rangeText(allowed))"
        case let .intervalOutOfRange(every, allowed):
            return "interval \(every.formatted) is out of range: use \(TimerDuration.rangeText(allowed))"
        case let .intervalTimeOutOfRange(time, allowed, mainSit):
            let start = time == .zero ? " (the Start bell rings at 00:00)" : ""
            guard let mainSit else {
                return "interval bell time \(time.formatted) is out of range\(start): use \(allowed.map(TimerDuration.rangeText) ?? "")"
            }
            let rule = "more than \(Intervals.guardSeconds) seconds before the main sit's end (\(mainSit.formatted))"
            guard let allowed else {
                return "interval bell time \(time.formatted) is out of range: the main sit (\(mainSit.formatted)) is too short for bells at chosen times, which ring from \(Intervals.allowedTimes.lowerBound.formatted) on and \(rule); lengthen it first"
            }
            return "interval bell time \(time.formatted) is out of range\(start): use \(TimerDuration.rangeText(allowed)), \(rule)"
        case let .invalidIntervalTimes(input, reason):
            return "invalid interval bell times \(quoted(input)): \(reason); use \(IntervalSchedule.acceptedTimes)"
        case let .invalidOption(value, option, accepted):
            return refusal(value, option: option, accepted: accepted)
        case let .unknownBell(name, known, suggestion):
            return "no bell named \(quoted(name))\(didYouMean(suggestion)); the bells are \(known.map { quoted($0) }.joined(separator: ", "))"
        case let .unknownSoundscape(name, known, suggestion):
            return "no soundscape or recording named \(quoted(name))\(didYouMean(suggestion)); the ambience can play \(listed(known.map { quoted($0) }, "or"))"
        case let .breathing(error):
            return error.description
        case let .invalidVolume(text):
            return "invalid volume \(quoted(text)): use a percentage from \(Ambience.volumes.lowerBound)% to \(Ambience.volumes.upperBound)%, such as \(Ambience.defaultVolume)%"
        case let .ambiguousBell(name, matches):
            return "\(quoted(name)) could be \(listed(matches.map { quoted($0) }, "or")): say more of the name"
        case let .invalidBellChoice(text, reason):
            return "invalid bell \(quoted(text)): \(reason)"
        case let .invalidName(name, reason):
            return "invalid profile name \(quoted(name)): \(reason)"
        case let .unknownSetting(name, suggestion):
            return "no setting named \(quoted(name))\(didYouMean(suggestion)); the settings are \(Setting.nameList)"
        case let .unknownSwitch(name, suggestion):
            return "no switch named \(quoted(name))\(didYouMean(suggestion)); the switches are \(Switch.nameList)"
        case let .invalidSwitchValue(value):
            return "invalid switch value \(quoted(value)): use on or off"
        case let .document(error):
            return error.description
        case let .profileNotFound(name, suggestion):
            return "no profile named \(quoted(name))\(didYouMean(suggestion))"
        case let .profileExists(name):
            return "a profile named \(quoted(name)) exists already"
        case let .locked(path, pid, host):
            return FileError.locked(path: path, pid: pid, host: host).description
        case let .conflict(path):
            return FileError.conflict(path: path).description
        case let .busy(path):
            return FileError.busy(path: path).description
        case let .io(path, operation, code):
            return FileError.io(path: path, operation: operation, errno: code).description
        case let .notFlushed(path, operation, code):
            return FileError.notFlushed(path: path, operation: operation, errno: code).description
        case let .configuration(message):
            return message
        case let .symlinkOutsideStore(path, target):
            return "\(escapedPath(path)): is a symbolic link to \(quoted(target, limit: Echo.pathLimit)), outside the store; profile will not follow it"
        case let .danglingLink(path, target):
            return "\(escapedPath(path)): is a symbolic link to \(quoted(target, limit: Echo.pathLimit)), which does not exist; point it at a profile or remove it"
        case let .invalidStateFile(path, reason):
            return "\(escapedPath(path)): \(reason)"
        case let .invalidSoundName(name, reason):
            return "invalid sound name \(quoted(name)): \(reason)"
        }
    }
}

extension SegmentType {
    /// How error messages name this segment's length.
    var settingLabel: String {
        switch self {
        case .main: "duration"
        case .warmUp: "warm-up duration"
        case .coolDown: "cool-down duration"
        }
    }
}

