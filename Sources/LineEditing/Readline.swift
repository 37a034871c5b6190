#if canImport(Glibc)
import Glibc
#else
#error("the readline loop's signal handling uses Glibc's sigaction.__sigaction_handler (Darwin: __sigaction_u); only Linux is supported")
#endif
@preconcurrency import CReadline

// readline's callbacks are C function pointers that cannot capture context, so the little state they
// share with Swift lives in these globals. The editor reads lines on one thread only.
nonisolated(unsafe) private var completedLine: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var lineDone = false
nonisolated(unsafe) private var interruptFlag: Int32 = 0
nonisolated(unsafe) private var resizeFlag: Int32 = 0
nonisolated(unsafe) private var activeCompleter: ((String, Int) -> (start: Int, candidates: [String]))?
nonisolated(unsafe) private var candidates: [String] = []
nonisolated(unsafe) private var candidateIndex = 0
nonisolated(unsafe) private var readyBytes: [UInt8] = []
nonisolated(unsafe) private var heldByte: UInt8?
nonisolated(unsafe) private var droppedBytes = false

/// Lines typed at a terminal, through GNU readline's callback interface.
///
/// The callback interface (as CPython's readline module uses it) lets Ctrl-C abandon the line being
/// typed and give a fresh prompt, with the terminal restored, while the process keeps running; a
/// resized terminal redraws the line.
package struct ReadlineSource: LineSource {
    private let historyPath: String?
    private let makeFolder: (String) -> Void
    private var lastHistoryLine: String?

    /// The most entries the history file keeps.
    package static let historyLimit = 1000

    /// Sets readline up.
    ///
    /// - Parameters:
    ///   - historyPath: where history is read from and written to (mode 0600); nil keeps no history.
    ///   - makeFolder: given the history file's path, creates its folder (and their parents) before the
    ///     first write.
    ///   - completer: given the line and the cursor's byte offset, where the word being completed starts
    ///     and what it may become.
    package init(historyPath: String?, makeFolder: @escaping (String) -> Void,
                 completer: @escaping (String, Int) -> (start: Int, candidates: [String])) {
        self.historyPath = historyPath
        self.makeFolder = makeFolder
        // The name `$if profile` matches in an inputrc; readline keeps the pointer, so it must live forever.
        rl_readline_name = UnsafePointer(strdup("profile"))
        rl_catch_signals = 0
        rl_catch_sigwinch = 0
        rl_change_environment = 0
        // readline drops bytes that are not UTF-8 (C3 28 reaches the line as `(`) and keeps the broken
        // character's bytes for the next line; it is handed whole, valid characters only, and a line
        // typed with anything else is refused.
        rl_getc_function = { stream in checkedKey(stream) }
        activeCompleter = completer
        // The completer finds the word itself. readline's own word breaks include quotes, and a word
        // that starts after one gets that quote appended in place of the space (`open 'Za` gained a
        // third closing quote); with white space alone, readline keeps the completer's quoting.
        rl_completer_word_break_characters = UnsafePointer(strdup(" \t\n"))
        rl_attempted_completion_function = { _, start, end in
            rl_attempted_completion_over = 1
            // The candidates carry whatever quotes they need; readline must not close one it thinks open.
            rl_completion_suppress_quote = 1
            guard let completer = activeCompleter, let buffer = rl_line_buffer else { return nil }
            let line = String(cString: buffer)
            let cursor = Int(end)
            let (from, words) = completer(line, cursor)
            let bytes = Array(line.utf8)
            // Candidates replace the text from `from`; readline replaces from `start`, so trim what lies between.
            let skip = Int(start) - from
            guard from <= Int(start), skip >= 0, from <= bytes.count else { return nil }
            // A candidate that does not begin with the text readline keeps (ignoring case) would make
            // another line than the one it names: it is left out.
            let kept = String(decoding: bytes[from..<min(Int(start), bytes.count)], as: UTF8.self).lowercased()
            candidates = words.compactMap { word in
                let utf8 = Array(word.utf8)
                guard utf8.count >= skip, String(decoding: utf8[..<skip], as: UTF8.self).lowercased() == kept else { return nil }
                return String(decoding: utf8[skip...], as: UTF8.self)
            }
            candidateIndex = 0
            if candidates.isEmpty { return nil }
            return rl_completion_matches("", { _, _ in
                guard candidateIndex < candidates.count else { return nil }
                defer { candidateIndex += 1 }
                return strdup(candidates[candidateIndex])
            })
        }
        using_history()
        stifle_history(Int32(Self.historyLimit))
        if let historyPath {
            _ = read_history(historyPath)
            if history_length > 0, let entry = history_get(history_base + history_length - 1), let text = entry.pointee.line {
                lastHistoryLine = String(cString: text)
            }
        }
        installSignalHandlers()
    }

    private func installSignalHandlers() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptFlag = 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0 // no SA_RESTART: poll must return EINTR so the loop sees the flag
        sigaction(SIGINT, &action, nil)
        var resize = sigaction()
        resize.__sigaction_handler.sa_handler = { _ in resizeFlag = 1 }
        sigemptyset(&resize.sa_mask)
        resize.sa_flags = 0
        sigaction(SIGWINCH, &resize, nil)
    }

    package mutating func readLine(prompt: String) -> LineResult {
        completedLine = nil
        lineDone = false
        interruptFlag = 0
        profile_forget_eof()
        readyBytes = []
        heldByte = nil
        droppedBytes = false
        rl_callback_handler_install(prompt) { line in
            completedLine = line
            lineDone = true
            // Stop readline from printing the prompt again before we are ready for the next line.
            rl_callback_handler_remove()
        }
        while !lineDone {
            // Flags are checked on every turn, with a short poll, so a signal that lands between the check
            // and the poll is seen within 100 ms rather than at the next key.
            if resizeFlag != 0 {
                resizeFlag = 0
                rl_resize_terminal()
            }
            if interruptFlag != 0 {
                interruptFlag = 0
                rl_free_line_state()
                rl_callback_sigcleanup()
                rl_cleanup_after_signal()
                rl_callback_handler_remove()
                fputs("\n", stdout)
                fflush(stdout)
                return .interrupted
            }
            // The rest of a character already read is handed over before waiting for more.
            if !readyBytes.isEmpty || heldByte != nil {
                rl_callback_read_char()
                continue
            }
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 100) > 0 {
                if descriptor.revents & Int16(POLLIN) != 0 {
                    rl_callback_read_char()
                } else {
                    // The terminal hung up: treat it as the end of input.
                    rl_callback_handler_remove()
                    return .endOfInput
                }
            }
        }
        guard let line = completedLine else { return .endOfInput }
        defer { free(line) }
        guard !droppedBytes else { return .notText }
        let length = strlen(line)
        return .line(Array(UnsafeBufferPointer(start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self), count: length)))
    }

    /// Adds `line` to the history unless it is blank or repeats the previous entry, and writes the file.
    package mutating func remember(_ line: String) {
        let line = String(line.reversed().drop(while: \.isWhitespace).reversed())
        guard !line.allSatisfy(\.isWhitespace), line != lastHistoryLine else { return }
        lastHistoryLine = line
        add_history(line)
        guard let historyPath else { return }
        makeFolder(historyPath)
        if write_history(historyPath) == 0 {
            _ = history_truncate_file(historyPath, Int32(Self.historyLimit))
            chmod(historyPath, 0o600)
        }
    }
}

