/// How one command-line option's text becomes its value: a library's parser, which names the option in
/// its errors (`invalid --speed "0": use a number from 0.01 to 10000, …`). The executable reads each
/// option through its rule while the command line is parsed.
package protocol OptionRule {
    associatedtype Value
    /// The error type of the library the rule belongs to.
    associatedtype Failure: ReportedError
    static func read(_ text: String) throws(Failure) -> Value
}
