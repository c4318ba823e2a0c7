import CourierOpenAPIKit
import Foundation

/// `courier-openapi generate SPEC --output DIR [--name API] [--access public|internal] [--samples]`.
@main
enum CourierOpenAPI {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            switch try Command.parse(arguments) {
            case .help:
                print(Command.usage)
            case .generate(let command):
                try generate(command)
            }
        } catch let error as CommandError {
            FileHandle.standardError.write(Data("courier-openapi: \(error.message)\n".utf8))
            if error.showsUsage { FileHandle.standardError.write(Data("\n\(Command.usage)\n".utf8)) }
            exit(error.status)
        } catch {
            FileHandle.standardError.write(Data("courier-openapi: \(error)\n".utf8))
            exit(1)
        }
    }

    static func generate(_ command: GenerateCommand) throws {
        let started = Date()
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: command.specPath)))
        } catch {
            throw CommandError("cannot read \(command.specPath): \(error.localizedDescription)", status: 1)
        }
        let files: [GeneratedFile]
        let warnings: [GenerationWarning]
        do {
            let root = try DocumentReader.read(bytes)
            (files, warnings) = try Generator.generate(
                root,
                options: GeneratorOptions(
                    name: command.name, isPublic: command.isPublic, emitsSamples: command.emitsSamples,
                    modelFileCount: command.modelFiles))
        } catch {
            throw CommandError("\(command.specPath): \(error)", status: 1)
        }
        for warning in warnings {
            FileHandle.standardError.write(Data("\(command.specPath): \(warning)\n".utf8))
        }
        let written = try OutputFolder(path: command.outputPath, apiName: command.name).write(files)
        let lines = files.reduce(0) { $0 + $1.contents.utf8.lazy.filter { $0 == 0x0A }.count }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        print(
            "courier-openapi: \(files.count) files, \(lines) lines in \(command.outputPath) (\(written) changed), "
                + "\(warnings.count) warnings, \(seconds) s")
    }
}