/// readline's source of keys: the terminal's bytes, handed over only as whole, valid UTF-8 characters.
///
/// A byte that cannot start a character, a character cut short and an encoding UTF-8 forbids (an
/// overlong form, a surrogate) are dropped and remembered in `droppedBytes`, so the line is refused;
/// readline never sees them, so they cannot linger in its state and spoil the next line.
private func checkedKey(_ stream: UnsafeMutablePointer<FILE>?) -> Int32 {
    if !readyBytes.isEmpty { return Int32(readyBytes.removeFirst()) }
    while true {
        let key = nextByte(stream)
        guard key >= 0x80 else { return key } // ASCII, or EOF and read errors as readline reports them
        let lead = UInt8(truncatingIfNeeded: key)
        guard let length = utf8Length(startingWith: lead) else {
            droppedBytes = true
            continue
        }
        var bytes = [lead]
        while bytes.count < length {
            guard waitForInput() else {
                // Ctrl-C while a character was cut short: the loop drops the line; give readline any key.
                droppedBytes = true
                return Int32(UInt8(ascii: " "))
            }
            let next = nextByte(stream)
            guard next >= 0 else {
                droppedBytes = true
                return next
            }
            let byte = UInt8(truncatingIfNeeded: next)
            guard byte & 0xC0 == 0x80 else {
                heldByte = byte // it starts the next character
                break
            }
            bytes.append(byte)
        }
        // The standard library refuses overlong forms, surrogates and code points past U+10FFFF.
        guard bytes.count == length, String(validating: bytes, as: UTF8.self) != nil else {
            droppedBytes = true
            continue
        }
        readyBytes = Array(bytes.dropFirst())
        return Int32(lead)
    }
}

/// A byte read one too far first, else the next byte readline reads from the terminal.
private func nextByte(_ stream: UnsafeMutablePointer<FILE>?) -> Int32 {
    if let byte = heldByte {
        heldByte = nil
        return Int32(byte)
    }
    return rl_getc(stream)
}

/// Waits for the rest of a character; false when Ctrl-C came first.
private func waitForInput() -> Bool {
    if heldByte != nil { return true }
    while interruptFlag == 0 {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 100) > 0 { return true }
    }
    return false
}

/// How many bytes a UTF-8 character starting with `lead` takes; nil for a byte that cannot start one.
private func utf8Length(startingWith lead: UInt8) -> Int? {
    switch lead {
    case 0xC2...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF4: 4
    default: nil
    }
}
