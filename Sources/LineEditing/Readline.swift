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
nonisolated(unsafe) private var typedBytes = UTF8Watch()

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
        // readline drops or replaces bytes that are not UTF-8 (the lead byte of C3 28 never reaches the
        // line), so the line it returns cannot show what was typed: every byte is watched as it is read.
        rl_getc_function = { stream in
            let key = rl_getc(stream)
            if key >= 0 { typedBytes.add(UInt8(truncatingIfNeeded: key)) }
            return key
        }
        activeCompleter = completer
        rl_attempted_completion_function = { _, start, end in
            rl_attempted_completion_over = 1
            guard let completer = activeCompleter, let buffer = rl_line_buffer else { return nil }
            let line = String(cString: buffer)
            let cursor = Int(end)
            let (from, words) = completer(line, cursor)
            let bytes = Array(line.utf8)
            // Candidates replace the text from `from`; readline replaces from `start`, so trim what lies between.
            let skip = Int(start) - from
            guard from <= Int(start), skip >= 0, from <= bytes.count else { return nil }
            candidates = words.compactMap { word in
                let utf8 = Array(word.utf8)
                return utf8.count >= skip ? String(decoding: utf8[skip...], as: UTF8.self) : nil
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
        typedBytes = UTF8Watch()
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
        guard typedBytes.isValid else { return .notText }
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
