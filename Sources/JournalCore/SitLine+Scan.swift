import TextSupport

/// A journal's bytes read line by line, with no file: the readers of ``JournalFile`` (JournalStore),
/// `status`'s cache and the import of a journal all scan through here.
extension SitLine {
    /// A line of the file: its number and its bytes, without the newline.
    package struct Line {
        package var number: Int
        package var range: Range<Int>

        package init(number: Int, range: Range<Int>) {
            self.number = number
            self.range = range
        }
    }

    /// Splits `bytes` into lines, and the torn last one (no newline) apart.
    package static func lines(of bytes: [UInt8]) -> (whole: [Line], torn: Line?) {
        var whole: [Line] = []
        whole.reserveCapacity(bytes.count / 180 + 1)
        var start = 0
        var number = 1
        bytes.withUnsafeBufferPointer { buffer in
            while start < buffer.count, let index = newline(in: buffer, from: start) {
                whole.append(Line(number: number, range: start..<index))
                number += 1
                start = index + 1
            }
        }
        return (whole, start < bytes.count ? Line(number: number, range: start..<bytes.count) : nil)
    }

    /// The index of the first newline in `buffer` from `start`, else nil: eight bytes a step, as memchr
    /// finds it, without the C library. A word holds a newline when, XORed with eight of them, it has a
    /// zero byte: `(x - 0x01…01) & ~x & 0x80…80` is not 0 exactly then.
    static func newline(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        var index = start
        while buffer.count - index >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ newlines
            if (word &- ones) & ~word & highs != 0 { break }
            index += 8
        }
        while index < buffer.count {
            if base[index] == 0x0A { return index }
            index += 1
        }
        return nil
    }

    /// The error for a line of the journal at `path` that is not a record, as `log check` lists it:
    /// `path:line:column: key: why`.
    package static func damage(_ line: Line, _ problem: Problem, path: String) -> DocumentError {
        DocumentError(file: path, line: line.number, column: problem.column, keyPath: problem.key, message: problem.message)
    }

    /// Whether `line` is blank (only spaces and tabs): such lines are skipped.
    package static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// What a pass over the journal's bytes found.
    package struct Scan {
        /// The records, in the file's order.
        package var sits: [Sit] = []
        /// Their lines, when asked for.
        package var lines: [Line] = []
        /// The lines that are not records, and why; only the first when the scan stops there.
        package var damaged: [(line: Line, problem: Problem)] = []
        /// A last line without its newline that is what an interrupted write leaves.
        package var torn: Line?
        /// Every line, blank and torn ones included.
        package var lineCount = 0
    }

    /// Reads every line of `bytes`: records, blank lines (skipped), damaged lines and a torn last line.
    ///
    /// A last line without its newline that is a whole record (an edit by hand, or a crash between the
    /// last byte and the newline, which one write makes unlikely) is kept: nothing of it is lost. A whole
    /// JSON value there that is not a record was written so by hand (a crash leaves no whole object): it
    /// is damaged like any other line, not torn.
    /// - Parameters:
    ///   - keepLines: whether to return the lines of the records too (a delete rewrites them).
    ///   - firstDamage: whether to stop at the first damaged line (the readers) or find them all.
    package static func scan(_ bytes: [UInt8], keepLines: Bool, firstDamage: Bool) -> Scan {
        let (whole, tornLine) = lines(of: bytes)
        var scan = Scan()
        scan.lineCount = whole.count + (tornLine == nil ? 0 : 1)
        scan.sits.reserveCapacity(whole.count)
        if keepLines { scan.lines.reserveCapacity(whole.count) }
        bytes.withUnsafeBufferPointer { buffer in
            for line in whole {
                if let sit = fastDecode(buffer, line.range) {
                    scan.sits.append(sit)
                    if keepLines { scan.lines.append(line) }
                    continue
                }
                if isBlank(bytes[line.range]) { continue }
                do throws(Problem) {
                    scan.sits.append(try decode(Array(bytes[line.range])))
                    if keepLines { scan.lines.append(line) }
                } catch {
                    scan.damaged.append((line, error))
                    if firstDamage { return }
                }
            }
        }
        if firstDamage, !scan.damaged.isEmpty { return scan }
        if let line = tornLine, !isBlank(bytes[line.range]) {
            do throws(Problem) {
                scan.sits.append(try decode(Array(bytes[line.range])))
                if keepLines { scan.lines.append(line) }
            } catch {
                if error.isWholeJSON {
                    scan.damaged.append((line, error))
                } else {
                    scan.torn = line
                }
            }
        }
        return scan
    }
}
