import CourierTestSupport
import XCTest

/// The progress bar on real terminals: a pseudo-terminal from `script` shows what is written (the
/// redraws), and tmux, a terminal emulator, shows the screen a person is left with.
final class DemoTerminalTests: XCTestCase {
    /// Erase the line and return to its start: how the bar redraws itself.
    private let redraw = "\r\u{1B}[2K"

    func test_download_onAPseudoTerminal_redrawsTheBarInPlaceAndEndsItsLine() throws {
        // Given
        let script = try DemoProcess.which("script")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-tty-\(UUID()).bin")
        defer { try? FileManager.default.removeItem(at: output) }
        let demo = Self.shellCommand([
            DemoProcess.binary.path, "--base-url", try HTTPBin.baseURL().absoluteString, "download", "102400",
            "--output", output.path,
        ])

        // When: the demo runs with a pseudo-terminal as its standard output
        let run = try DemoProcess.run(["-qfec", demo, "/dev/null"], executable: script)

        // Then: every frame of the bar was drawn at the start of a line, over the last one or
        // below a log line (a terminal ends lines with \r\n), however many frames the bytes
        // made; 100 % was drawn once, last, and the line ended there
        XCTAssertEqual(run.status, 0, run.standardOutput + run.standardError)
        let pieces = run.standardOutput.components(separatedBy: "download [")
        XCTAssertGreaterThan(pieces.count, 1, "no bar was drawn:\n\(run.standardOutput)")
        for before in pieces.dropLast() {
            XCTAssertTrue(before.hasSuffix(redraw) || before.hasSuffix("\r\n"), "a frame in mid-line after: \(before)")
        }
        let last = try XCTUnwrap(pieces.last)
        XCTAssertTrue(last.hasPrefix("██████████████████████████████] 100%  100.0 KiB of 100.0 KiB\r\n"), last)
        XCTAssertTrue(last.contains("Saved 102400 bytes to "), "the result follows on its own line")
        XCTAssertEqual(pieces.filter { $0.contains("] 100%") }.count, 1, "100 % is drawn once")
        XCTAssertFalse(run.standardOutput.contains("download: "), "no plain lines on a terminal")
    }

    func test_upload_inTmux_leavesTheFinishedBarOnItsOwnLineAndACleanScreen() throws {
        // Given
        let tmux = try DemoProcess.which("tmux")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-tty-\(UUID()).bin")
        try Data(repeating: 0x2A, count: 1_000_000).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-tmux-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: socket) }
        let demo = Self.shellCommand([
            DemoProcess.binary.path, "--base-url", try HTTPBin.baseURL().absoluteString, "upload", file.path,
        ])
        defer { _ = try? DemoProcess.run(["-S", socket, "kill-server"], executable: tmux) }  // a server of its own

        // When: the demo runs in a 120 × 50 tmux window; the shell prints its exit status after it
        let started = try DemoProcess.runLeavingADaemon(
            [
                tmux.path, "-S", socket, "new-session", "-d", "-x", "120", "-y", "50",
                "\(demo); echo courier-demo-exit=$?; sleep 600",
            ])
        XCTAssertEqual(started.status, 0, started.standardError)
        let screen = try Self.screen(of: socket, tmux: tmux, once: "courier-demo-exit=")

        // Then
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let bar = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("upload [") }, screen)
        XCTAssertTrue(lines[bar].hasPrefix("upload [██████████████████████████████] 100%  "), lines[bar])
        XCTAssertEqual(
            lines[bar + 1], "Uploaded \(file.lastPathComponent) as multipart form data. The server received:")
        XCTAssertTrue(lines.contains("  files: file (1000000 bytes)"), screen)
        XCTAssertTrue(lines.contains("courier-demo-exit=0"), screen)
        XCTAssertFalse(screen.contains("░"), "an unfinished bar was left on the screen:\n\(screen)")
        XCTAssertEqual(lines.filter { $0.contains("upload [") }.count, 1, "the bar was drawn on one line only")
        XCTAssertEqual(lines.filter { $0.hasPrefix("Courier: ") && $0.contains("upload") }.count, 0)
    }

    /// The screen of the only pane of the tmux server at `socket`, wrapped lines joined, once it
    /// shows `marker`.
    private static func screen(of socket: String, tmux: URL, once marker: String) throws -> String {
        // A deadline for a stuck demo, not a timing assertion: the demo takes well under a second.
        let deadline = Date().addingTimeInterval(60)
        while true {
            let capture = try DemoProcess.run(["-S", socket, "capture-pane", "-p", "-J"], executable: tmux)
            if capture.standardOutput.contains(marker) || Date() > deadline { return capture.standardOutput }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// `words` as one command line for `sh`, each word single-quoted.
    private static func shellCommand(_ words: [String]) -> String {
        words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    }
}
