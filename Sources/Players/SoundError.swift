import Files
import ProfileKit
import TextSupport

/// Every error of the recorded sounds and the sound files: each names the file or the sound, and says
/// what would be accepted. A rule of ProfileKit's (a sound's name, the lock timeout) and a file that
/// could not be reached are carried whole, in their own words.
package enum SoundError: ReportedError, FileFailure, Equatable {
    /// A file that cannot be a recorded sound (65): not a WAV file that is accepted, a folder, too large;
    /// `reason` says what is wrong and what is accepted.
    case invalidFile(path: String, reason: String)
    /// A recorded sound of that name (or one equal to it ignoring case) exists already (73).
    case exists(String)
    /// No recorded sound has that name (66).
    case unknown(String, suggestion: String?)
    /// A recorded sound that profiles still name cannot be removed (65); `profiles` are their names.
    case inUse(String, profiles: [String])
    /// There is no home folder to keep the sounds in (78).
    case noFolder
    /// What ProfileKit refused: a name a sound cannot have (64), a lock timeout that is not a number
    /// (78), a line that could not be written before the change (74).
    case profile(ProfileError)
    /// A file or folder that could not be read or written, a lock held too long.
    case file(FileError)

    package init(_ error: FileError) { self = .file(error) }

    package var category: ErrorCategory {
        switch self {
        case .invalidFile, .inUse: .data
        case .exists: .cannotCreate
        case .unknown: .notFound
        case .noFolder: .configuration
        case let .profile(error): error.category
        case let .file(error): error.category
        }
    }

    package var systemErrno: Int32? {
        switch self {
        case let .profile(error): error.systemErrno
        case let .file(error): error.systemErrno
        default: nil
        }
    }

    package var description: String {
        switch self {
        case let .invalidFile(path, reason):
            return "\(escapedPath(path)): \(reason)"
        case let .exists(name):
            return "a recorded sound named \(quoted(name)) exists already; remove it first or choose another name"
        case let .unknown(name, suggestion):
            return "no recorded sound named \(quoted(name))\(didYouMean(suggestion))"
        case let .inUse(name, profiles):
            let shown = profiles.prefix(10).map { quoted($0) } + (profiles.count > 10 ? ["\(profiles.count - 10) more"] : [])
            return "the recorded sound \(quoted(name)) is in use by \(profiles.count == 1 ? "the profile" : "the profiles") \(listed(shown)); set \(profiles.count == 1 ? "its bells" : "their bells") to another sound first"
        case .noFolder:
            return "cannot find the sounds folder: XDG_DATA_HOME and HOME are not set (or are not absolute paths) and the password database names no home folder"
        case let .profile(error):
            return error.description
        case let .file(error):
            return error.description
        }
    }
}
