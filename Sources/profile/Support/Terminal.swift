#if canImport(Glibc)
import Glibc
#endif
import ProfileKit

/// The process's terminal and environment, read in one place.
enum Terminal {
    static var environment: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The width of the terminal on `fd`, else `$COLUMNS`, else 80.
    static func width(of fd: Int32 = 1) -> Int {
        var size = winsize()
        if isatty(fd) == 1, ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }

    /// The home directory from the password database, for when `$HOME` is unset.
    static func passwordHome() -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        return String(cString: dir)
    }

    /// Colour only on a terminal, never with `--no-color`, `NO_COLOR` or `TERM=dumb`.
    static func useColor(noColorFlag: Bool, fd: Int32 = 1) -> Bool {
        let env = environment
        if noColorFlag || !(env["NO_COLOR"] ?? "").isEmpty || env["TERM"] == "dumb" { return false }
        return isTerminal(fd)
    }
}

/// Writes to the standard streams without buffering surprises: each call writes its text whole.
enum Output {
    static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    static func stdout(_ text: String) { write(text, to: 1) }
    static func stderr(_ text: String) { write(text, to: 2) }
}
