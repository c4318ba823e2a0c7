import CourierOpenAPIKit
import CourierTestSupport
import Foundation
import XCTest

/// The clients generated from the test documents (`Documents/`), written once per test run into a
/// scratch folder, one subfolder per document, each API named after its document (`pets.json` → `Pets`).
enum GeneratedClients {
    /// The documents: app-shaped descriptions written for these tests.
    static let documents = ["access", "chat", "payments", "pets", "repos"]

    static let documentsFolder = DocumentExamples.root.appendingPathComponent("Tests/CourierOpenAPITests/Documents")

    /// The generation, made on first use.
    static let shared: Result<Generation, any Error> = Result { try Generation() }

    struct Generation: Sendable {
        let folder: URL
        /// Every Swift file written, in order.
        let files: [URL]
        /// The warnings, by document.
        let warnings: [String: [GenerationWarning]]

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-\(UUID().uuidString)")
            var files: [URL] = []
            var warnings: [String: [GenerationWarning]] = [:]
            for document in GeneratedClients.documents {
                let bytes = Array(
                    try Data(contentsOf: GeneratedClients.documentsFolder.appendingPathComponent("\(document).json")))
                let (generated, found) = try Generator.generate(
                    try DocumentReader.read(bytes),
                    options: GeneratorOptions(name: GeneratedClients.apiName(document), emitsSamples: true))
                warnings[document] = found
                let output = folder.appendingPathComponent(document)
                try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
                for file in generated {
                    let url = output.appendingPathComponent(file.name)
                    try Data(file.contents.utf8).write(to: url)
                    files.append(url)
                }
            }
            self.files = files
            self.warnings = warnings
        }
    }

    /// `pets` → `Pets`.
    static func apiName(_ document: String) -> String {
        document.prefix(1).uppercased() + document.dropFirst()
    }

    /// `Clients.swift` for the runner: each client's conformance, and the list by name.
    static func clientsSource() -> String {
        var source = "import Courier\n\n"
        for document in documents { source += "extension \(apiName(document)): SampleClient {}\n" }
        source += "\nlet sampleClients: [String: any SampleClient.Type] = [\n"
        for document in documents { source += "    \"\(document)\": \(apiName(document)).self,\n" }
        return source + "]\n"
    }
}
