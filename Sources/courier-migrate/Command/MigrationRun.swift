import Foundation

/// Migrates every file under the given paths, prints a line for each place that needs a hand, and
/// counts what it did for the summary line.
struct MigrationRun {
    let dryRun: Bool
    /// Where report lines go (standard output by default).
    var output: (String) -> Void = { print($0) }
    /// Where I/O errors go (standard error by default).
    var errorOutput: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }

    private(set) var files = 0
    private(set) var rewrites = 0
    private(set) var handNotes = 0
    private(set) var ioErrors = 0

    /// `courier-migrate: N files, R rewrites, H places need a hand`.
    var summary: String {
        "courier-migrate: \(files) files, \(rewrites) rewrites, \(handNotes) places need a hand"
    }

    /// Migrates the files at or under each path, in order.
    mutating func migrate(paths: [String]) {
        var files: [String] = []
        for path in paths {
            do {
                files += try SourceFileFinder.files(at: path)
            } catch {
                fail(path, error)
            }
        }
        // Rules look at declarations of other files: a provider subclass, a protocol refining TargetType.
        let project = files.reduce(into: ProjectDeclarations()) { declarations, path in
            let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
            guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else { return }
            declarations.formUnion(FileMigrator.declarations(in: text))
        }
        for file in files { migrate(file: file, project: project) }
    }

    private mutating func migrate(file path: String, project: ProjectDeclarations) {
        let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return fail(path, error)
        }
        files += 1
        guard let text = String(data: data, encoding: .utf8) else {
            return needsHand(path, line: 1, "left as it is: the file is not valid UTF-8")
        }
        switch FileMigrator.migrate(text, project: project) {
        case .notMoyaCode:
            return
        case .notUnderstood(let problem):
            needsHand(
                path, line: problem.line, "left as it is: \(problem.reason); fix it and run courier-migrate again")
        case .migrated(let migrated, let count, let notes):
            // Lines as they are in the file after the run: the migrated file's, unless nothing is written.
            let written = !dryRun && migrated != text
            for note in notes { needsHand(path, line: written ? note.migratedLine : note.line, note.advice) }
            guard migrated != text else { return }
            rewrites += count
            if dryRun {
                output("\(path): \(count) rewrites (dry run: not written)")
            } else {
                write(migrated, to: url, reportedAs: path)
            }
        }
    }

    /// Replaces the file's contents, keeping its permissions; the write is atomic, so a failure
    /// never leaves half a file.
    private mutating func write(_ text: String, to url: URL, reportedAs path: String) {
        do {
            let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]
            try Data(text.utf8).write(to: url, options: .atomic)
            if let permissions {
                try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: url.path)
            }
        } catch {
            fail(path, error)
        }
    }

    private mutating func needsHand(_ path: String, line: Int, _ advice: String) {
        handNotes += 1
        output("\(path):\(line): \(advice)")
    }

    private mutating func fail(_ path: String, _ error: any Error) {
        ioErrors += 1
        errorOutput("courier-migrate: \(path): \(error.localizedDescription)")
    }
}
