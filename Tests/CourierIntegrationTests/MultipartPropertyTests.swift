import Courier
import CourierTestSupport
import XCTest

/// Random multipart forms (names with quotes, CR/LF and any Unicode, text and binary parts, file
/// names of every kind) are encoded by Courier and parsed by httpbin's own multipart parser
/// (werkzeug): every field and file must come back intact, and no name may break a header.
final class MultipartPropertyTests: XCTestCase {
    override func setUpWithError() throws {
        try SanitizedRun.skipInputMatrix()
    }

    static let cases = 120
    static let seed: UInt64 = 0x3A17_F0A2

    /// The name werkzeug reports: quotes (sent as `%22`) and backslashes (sent doubled) come back
    /// as themselves; CR and LF stay escaped as `%0D` and `%0A` (werkzeug does not decode them,
    /// and they must never reach a header raw); text that already read `%22` is decoded too, the
    /// one ambiguity of the format.
    private func escaped(_ name: String) -> String {
        name.replacingOccurrences(of: "%22", with: "\"").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// The first key whose value differs, with the key's scalars spelled out.
    static func difference<Value: Equatable>(_ sent: [String: Value], _ parsed: [String: Value]) -> String? {
        let scalars = { (text: String) in text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
        }
        for key in Set(sent.keys).union(parsed.keys).sorted() where sent[key] != parsed[key] {
            return "[\(scalars(key))]: sent \(sent[key].map { "\($0)".debugDescription.prefix(60) } ?? "nothing"), "
                + "parsed \(parsed[key].map { "\($0)".debugDescription.prefix(60) } ?? "nothing")"
        }
        return nil
    }

    func test_randomForms_roundTripThroughHTTPBinsMultipartParser() async throws {
        let base = try HTTPBin.baseURL()
        let provider = Provider<HTTPBinTarget>()
        var generator = SeededGenerator(seed: Self.seed)
        var failures: [String] = []
        for index in 0..<Self.cases {
            var parts: [MultipartFormBodyPart] = []
            var expectedFields: [String: String] = [:]
            var expectedFiles: [String: Data] = [:]
            for part in 0..<Int.random(in: 1...6, using: &generator) {
                // A unique prefix keeps names distinct after escaping; the rest is random.
                let name = "f\(part)" + generator.string(maximumLength: 10)
                if Bool.random(using: &generator) {
                    let value = generator.string(maximumLength: 300).replacingOccurrences(of: "\r", with: "")
                    parts.append(MultipartFormBodyPart(provider: .data(Data(value.utf8)), name: name))
                    expectedFields[escaped(name)] = value
                } else {
                    let bytes = Data(
                        (0..<Int.random(in: 0...4096, using: &generator)).map { _ in
                            UInt8.random(in: 0...255, using: &generator)
                        })
                    let fileName = "x" + generator.string(maximumLength: 12) + ".bin"
                    parts.append(
                        MultipartFormBodyPart(
                            provider: .data(bytes), name: name, fileName: fileName, mimeType: "application/octet-stream"
                        ))
                    expectedFiles[escaped(name)] = bytes
                }
            }
            let echo = try await provider.request(
                HTTPBinTarget(
                    base, "/post", method: .post, task: .uploadMultipartFormData(MultipartFormData(parts: parts))),
                as: HTTPBinEcho.self)
            let fields = echo.form.compactMapValues(\.string)
            let files = echo.files.compactMapValues { value -> Data? in
                guard let text = value.string else { return nil }
                let prefix = "data:application/octet-stream;base64,"
                return text.hasPrefix(prefix)
                    ? Data(base64Encoded: String(text.dropFirst(prefix.count))) : Data(text.utf8)
            }
            if let difference = Self.difference(expectedFields, fields) {
                failures.append("case \(index) (seed \(Self.seed)), field \(difference)")
            }
            if let difference = Self.difference(expectedFiles, files) {
                failures.append("case \(index) (seed \(Self.seed)), file \(difference)")
            }
        }
        XCTAssertEqual(failures, [], "\(failures.count) differences in \(Self.cases) forms")
    }
}
