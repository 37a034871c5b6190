#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("profile needs a POSIX C library: Glibc (Linux) or Darwin")
#endif
import TextSupport

/// Every error ProfileKit reports to a user: each message names the thing, the place and what would be
/// accepted.
package enum ProfileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A duration that could not be read; `reason` says why.
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
    /// A file that cannot be a recorded sound (65): not a WAV file that is accepted, a folder, too large;
    /// `reason` says what is wrong and what is accepted.
    case invalidSound(path: String, reason: String)
    /// A name a recorded sound cannot have (64): it breaks a profile-name rule, or names a built-in bell;
    /// `reason` says which.
    case invalidSoundName(String, reason: String)
    /// A recorded sound of that name (or one equal to it ignoring case) exists already (73).
    case soundExists(String)
    /// No recorded sound has that name (66).
    case unknownSound(String, suggestion: String?)
    /// A recorded sound that profiles still name cannot be removed (65); `profiles` are their names.
    case soundInUse(String, profiles: [String])
    /// A file the program keeps for itself (the profile run last) that does not hold what it wrote (65);
    /// `reason` says what is wrong and how to mend it.
    case invalidStateFile(path: String, reason: String)

    /// How a command-line front end should classify the failure (see sysexits(3)).
    package enum Category: Sendable, Equatable {
        /// The user typed something that is not accepted (64).
        case usage
        /// A file's content is wrong (65).
        case data
        /// The thing named does not exist (66).
        case notFound
        /// Something that should be created exists already (73).
        case cannotCreate
        /// The system refused a read or write (74).
        case io
        /// Someone else is busy with it; trying again may work (75).
        case temporary
        /// The environment is set up wrong (78).
        case configuration
    }

    /// The failure's class, for exit statuses.
    package var category: Category {
        switch self {
        case .invalidDuration, .durationOutOfRange, .intervalOutOfRange, .intervalTimeOutOfRange, .invalidIntervalTimes, .invalidOption, .unknownBell,
             .ambiguousBell, .invalidBellChoice, .invalidName,
             .unknownSetting, .unknownSwitch, .invalidSwitchValue, .invalidSoundName:
            .usage
        case .document, .symlinkOutsideStore, .invalidSound, .soundInUse, .invalidStateFile: .data
        case .profileNotFound, .danglingLink, .unknownSound: .notFound
        case .profileExists, .soundExists: .cannotCreate
        case .io, .notFlushed: .io
        case .locked, .conflict: .temporary
        case .configuration: .configuration
        }
    }

    package var description: String {
        switch self {
        case let .invalidDuration(input, reason):
            return "invalid duration \(quoted(input)): \(reason); use \(TimerDuration.acceptedForms)"
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
            return "invalid \(option) \(quoted(value)): use \(accepted)"
        case let .unknownBell(name, known, suggestion):
            return "no bell named \(quoted(name))\(didYouMean(suggestion)); the bells are \(known.map { quoted($0) }.joined(separator: ", "))"
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
            // One line, as git's index.lock message says: who holds it, and how to clear a lock a crash left.
            let owner = pid > 0 ? "pid \(pid) on \(escaped(host))" : "a process on \(escaped(host)) that has not written its pid yet"
            return "\(escapedPath(path)): locked by \(owner); try again when it has finished; if no profile is running on \(escaped(host)), remove the lock: rm \(shellQuoted(path))"
        case let .conflict(path):
            return "\(escapedPath(path)): the file was changed by someone else since it was read; reload it or save again to replace it"
        case let .io(path, operation, code):
            return "\(escapedPath(path)): \(operation) failed: \(errnoName(code)) (\(errnoMessage(code)))"
        case let .notFlushed(path, operation, code):
            return "\(escapedPath(path)): saved, but the folder could not be flushed: \(operation) failed: \(errnoName(code)) (\(errnoMessage(code))); the change may not survive a power loss"
        case let .configuration(message):
            return message
        case let .symlinkOutsideStore(path, target):
            return "\(escapedPath(path)): is a symbolic link to \(quoted(target, limit: Echo.pathLimit)), outside the store; profile will not follow it"
        case let .danglingLink(path, target):
            return "\(escapedPath(path)): is a symbolic link to \(quoted(target, limit: Echo.pathLimit)), which does not exist; point it at a profile or remove it"
        case let .invalidSound(path, reason), let .invalidStateFile(path, reason):
            return "\(escapedPath(path)): \(reason)"
        case let .invalidSoundName(name, reason):
            return "invalid sound name \(quoted(name)): \(reason)"
        case let .soundExists(name):
            return "a recorded sound named \(quoted(name)) exists already; remove it first or choose another name"
        case let .unknownSound(name, suggestion):
            return "no recorded sound named \(quoted(name))\(didYouMean(suggestion))"
        case let .soundInUse(name, profiles):
            let shown = profiles.prefix(10).map { quoted($0) } + (profiles.count > 10 ? ["\(profiles.count - 10) more"] : [])
            return "the recorded sound \(quoted(name)) is in use by \(profiles.count == 1 ? "the profile" : "the profiles") \(listed(shown)); set \(profiles.count == 1 ? "its bells" : "their bells") to another sound first"
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

/// `text` as one word for a POSIX shell, as a hint to type it shows it: as it is when it holds only
/// letters, digits and `._-+,:@%/=` (`profile new Morning`), else quoted as ``shellQuoted(_:)`` quotes.
package func shellWord(_ text: String) -> String {
    let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
        ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || "._-+,:@%/=".unicodeScalars.contains($0)
    }
    return plain ? text : shellQuoted(text)
}

/// `text` as one word for a POSIX shell, to copy into it: `'…'`, or, when it holds a control or
/// invisible character, bash's `$'…'` with that character as `\xHH` bytes, so that the command still
/// names the real path once the diagnostic's own escaping is done.
private func shellQuoted(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.isInvisible || $0 == "\\" }) else {
        return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
    var quoted = "$'"
    for scalar in text.unicodeScalars {
        switch scalar {
        case "'": quoted += "\\'"
        case "\\": quoted += "\\\\"
        default:
            if scalar.isInvisible {
                quoted += String(scalar).utf8.map { "\\x" + hex($0, digits: 2) }.joined()
            } else {
                quoted.unicodeScalars.append(scalar)
            }
        }
    }
    return quoted + "'"
}

/// The symbolic name of an errno value, as people search for it: `ENOSPC`.
package func errnoName(_ code: Int32) -> String {
    let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EIO: "EIO", EBADF: "EBADF", EACCES: "EACCES",
        EEXIST: "EEXIST", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL", ENFILE: "ENFILE",
        EMFILE: "EMFILE", EFBIG: "EFBIG", ENOSPC: "ENOSPC", EROFS: "EROFS", EMLINK: "EMLINK",
        ENAMETOOLONG: "ENAMETOOLONG", ELOOP: "ELOOP", EDQUOT: "EDQUOT", EXDEV: "EXDEV", EBUSY: "EBUSY",
        ENOTEMPTY: "ENOTEMPTY", EAGAIN: "EAGAIN", EINTR: "EINTR", ENOMEM: "ENOMEM",
    ]
    return names[code] ?? "errno \(code)"
}

/// The C library's message for an errno value.
package func errnoMessage(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "unknown error" }
    return String(cString: text)
}
