import ProfileKit

extension Session {
    /// The editor on a terminal: reads and handles lines until the user quits. `read` reads a line at
    /// the prompt it is given (readline, in the program); `remember` keeps a command in the history (an
    /// answer to a question is not kept); `print` writes a reply, and a reply that cannot be written ends
    /// the editor with that error (every change before it is saved already, as each is); `diagnostic`
    /// says an error.
    ///
    /// Ctrl-C leaves a question; Ctrl-D leaves a question too, and on an empty command line quits. A
    /// line too long or not text is refused and the editor goes on; a failed read ends it, as the end
    /// of input does.
    package func runInteractive(read: (String) -> ScriptLine, remember: (String) -> Void,
                                print: (String) throws(ProfileError) -> Void, diagnostic: (String) -> Void) throws(ProfileError) {
        try print(welcome())
        while true {
            switch read(prompt) {
            case let .line(bytes):
                if !isAsking { remember(String(decoding: bytes, as: UTF8.self)) }
                let reply = handle(bytes: bytes)
                try print(reply.output)
                if let error = reply.error { diagnostic("\(error)") }
                if reply.quit { return }
            case let .tooLong(length):
                diagnostic(Self.tooLong(length).message)
            case .notText:
                diagnostic(Self.notText.message)
            case .interrupted:
                try print(cancelQuestion())
            case .end:
                if isAsking {
                    try print("\n" + cancelQuestion())
                    continue
                }
                try print("\n")
                return
            case .readFailed:
                // Readline reports a failed read as the end of input; a plain source never reaches here.
                return
            }
        }
    }
}
