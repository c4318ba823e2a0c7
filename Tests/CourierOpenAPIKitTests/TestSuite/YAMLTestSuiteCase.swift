import CourierOpenAPIKit
import Foundation

/// One case of the yaml-test-suite's `data` branch.
struct YAMLTestSuiteCase {
    enum Kind {
        case json(String)
        case error
    }

    /// `229Q`, or `2G84/00` for a variant.
    let id: String
    let title: String
    let yaml: Data
    let kind: Kind
    /// The suite's tags for the case (`flow`, `anchor`…), from its `tags/` folder.
    var tags: [String] = []

    /// How the case went.
    struct Outcome {
        var passed: Bool
        var detail: String
    }

    /// Every case under `root` with JSON or an error mark; the `name/` and `tags/` folders only
    /// link to them.
    static func all(in root: URL) throws -> [YAMLTestSuiteCase] {
        let manager = FileManager.default
        var cases: [YAMLTestSuiteCase] = []
        for id in try manager.contentsOfDirectory(atPath: root.path).sorted()
        where id.count == 4 && id.allSatisfy({ $0.isUppercase || $0.isNumber }) {
            let folder = root.appendingPathComponent(id)
            if manager.fileExists(atPath: folder.appendingPathComponent("in.yaml").path) {
                if let found = try load(id: id, folder: folder) { cases.append(found) }
                continue
            }
            for variant in (try? manager.contentsOfDirectory(atPath: folder.path))?.sorted() ?? [] {
                if let found = try load(id: "\(id)/\(variant)", folder: folder.appendingPathComponent(variant)) {
                    cases.append(found)
                }
            }
        }
        let tagsRoot = root.appendingPathComponent("tags")
        var tagsByID: [String: [String]] = [:]
        for tag in (try? manager.contentsOfDirectory(atPath: tagsRoot.path)) ?? [] {
            for id in (try? manager.contentsOfDirectory(atPath: tagsRoot.appendingPathComponent(tag).path)) ?? [] {
                tagsByID[id, default: []].append(tag)
            }
        }
        for index in cases.indices {
            let base = String(cases[index].id.prefix(4))
            cases[index].tags = (tagsByID[base] ?? []).sorted()
        }
        return cases
    }

    private static func load(id: String, folder: URL) throws -> YAMLTestSuiteCase? {
        let manager = FileManager.default
        let yamlURL = folder.appendingPathComponent("in.yaml")
        guard manager.fileExists(atPath: yamlURL.path) else { return nil }
        let title =
            (try? String(contentsOf: folder.appendingPathComponent("==="), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let yaml = try Data(contentsOf: yamlURL)
        if manager.fileExists(atPath: folder.appendingPathComponent("error").path) {
            return YAMLTestSuiteCase(id: id, title: title, yaml: yaml, kind: .error)
        }
        let jsonURL = folder.appendingPathComponent("in.json")
        guard manager.fileExists(atPath: jsonURL.path) else { return nil }
        let json = try String(contentsOf: jsonURL, encoding: .utf8)
        return YAMLTestSuiteCase(id: id, title: title, yaml: yaml, kind: .json(json))
    }

    /// Reads the YAML and judges the result.
    func run() -> Outcome {
        switch kind {
        case .error:
            do {
                let documents = try YAMLReader.readStream(yaml)
                return Outcome(passed: false, detail: "accepted, read as \(documents)")
            } catch {
                return Outcome(passed: true, detail: error.description)
            }
        case .json(let json):
            guard let expected = JSONSequence.values(json) else {
                return Outcome(passed: false, detail: "in.json could not be read")
            }
            do {
                let documents = try YAMLReader.readStream(yaml)
                // A document that is empty reads as null; the suite writes no JSON for it.
                let compared = expected.isEmpty ? documents.filter { $0 != .null } : documents
                guard compared.count == expected.count, zip(compared, expected).allSatisfy(sameJSON) else {
                    return Outcome(passed: false, detail: "read \(documents), expected \(expected)")
                }
                return Outcome(passed: true, detail: "")
            } catch {
                return Outcome(passed: false, detail: "refused: \(error.description)")
            }
        }
    }
}
