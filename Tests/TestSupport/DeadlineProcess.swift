import Foundation
import Testing

/// A child process with a deadline (issue 47, item 8): a slip that starts a 22-hour sit must fail its
/// test, not hang the suite. Once ``deadline`` seconds have passed since ``run()`` and the child still
/// runs, its whole process group is killed (Foundation starts each child as the leader of a group of its
/// own, so a wrapper's children go with it), and ``waitUntilExit()`` — on the test's own thread, where an
/// issue belongs to the test — records the failure, naming the command.
///
/// `Harness.run` and `Harness.start` start every program through it; `ProfileCLITests` names it
/// `Process`, so each of its own `Process()` gets the deadline too.
open class DeadlineProcess: Process, @unchecked Sendable {
    /// The seconds a child may run unless its test names a longer (or shorter) time: far more than any
    /// command of a test takes on a loaded machine (a debug `sounds --export` took over 60 s here with
    /// the suite and six builds sharing two cores), far less than a sit.
    public static let defaultDeadline = 300.0

    /// The seconds this child may run; set before ``run()``.
    public var deadline = DeadlineProcess.defaultDeadline

    private let lock = NSLock()
    private var killedAtDeadline = false
    private var recorded = false

    /// Whether the deadline passed and the child's group was killed.
    public var timedOut: Bool { lock.withLock { killedAtDeadline } }

    /// The command as a shell would read it, for the message.
    public var commandLine: String {
        ([executableURL?.lastPathComponent ?? "?"] + (arguments ?? [])).map(Harness.shellQuoted).joined(separator: " ")
    }

    /// What the test is told when the deadline passed.
    public var deadlineMessage: String {
        "deadline: \(commandLine) still ran after \(deadline.secondsText) s; its process group was killed"
    }

    open override func run() throws {
        try super.run()
        let pid = processIdentifier
        let seconds = deadline
        let started = Date()
        // A thread of its own, not Swift concurrency's pool: the tests that wait for their child block
        // that pool's few threads, and the watch must run while they do. It holds the process until the
        // child ends, so that a child its test forgot is still ended at its deadline.
        let watch = Thread { [self] in
            while self.isRunning {
                let left = seconds - Date().timeIntervalSince(started)
                if left <= 0 {
                    self.lock.withLock { self.killedAtDeadline = true }
                    // The group when the child leads one (it always does here), else the child alone.
                    if getpgid(pid) == pid { kill(-pid, SIGKILL) } else { kill(pid, SIGKILL) }
                    return
                }
                Thread.sleep(forTimeInterval: min(left, 0.05))
            }
        }
        watch.start()
    }

    open override func waitUntilExit() {
        super.waitUntilExit()
        let record = lock.withLock { () -> Bool in
            guard killedAtDeadline, !recorded else { return false }
            recorded = true
            return true
        }
        if record { Issue.record(Comment(rawValue: deadlineMessage)) }
    }
}

/// `1`, `0.5`: seconds as a message says them.
extension Double {
    fileprivate var secondsText: String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}
