import Courier
import Foundation

/// Event streams with every edge case of the WHATWG "interpreting an event stream" rules, each
/// with the events a conforming parser dispatches, worked out by hand from the rules.
public enum EventStreamCorpus {
    /// One stream and what it dispatches.
    public struct Case: Sendable {
        /// What the stream shows.
        public let name: String
        /// The stream's bytes.
        public let bytes: [UInt8]
        /// The events it dispatches.
        public let events: [ServerSentEvent]
        /// The reconnection time of the stream's latest valid `retry`.
        public var reconnectionTime: Duration?

        init(_ name: String, _ text: String, _ events: [ServerSentEvent], reconnectionTime: Duration? = nil) {
            self.init(name, Array(text.utf8), events, reconnectionTime: reconnectionTime)
        }

        init(_ name: String, _ bytes: [UInt8], _ events: [ServerSentEvent], reconnectionTime: Duration? = nil) {
            self.name = name
            self.bytes = bytes
            self.events = events
            self.reconnectionTime = reconnectionTime
        }
    }

    /// Every case.
    public static let cases: [Case] = [
        Case("one event", "data: hello\n\n", [ServerSentEvent(data: "hello")]),
        Case(
            "multi-line data, joined with LF; a data line without a colon or value adds an empty line",
            "data: first\ndata: second\ndata\ndata:\n\n", [ServerSentEvent(data: "first\nsecond\n\n")]),
        Case(
            "comments are ignored, anywhere", ": keep-alive\n:\ndata: x\n: inside an event\n\n",
            [ServerSentEvent(data: "x")]),
        Case(
            "event, id and retry fields", "event: add\nid: 7\nretry: 2500\ndata: 73857293\n\n",
            [ServerSentEvent(id: "7", event: "add", data: "73857293", retry: .milliseconds(2500))],
            reconnectionTime: .milliseconds(2500)),
        Case(
            "the id carries over to later events until an empty id resets it",
            "id: 1\ndata: a\n\ndata: b\n\nid\ndata: c\n\n",
            [ServerSentEvent(id: "1", data: "a"), ServerSentEvent(id: "1", data: "b"), ServerSentEvent(data: "c")]),
        Case(
            "an id holding NUL is ignored", Array("id: 5\ndata: a\n\nid: 6".utf8) + [0] + Array("x\ndata: b\n\n".utf8),
            [ServerSentEvent(id: "5", data: "a"), ServerSentEvent(id: "5", data: "b")]),
        Case(
            "retry must be ASCII digits only", "retry: 12a\ndata: a\n\nretry: \ndata: b\n\nretry:1000\ndata: c\n\n",
            [
                ServerSentEvent(data: "a"), ServerSentEvent(data: "b"),
                ServerSentEvent(data: "c", retry: .milliseconds(1000)),
            ],
            reconnectionTime: .milliseconds(1000)),
        Case(
            "a retry in an event without data still sets the reconnection time", "retry: 42\n\ndata: x\n\n",
            [ServerSentEvent(data: "x")], reconnectionTime: .milliseconds(42)),
        Case("a byte order mark at the start is dropped", "\u{FEFF}data: bom\n\n", [ServerSentEvent(data: "bom")]),
        Case(
            "a byte order mark later is part of the line (an unknown field here)",
            "\u{FEFF}data: a\n\n\u{FEFF}data: b\n\n", [ServerSentEvent(data: "a")]),
        Case(
            "CR alone ends lines", "event: e\rdata: one\rdata: two\r\r",
            [ServerSentEvent(event: "e", data: "one\ntwo")]),
        Case(
            "CRLF ends lines", "data: x\r\n\r\ndata: y\r\n\r\n",
            [ServerSentEvent(data: "x"), ServerSentEvent(data: "y")]
        ),
        Case("mixed line endings", "data: a\r\ndata: b\rdata: c\n\r\n", [ServerSentEvent(data: "a\nb\nc")]),
        Case(
            "CR CR LF LF is three line endings: the last blank line dispatches nothing", "data: z\r\r\n\n",
            [ServerSentEvent(data: "z")]),
        Case(
            "one space after the colon is dropped, and only one", "data:no-space\n\ndata:  two spaces\n\n",
            [ServerSentEvent(data: "no-space"), ServerSentEvent(data: " two spaces")]),
        Case(
            "unknown fields are ignored; a field without a colon has an empty value",
            "foo: bar\nevent\ndata: x\n\n", [ServerSentEvent(data: "x")]),
        Case(
            "an event without data is not dispatched, and its type does not leak",
            "event: typed\n\ndata: plain\n\n", [ServerSentEvent(data: "plain")]),
        Case(
            "the event type belongs to one event", "event: a\ndata: 1\n\ndata: 2\n\n",
            [ServerSentEvent(event: "a", data: "1"), ServerSentEvent(data: "2")]),
        Case(
            "an event the end cuts off before its blank line is dropped", "data: done\n\ndata: never",
            [ServerSentEvent(data: "done")]),
        Case(
            "an event whose blank line never comes is dropped", "data: a\n\ndata: b\n",
            [ServerSentEvent(data: "a")]),
        Case(
            "empty data lines make empty and newline data", "data\n\ndata\ndata\n\ndata:",
            [ServerSentEvent(data: ""), ServerSentEvent(data: "\n")]),
        Case(
            "multi-byte UTF-8 survives every cut", "data: héllo 😀 中文\nevent: ü\n\n",
            [ServerSentEvent(event: "ü", data: "héllo 😀 中文")]),
        Case(
            "invalid UTF-8 becomes U+FFFD", Array("data: ".utf8) + [0xFF, 0xFE] + Array("ok\n\n".utf8),
            [ServerSentEvent(data: "\u{FFFD}\u{FFFD}ok")]),
        Case("colons in the value are kept", "data: a:b:c\n\n", [ServerSentEvent(data: "a:b:c")]),
        Case("field names are case-sensitive", "Data: x\n\ndata: y\n\n", [ServerSentEvent(data: "y")]),
        Case(
            "a long line cut into many chunks",
            "data: " + String(repeating: "0123456789", count: 30) + "\n\n",
            [ServerSentEvent(data: String(repeating: "0123456789", count: 30))]),
        Case(
            "an LLM-style stream", "data: {\"t\":\"Hel\"}\n\ndata: {\"t\":\"lo\"}\n\ndata: [DONE]\n\n",
            [
                ServerSentEvent(data: "{\"t\":\"Hel\"}"), ServerSentEvent(data: "{\"t\":\"lo\"}"),
                ServerSentEvent(data: "[DONE]"),
            ]),
    ]
}
