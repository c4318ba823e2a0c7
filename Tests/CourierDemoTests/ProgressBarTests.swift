import XCTest

@testable import courier_demo

final class ProgressBarTests: XCTestCase {
    func test_bar_fillsItsCellsInProportion() {
        let bar = ProgressBar(label: "upload", width: 10)
        XCTAssertEqual(bar.bar(completed: 0, total: 2048), "upload [░░░░░░░░░░]   0%  0 B of 2.0 KiB")
        XCTAssertEqual(bar.bar(completed: 1024, total: 2048), "upload [█████░░░░░]  50%  1.0 KiB of 2.0 KiB")
        XCTAssertEqual(bar.bar(completed: 2048, total: 2048), "upload [██████████] 100%  2.0 KiB of 2.0 KiB")
    }

    func test_bar_withUnknownTotal_showsBytesOnly() {
        XCTAssertEqual(ProgressBar(label: "download").bar(completed: 3 * 1024 * 1024, total: nil), "download 3.0 MiB")
    }

    func test_plainLine_showsPercentAndBytes() {
        let bar = ProgressBar(label: "download")
        XCTAssertEqual(bar.plainLine(completed: 25, total: 100), "download: 25% (25 of 100 bytes)")
        XCTAssertEqual(bar.plainLine(completed: 7, total: nil), "download: 7 bytes")
    }

    func test_quarter_countsCompletedQuarters() {
        XCTAssertEqual(ProgressBar.quarter(completed: 24, total: 100), 0)
        XCTAssertEqual(ProgressBar.quarter(completed: 50, total: 100), 2)
        XCTAssertEqual(ProgressBar.quarter(completed: 100, total: 100), 4)
        XCTAssertEqual(ProgressBar.quarter(completed: 100, total: nil), 0)
    }
}
