import TestSupport

/// Every `Process()` this target starts is a ``DeadlineProcess`` (issue 47, item 8): a child still
/// running after ``DeadlineProcess/defaultDeadline`` seconds (or the `deadline` its test sets) has its
/// process group killed, and its `waitUntilExit()` fails the test, naming the command. A name of this
/// module is found before Foundation's, so the suites' own `Process()` get the deadline without a change;
/// `Harness.run`, `Harness.start` and `PseudoTerminal` give it to the runs they make.
typealias Process = DeadlineProcess
