import Courier
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the demo writes: standard output for results, logs and progress, standard error for
/// failures. Every write is one unbuffered `write`, so log lines from the logger plugin (which
/// may arrive on any thread) and the demo's own lines appear in the order they happen.
///
/// On a terminal, one line at a time can be a progress bar that is redrawn in place. Lines written
/// while a bar is shown go above it: the bar is cleared, the lines written, the bar drawn again.
final class Console: Sendable {
    /// Whether standard output is a terminal (`isatty`), where progress bars are drawn.
    let isTerminal: Bool
    private let bar = LockedValue<String?>(nil)  // not `Mutex`: see LockedValue

    /// Erases the current terminal line and returns the cursor to its start.
    private static let clearLine = "\r\u{1B}[2K"

    init(isTerminal: Bool = isatty(STDOUT_FILENO) == 1) {
        self.isTerminal = isTerminal
    }

    /// Writes `lines` to standard output, above the progress bar if one is shown.
    func print(_ lines: String...) {
        write(lines)
    }

    /// Writes `lines` to standard output, above the progress bar if one is shown.
    func write(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        bar.withLock { shown in
            var text = shown == nil ? "" : Self.clearLine
            text += lines.joined(separator: "\n") + "\n"
            text += shown ?? ""
            Self.write(text, to: FileHandle.standardOutput)
        }
    }

    /// Writes `line` to standard error, on a line of its own.
    func error(_ line: String) {
        bar.withLock { shown in
            if shown != nil {
                Self.write("\n", to: FileHandle.standardOutput)
                shown = nil
            }
            Self.write(line + "\n", to: FileHandle.standardError)
        }
    }

    /// Draws `line` as the progress bar, replacing the previous one. Terminals only.
    func drawBar(_ line: String) {
        bar.withLock { shown in
            shown = line
            Self.write(Self.clearLine + line, to: FileHandle.standardOutput)
        }
    }

    /// Draws `line` as the bar's last state and moves to a new line; nothing is redrawn after it.
    func endBar(_ line: String) {
        bar.withLock { shown in
            shown = nil
            Self.write(Self.clearLine + line + "\n", to: FileHandle.standardOutput)
        }
    }

    /// Leaves a bar that will not finish where it is and moves to a new line.
    func abandonBar() {
        bar.withLock { shown in
            guard shown != nil else { return }
            shown = nil
            Self.write("\n", to: FileHandle.standardOutput)
        }
    }

    /// Writes `text` to `handle`. When standard output's reader has gone (a closed pipe, as after
    /// `courier-demo | head`), nobody is listening any more: the demo ends at once, with status 0.
    /// Other failures, and any on standard error, are ignored.
    private static func write(_ text: String, to handle: FileHandle) {
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            if handle.fileDescriptor == STDOUT_FILENO, isBrokenPipe(error) { exit(0) }
        }
    }

    /// Whether `error`, or the error beneath it, is `EPIPE` (Foundation on Linux wraps it in a
    /// Cocoa error).
    private static func isBrokenPipe(_ error: any Error) -> Bool {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain, error.code == Int(EPIPE) { return true }
        return (error.userInfo[NSUnderlyingErrorKey] as? any Error).map(isBrokenPipe) ?? false
    }
}
