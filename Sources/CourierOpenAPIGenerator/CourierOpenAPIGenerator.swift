import Foundation
import PackagePlugin

/// Runs `courier-openapi generate` on the OpenAPI document of a target when the target builds, so an
/// app regenerates its client from `openapi.yaml` (or `.yml`, `.json`) with nothing generated checked in.
///
/// The target's folder holds the document and, optionally, `courier-openapi.json`:
///
/// ```json
/// {"name": "Petstore", "access": "internal"}
/// ```
///
/// `name` is the enum's name (`API` by default) and `access` is `public` (the default) or `internal`.
/// The Swift files are written in the plugin's work folder and compiled with the target.
@main
struct CourierOpenAPIGenerator: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url)
        return try Self.commands(
            files: files, tool: try context.tool(named: "courier-openapi").url,
            output: context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedSources"), targetName: target.name)
    }

    /// How many files the models are spread over: build commands name their outputs in advance.
    static let modelFiles = 8

    static func commands(files: [URL], tool: URL, output: URL, targetName: String) throws -> [Command] {
        let documents = files.filter { ["openapi.yaml", "openapi.yml", "openapi.json"].contains($0.lastPathComponent) }
        guard let document = documents.first else { return [] }
        guard documents.count == 1 else {
            throw PluginError(
                "\(targetName) has more than one OpenAPI document: keep one of \(documents.map(\.lastPathComponent))")
        }
        let configuration = files.first { $0.lastPathComponent == "courier-openapi.json" }
        let settings = try configuration.map(Settings.init(contentsOf:)) ?? Settings()
        var arguments = [
            "generate", document.path, "--output", output.path, "--name", settings.name, "--access", settings.access,
            "--model-files", String(modelFiles),
        ]
        arguments += settings.samples ? ["--samples"] : []
        var outputs = ["", "+TargetType", "+SampleData", "+Typed", "+Support", "+Models"]
        outputs += (2...modelFiles).map { "+Models\($0)" }
        if settings.samples { outputs.append("+Samples") }
        return [
            .buildCommand(
                displayName: "Generating \(settings.name) from \(document.lastPathComponent)", executable: tool,
                arguments: arguments, inputFiles: [document] + (configuration.map { [$0] } ?? []),
                outputFiles: outputs.map { output.appendingPathComponent("\(settings.name)\($0).swift") })
        ]
    }
}

/// `courier-openapi.json`.
struct Settings {
    var name = "API"
    var access = "public"
    var samples = false

    init() {}

    init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw PluginError(
                "\(url.lastPathComponent) must be a JSON object: {\"name\": \"API\", \"access\": \"public\"}")
        }
        if let name = object["name"] as? String { self.name = name }
        if let access = object["access"] as? String { self.access = access }
        if let samples = object["samples"] as? Bool { self.samples = samples }
    }
}

/// A problem with the target's OpenAPI set-up, shown by the build.
struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension CourierOpenAPIGenerator: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try Self.commands(
                files: target.inputFiles.map(\.url), tool: try context.tool(named: "courier-openapi").url,
                output: context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedSources"),
                targetName: target.displayName)
        }
    }
#endif
