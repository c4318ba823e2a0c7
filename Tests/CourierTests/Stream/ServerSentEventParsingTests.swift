import CourierTestSupport
import XCTest

@testable import Courier

final class ServerSentEventParsingTests: XCTestCase {
    func test_corpus_wholeStream_givesTheEventsTheStandardDefines() throws {
        for streamCase in EventStreamCorpus.cases {
            // When
            let (events, parser) = try parse([streamCase.bytes])
            // Then
            XCTAssertEqual(events, streamCase.events, streamCase.name)
            XCTAssertEqual(parser.reconnectionTime, streamCase.reconnectionTime, streamCase.name)
        }
    }

    func test_corpus_everySplitIntoTwoChunks_givesTheSameEvents() throws {
        for streamCase in EventStreamCorpus.cases {
            for cut in 0...streamCase.bytes.count {
                // Given
                let chunks = [Array(streamCase.bytes[..<cut]), Array(streamCase.bytes[cut...])]
                // When
                let (events, parser) = try parse(chunks)
                // Then
                XCTAssertEqual(events, streamCase.events, "\(streamCase.name), cut at byte \(cut)")
                XCTAssertEqual(parser.reconnectionTime, streamCase.reconnectionTime, streamCase.name)
            }
        }
    }

    func test_corpus_oneByteChunks_giveTheSameEvents() throws {
        for streamCase in EventStreamCorpus.cases {
            // When
            let (events, _) = try parse(streamCase.bytes.map { [$0] })
            // Then
            XCTAssertEqual(events, streamCase.events, streamCase.name)
        }
    }

    func test_corpus_randomSplitsIntoManyChunks_giveTheSameEvents() throws {
        let seed: UInt64 = 0x5EED_0017
        var random = SeededGenerator(seed: seed)
        for streamCase in EventStreamCorpus.cases {
            for round in 0..<200 {
                // Given
                let chunks = Self.randomChunks(of: streamCase.bytes, using: &random)
                // When
                let (events, _) = try parse(chunks)
                // Then
                XCTAssertEqual(
                    events, streamCase.events,
                    "\(streamCase.name), round \(round) of seed \(seed): \(chunks.map(\.count)) bytes")
            }
        }
    }

    func test_lineLongerThanTheLimit_throwsLineTooLong_evenWhenItNeverEnds() {
        // Given
        var parser = ServerSentEventParser(maximumLength: 16)
        // When / Then
        XCTAssertNoThrow(try parser.parse(Data("data: 0123456789".utf8)))
        XCTAssertThrowsError(try parser.parse(Data("abc".utf8))) { error in
            XCTAssertEqual(error as? StreamError, .lineTooLong(limit: 16))
        }
    }

    func test_eventDataLargerThanTheLimit_throwsEventTooLong() {
        // Given
        var parser = ServerSentEventParser(maximumLength: 16)
        // When / Then
        XCTAssertThrowsError(try parser.parse(Data("data: 0123456\ndata: 0123456\ndata: 0\n".utf8))) { error in
            XCTAssertEqual(error as? StreamError, .eventTooLong(limit: 16))
        }
    }

    func test_lastEventID_isTheIDAtTheLatestDispatch_notAnIDOfAnUnfinishedEvent() throws {
        // Given
        var parser = ServerSentEventParser(maximumLength: 1024)
        // When
        _ = try parser.parse(Data("id: 1\ndata: a\n\nid: 2\ndata: b\n".utf8))
        // Then
        XCTAssertEqual(parser.lastEventID, "1", "event 2 was never dispatched")
    }

    func test_newConnection_dropsTheCutEvent_keepsTheLastEventID_andDropsANewByteOrderMark() throws {
        // Given
        var parser = ServerSentEventParser(maximumLength: 1024)
        _ = try parser.parse(Data("id: 1\ndata: a\n\ndata: cut off".utf8))
        // When
        parser.startNewConnection()
        let events = try parser.parse(Data("\u{FEFF}data: b\n\n".utf8))
        // Then
        XCTAssertEqual(events, [ServerSentEvent(id: "1", data: "b")])
    }

    func test_eventDescription_isWireText_thatParsesBackToTheEvent() throws {
        // Given
        let event = ServerSentEvent(id: "9", event: "delta", data: "two\nlines", retry: .milliseconds(1500))
        // When
        let (events, _) = try parse([Array(event.description.utf8)])
        // Then
        XCTAssertEqual(event.description, "id: 9\nevent: delta\nretry: 1500\ndata: two\ndata: lines\n\n")
        XCTAssertEqual(events, [event])
    }

    // MARK: - Helpers

    private func parse(_ chunks: [[UInt8]]) throws -> ([ServerSentEvent], ServerSentEventParser) {
        var parser = ServerSentEventParser(maximumLength: 4096)
        var events: [ServerSentEvent] = []
        for chunk in chunks {
            events += try parser.parse(Data(chunk))
        }
        return (events, parser)
    }

    /// `bytes` cut at 1 to 8 random places (empty chunks included).
    static func randomChunks(of bytes: [UInt8], using random: inout SeededGenerator) -> [[UInt8]] {
        let cuts = (0..<Int.random(in: 1...8, using: &random)).map { _ in
            Int.random(in: 0...bytes.count, using: &random)
        }.sorted()
        var chunks: [[UInt8]] = []
        var start = 0
        for cut in cuts + [bytes.count] {
            chunks.append(Array(bytes[start..<cut]))
            start = cut
        }
        return chunks
    }
}
