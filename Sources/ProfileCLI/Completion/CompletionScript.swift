import ArgumentParser
import ShellCompletion

/// Which completion script the command line asks for, and ArgumentParser's script for it made safe.
enum CompletionScript {
    /// The shell a command line asks a completion script for: `--generate-completion-script bash`,
    /// `--generate-completion-script=zsh`, or the flag alone for the shell in `$SHELL`. Nil when the
    /// command line asks for none, or for a shell ArgumentParser does not know (it says so itself).
    static func requestedShell(_ arguments: [String]) -> CompletionShell? {
        let flag = "--generate-completion-script"
        for (index, word) in arguments.enumerated() {
            if word.hasPrefix(flag + "=") { return CompletionShell(rawValue: String(word.dropFirst(flag.count + 1))) }
            guard word == flag else { continue }
            if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") {
                return CompletionShell(rawValue: arguments[index + 1])
            }
            return CompletionShell.autodetected()
        }
        return nil
    }

    /// The completion script for `shell`: ArgumentParser's, made safe (``CompletionScriptText``).
    static func script(for shell: CompletionShell) -> String {
        CompletionScriptText.rewrite(ProfileCommand.completionScript(for: shell), shell: shell.rawValue)
    }
}
