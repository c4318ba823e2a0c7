import Courier

/// An event stream shaped like an LLM completion (`data: {…"delta":{"content":…}}`, a
/// keep-alive comment now and then, ids on some events), cut into 16 KiB chunks wherever the
/// bytes fall, as a transport delivers it.
struct SSECorpus {
    let chunks: [Data]
    let events: Int
    let lines: Int
    var bytes: Int { chunks.reduce(0) { $0 + $1.count } }

    init(megabytes: Int) {
        let words = ["Hello", " world", ",", " the", " quick", " brown", " fox", " jumps", " ç", " 😀", "\\n"]
        var text = ""
        var events = 0
        var lines = 0
        while text.utf8.count < megabytes * 1_000_000 {
            let word = words[events % words.count]
            if events % 50 == 49 {
                text += ": keep-alive\n\n"
                lines += 2
            }
            if events % 10 == 0 {
                text += "id: \(events)\n"
                lines += 1
            }
            text += "data: {\"id\":\"chatcmpl-8Xq2\",\"object\":\"chat.completion.chunk\",\"created\":1731600000,"
            text += "\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\(word)\"},\"finish_reason\":null}]}\n\n"
            lines += 2
            events += 1
        }
        let bytes = Data(text.utf8)
        chunks = stride(from: 0, to: bytes.count, by: 16_384).map { start in
            bytes.subdata(in: start..<min(start + 16_384, bytes.count))
        }
        self.events = events
        self.lines = lines
    }

    /// A body that already holds every chunk, as if the network had delivered them all.
    func body() -> ResponseBodyStream {
        let (body, writer) = ResponseBodyStream.makeStream(bufferLimit: bytes + 1)
        for chunk in chunks { writer.yield(chunk) }
        writer.finish()
        return body
    }
}
