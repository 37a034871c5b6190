import Foundation

/// Polls `condition` every 50 ms for up to `seconds`; whether it came true. For what a test can only see
/// from outside a process it started (a file a fake player writes, a bus's inhibitors): the wait ends as
/// soon as the condition holds, and a caller that needs it asserts on the answer.
public func eventually(within seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    repeat {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.05)
    } while Date() < deadline
    return try condition()
}
