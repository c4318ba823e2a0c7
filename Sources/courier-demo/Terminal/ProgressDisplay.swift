import Courier

/// Shows the progress of a request made with `Provider.requestWithProgress(_:)`: a bar redrawn in
/// place on a terminal, plain lines at 25 %, 50 %, 75 % and 100 % elsewhere.
struct ProgressDisplay {
    let console: Console
    let bar: ProgressBar

    /// Iterates `transfer` to its end and returns its response.
    /// - Parameter limit: Cancels the current task (and so the request) once this many bytes are
    ///   done; `nil` by default.
    /// - Throws: The request's `CourierError`; a bar that was shown stays on its own line.
    func follow(_ transfer: ProgressSequence, cancellingAt limit: Int64? = nil) async throws(CourierError) -> Response {
        var printedQuarter = 0
        do throws(CourierError) {
            for try await event in transfer {
                let (completed, total) = (event.completedUnitCount, event.totalUnitCount)
                if let limit, completed >= limit { withUnsafeCurrentTask { $0?.cancel() } }
                if console.isTerminal {
                    let line = bar.bar(completed: completed, total: total)
                    event.completed ? console.endBar(line) : console.drawBar(line)
                } else {
                    let quarter = event.completed ? 4 : ProgressBar.quarter(completed: completed, total: total)
                    if quarter > printedQuarter {
                        printedQuarter = quarter
                        console.print(bar.plainLine(completed: completed, total: total))
                    }
                }
            }
        } catch {
            console.abandonBar()
            throw error
        }
        return try await transfer.response
    }
}
