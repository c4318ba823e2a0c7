import CourierTestSupport
import XCTest

@testable import Courier

final class RefusedBodyTests: XCTestCase {
    func test_shortBody_isReadWhole() async {
        // Given
        let (body, writer) = ResponseBodyStream.makeStream()
        writer.yield(Data("service ".utf8))
        writer.yield(Data("unavailable".utf8))
        writer.finish()
        // When
        let start = await RefusedBody.start(of: body)
        // Then
        XCTAssertEqual(String(decoding: start, as: UTF8.self), "service unavailable")
    }

    func test_endlessBody_isReadUpToTheLimit_andItsTransferStopped() async {
        // Given
        let (body, writer) = ResponseBodyStream.makeStream(bufferLimit: 64)
        let feeding = Task {
            while !writer.isTerminated {
                writer.yield(Data(repeating: 0x61, count: 10))
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        // When
        let start = await RefusedBody.start(of: body, limit: 25)
        // Then
        XCTAssertEqual(start.count, 25)
        XCTAssertTrue(writer.isTerminated)
        feeding.cancel()
    }

    func test_bodyThatStalls_givesWhatArrivedWithinTheTimeLimit() async {
        // Given
        let (body, writer) = ResponseBodyStream.makeStream()
        writer.yield(Data("partial".utf8))
        // When
        let start = await RefusedBody.start(of: body, within: .milliseconds(100))
        // Then
        XCTAssertEqual(String(decoding: start, as: UTF8.self), "partial")
        XCTAssertTrue(writer.isTerminated)
    }
}
