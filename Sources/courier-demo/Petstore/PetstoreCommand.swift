/// `courier-demo openapi`: the `Petstore` client, generated from `Petstore/openapi.json` by the
/// CourierOpenAPIGenerator plugin when the demo builds, answering offline from the document's examples.
struct PetstoreCommand: Equatable, DemoSubcommand {
    /// `openapi --help` asks for the usage.
    let showsHelp: Bool

    static let help = """
        courier-demo openapi
          A Petstore client generated from Sources/courier-demo/Petstore/openapi.json when the demo
          builds (the CourierOpenAPIGenerator plugin runs courier-openapi): its typed targets sent to a
          stubbing provider, which answers each from the document's own examples. Needs no network.
        """

    /// The command `arguments` ask for, if their first word is `openapi`; `nil` for any other command.
    static func parse(_ arguments: [String]) -> Result<PetstoreCommand, UsageError>? {
        guard arguments.first == "openapi" else { return nil }
        let rest = arguments.dropFirst()
        if rest.contains("--help") || rest.contains("-h") { return .success(PetstoreCommand(showsHelp: true)) }
        if let extra = rest.first { return .failure(UsageError("openapi takes no arguments, not '\(extra)'")) }
        return .success(PetstoreCommand(showsHelp: false))
    }

    func run(console: Console) async -> Int32 {
        if showsHelp {
            console.print(Self.help)
            return 0
        }
        return await PetstoreTour(console: console).run()
    }
}
