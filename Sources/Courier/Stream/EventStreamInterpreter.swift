/// Interprets the lines of an event stream as the WHATWG HTML standard says (§9.2.6,
/// "Interpreting an event stream"), and collects the events it dispatches.
///
/// - A blank line dispatches the event: unless its data is empty, its data (without the last line
///   feed), type and the last event ID become a ``ServerSentEvent``.
/// - A line starting with `:` is a comment and is ignored; so are unknown fields.
/// - `field: value` loses one space after the colon; a line without a colon is a field with an
///   empty value.
/// - `data` appends its value and a line feed; `event` sets the type; `id` sets the last event ID
///   unless the value holds a NUL; `retry` sets the reconnection time if the value is ASCII
///   digits only, and is ignored otherwise.
/// - Text is decoded as UTF-8 once an event is complete, invalid bytes as U+FFFD.
struct EventStreamInterpreter: LineConsumer {
    /// The events dispatched and not yet taken.
    var dispatched: [ServerSentEvent] = []
    /// The stream's last event ID string: the last event ID buffer at the latest dispatch; empty
    /// for none.
    private(set) var lastEventID = ""
    /// The reconnection time of the stream's latest valid `retry` field.
    private(set) var reconnectionTime: Duration?
    /// The largest data of one event, in bytes.
    let maximumLength: Int

    private var data: [UInt8] = []
    private var eventType: String?
    private var lastEventIDBuffer = ""
    private var retry: Duration?

    private static let keptCapacity = 16 * 1024

    init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    mutating func consume(_ line: UnsafeRawBufferPointer) throws(StreamError) {
        guard let first = line.first else {
            dispatch()
            return
        }
        if first == Byte.colon { return }
        // Most lines of most streams are `data: …`: recognised without looking for the colon.
        if line.count >= 5, first == Byte.d, line[1] == Byte.a, line[2] == Byte.t, line[3] == Byte.a,
            line[4] == Byte.colon
        {
            try appendData(Self.value(of: line, colon: 4))
            return
        }
        let colon = ByteScan.index(of: Byte.colon, in: line, from: 0)
        let name = UnsafeRawBufferPointer(rebasing: line[0..<colon])
        let value = Self.value(of: line, colon: colon)
        if Self.matches(name, "data") {
            try appendData(value)
        } else if Self.matches(name, "event") {
            eventType = String(decoding: value, as: UTF8.self)
        } else if Self.matches(name, "id") {
            if !ByteScan.contains(0, in: value) { lastEventIDBuffer = String(decoding: value, as: UTF8.self) }
        } else if Self.matches(name, "retry") {
            if let milliseconds = Self.digits(value) {
                retry = .milliseconds(milliseconds)
                reconnectionTime = retry
            }
        }
    }

    /// Prepares for the body of a new connection: an event cut off by the old one's end is
    /// dropped. The last event ID carries over, as browsers keep it across reconnections.
    mutating func startNewConnection() {
        clearEvent()
        lastEventIDBuffer = lastEventID
    }

    /// Forgets the dispatched events once they are taken, keeping the memory for the next ones.
    mutating func removeDispatched() {
        dispatched.removeAll(keepingCapacity: true)
    }

    // MARK: - Steps

    private mutating func appendData(_ value: UnsafeRawBufferPointer) throws(StreamError) {
        guard data.count + value.count + 1 <= maximumLength else { throw .eventTooLong(limit: maximumLength) }
        data.append(contentsOf: value)
        data.append(Byte.lf)
    }

    private mutating func dispatch() {
        lastEventID = lastEventIDBuffer
        guard !data.isEmpty else {
            clearEvent()
            return
        }
        data.removeLast()
        let type = eventType.flatMap { $0.isEmpty ? nil : $0 } ?? "message"
        dispatched.append(
            ServerSentEvent(
                id: lastEventID.isEmpty ? nil : lastEventID, event: type, data: String(decoding: data, as: UTF8.self),
                retry: retry))
        clearEvent()
    }

    private mutating func clearEvent() {
        data.removeAll(keepingCapacity: data.capacity <= Self.keptCapacity)
        eventType = nil
        retry = nil
    }

    // MARK: - Helpers

    /// The value after the colon at `colon` (`line.count` for none), without one leading space.
    private static func value(of line: UnsafeRawBufferPointer, colon: Int) -> UnsafeRawBufferPointer {
        var start = colon + 1
        if start < line.count, line[start] == Byte.space { start += 1 }
        return UnsafeRawBufferPointer(rebasing: line[min(start, line.count)...])
    }

    /// Whether `bytes` are the ASCII text `name`.
    private static func matches(_ bytes: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        let expected = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        return bytes.elementsEqual(expected)
    }

    /// The number written in `value` if it is ASCII digits only (at least one), saturating at
    /// `Int.max`; `nil` otherwise.
    private static func digits(_ value: UnsafeRawBufferPointer) -> Int? {
        guard !value.isEmpty else { return nil }
        var number = 0
        for byte in value {
            guard byte >= Byte.zero, byte <= Byte.nine else { return nil }
            let (times10, overflowA) = number.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times10.addingReportingOverflow(Int(byte - Byte.zero))
            number = overflowA || overflowB ? Int.max : sum
        }
        return number
    }

    private enum Byte {
        static let lf = UInt8(ascii: "\n")
        static let colon = UInt8(ascii: ":")
        static let space = UInt8(ascii: " ")
        static let d = UInt8(ascii: "d")
        static let a = UInt8(ascii: "a")
        static let t = UInt8(ascii: "t")
        static let zero = UInt8(ascii: "0")
        static let nine = UInt8(ascii: "9")
    }
}
