import Courier

/// JSON (or any) files that stubbed targets answer with, kept in your test bundle or a folder.
///
/// Declare the folder as a resource of your test target and look files up in `Bundle.module`,
/// which only your test target can name:
///
/// ```swift
/// // Package.swift: .testTarget(name: "AppTests", dependencies: [...], resources: [.copy("Fixtures")])
/// let fixtures = Fixtures(bundle: .module)
/// let user = try fixtures.data(named: "users/octocat")   // Fixtures/users/octocat.json
/// ```
///
/// A name without an extension gets `.json`; a name with `/` looks in subfolders. A missing file
/// throws ``FixtureNotFoundError``, which names every file that was looked for.
public struct Fixtures: Sendable {
    private enum Source: Sendable {
        case bundle(Bundle, subdirectory: String?)
        case directory(URL)
    }

    private let source: Source

    /// Fixtures in a bundle's resources.
    /// - Parameters:
    ///   - bundle: The bundle, usually your test target's `Bundle.module`.
    ///   - subdirectory: The folder inside the bundle's resources. `"Fixtures"` by default, the
    ///     folder that `resources: [.copy("Fixtures")]` creates; `nil` for the resources' root
    ///     (what `.process` produces).
    public init(bundle: Bundle, subdirectory: String? = "Fixtures") {
        source = .bundle(bundle, subdirectory: subdirectory)
    }

    /// Fixtures in a folder on disk, for example next to the test file:
    /// `Fixtures(directory: URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures"))`.
    /// - Parameter directory: The folder.
    public init(directory: URL) {
        source = .directory(directory)
    }

    // MARK: - Looking up

    /// The URL of the fixture `name`.
    /// - Parameter name: The file's name relative to the fixtures folder, e.g. `"users/octocat"`;
    ///   `.json` is added when it has no extension.
    /// - Throws: ``FixtureNotFoundError`` when there is no such file.
    public func url(named name: String) throws(FixtureNotFoundError) -> URL {
        try url(amongNames: [name], for: nil)
    }

    /// The URL of the folder `name` among the fixtures, e.g. recordings for
    /// ``RecordReplayTransport``: `try fixtures.folder(named: "Recordings/Login")`.
    /// - Throws: ``FixtureNotFoundError`` when there is no such folder.
    public func folder(named name: String) throws(FixtureNotFoundError) -> URL {
        let path = name.split(separator: "/").joined(separator: "/")
        let folder: URL?
        let shownPath: String
        switch source {
        case .bundle(let bundle, let subdirectory):
            let resources = subdirectory.map { bundle.resourceURL?.appendingPathComponent($0) } ?? bundle.resourceURL
            folder = resources?.appendingPathComponent(path)
            shownPath = [subdirectory, path].compactMap { $0 }.joined(separator: "/") + "/"
        case .directory(let directory):
            folder = directory.appendingPathComponent(path)
            shownPath = path + "/"
        }
        var isDirectory: ObjCBool = false
        guard let folder, FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw FixtureNotFoundError(target: nil, lookedFor: [shownPath], location: location)
        }
        return folder
    }

    /// The contents of the fixture `name`.
    /// - Parameter name: The file's name, as for ``url(named:)``.
    /// - Throws: ``FixtureNotFoundError`` when there is no such file or it cannot be read.
    public func data(named name: String) throws(FixtureNotFoundError) -> Data {
        try read(url(named: name), target: nil)
    }

    /// The contents of the fixture for `target`: the first file found among
    /// ``candidateNames(for:)``.
    /// - Throws: ``FixtureNotFoundError`` naming every file that was looked for.
    public func data(for target: any TargetType) throws(FixtureNotFoundError) -> Data {
        try file(named: nil, for: target).data
    }

    /// The contents of the fixture `name`, or of `target`'s when `name` is `nil`, and the extension
    /// of the file they were read from: only the lookup knows which of a target's names it found.
    func file(named name: String?, for target: any TargetType) throws(FixtureNotFoundError) -> (
        data: Data, pathExtension: String
    ) {
        let description = name == nil ? String(describing: target) : nil
        let url = try url(amongNames: name.map { [$0] } ?? Self.candidateNames(for: target), for: description)
        return (try read(url, target: description), url.pathExtension)
    }

    /// The fixture `name` decoded as `type`.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - name: The file's name, as for ``url(named:)``.
    ///   - decoder: The decoder. A new `JSONDecoder` by default.
    /// - Throws: ``FixtureNotFoundError`` for a missing file, the decoder's error for bad contents.
    public func decode<Value: Decodable>(
        _ type: Value.Type, named name: String, decoder: JSONDecoder = JSONDecoder()
    ) throws -> Value {
        try decoder.decode(type, from: data(named: name))
    }

    /// The file names a target's fixture is looked up by, in order:
    /// 1. the target's ``FixtureNamed/fixtureName``, when it conforms to ``FixtureNamed`` (then only this);
    /// 2. the case name of an `enum` target: `userProfile` for `GitHub.userProfile("octocat")`;
    /// 3. the target's path without its leading slash: `users/octocat`.
    ///
    /// ``MultiTarget`` is unwrapped first. Names without an extension get `.json`.
    public static func candidateNames(for target: any TargetType) -> [String] {
        FixtureNames.candidates(for: target.unwrappedTarget)
    }

    // MARK: - Files

    private func url(amongNames names: [String], for target: String?) throws(FixtureNotFoundError) -> URL {
        var lookedFor: [String] = []
        for name in names {
            let file = FixtureNames.File(name)
            switch source {
            case .bundle(let bundle, let subdirectory):
                let folder = [subdirectory, file.folder].compactMap { $0 }.joined(separator: "/")
                if let url = bundle.url(
                    forResource: file.baseName, withExtension: file.pathExtension,
                    subdirectory: folder.isEmpty ? nil : folder)
                {
                    return url
                }
                lookedFor.append(folder.isEmpty ? file.relativePath : folder + "/" + file.lastComponent)
            case .directory(let directory):
                let url = directory.appendingPathComponent(file.relativePath)
                if FileManager.default.fileExists(atPath: url.path) { return url }
                lookedFor.append(file.relativePath)
            }
        }
        throw FixtureNotFoundError(target: target, lookedFor: lookedFor, location: location, reason: nil)
    }

    private func read(_ url: URL, target: String?) throws(FixtureNotFoundError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw FixtureNotFoundError(
                target: target, lookedFor: [url.path], location: location, reason: error.localizedDescription)
        }
    }

    /// Where the files are, for error messages.
    private var location: String {
        switch source {
        case .bundle(let bundle, _): "bundle \(bundle.bundlePath)"
        case .directory(let directory): "folder \(directory.path)"
        }
    }
}
