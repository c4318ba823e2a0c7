/// An OpenAPI 3.0 or 3.1 document, read from a ``DocumentValue``: what the generator needs of it.
package struct OpenAPIDocument: Sendable {
    /// The whole document.
    package let root: DocumentValue
    /// Whether it is 3.1 (`type` arrays, `const`, `examples` in schemas) rather than 3.0.
    package let isVersion31: Bool
    /// `info.title`.
    package let title: String?
    /// `info.description`.
    package let description: String?
    /// The document's servers.
    package let servers: [Server]
    /// Every operation, in the order of `paths` and, within a path, of ``Operation/methods``.
    package let operations: [Operation]
    /// `components/securitySchemes`, in document order.
    package let securitySchemes: [SecurityScheme]
    /// The document's security requirements.
    package let security: [[String]]
    /// The names of `components/schemas`, in document order.
    package let schemaNames: [String]
    /// Follows references in the document.
    package let resolver: ReferenceResolver

    /// Reads `root`, reporting what it cannot read to `diagnostics`.
    /// - Throws: ``DocumentReadError`` when `root` is not an OpenAPI 3 document.
    package init(_ root: DocumentValue, diagnostics: inout Diagnostics) throws(DocumentReadError) {
        guard root.object != nil else {
            throw DocumentReadError(message: "the document is not an object", line: 1, column: 1)
        }
        guard let version = root["openapi"]?.string ?? root["openapi"]?.number, version.hasPrefix("3.") else {
            let swagger = root["swagger"] != nil ? " (Swagger 2.0 is not supported; convert it to OpenAPI 3)" : ""
            throw DocumentReadError(
                message: "not an OpenAPI 3.0 or 3.1 document: no `openapi: 3.x`\(swagger)", line: 1, column: 1)
        }
        self.root = root
        isVersion31 = !version.hasPrefix("3.0")
        title = root["info"]?["title"]?.string
        description = root["info"]?["description"]?.string
        let located = Located(value: root, pointer: "")
        servers = Server.list(located.member("servers"))
        resolver = ReferenceResolver(root: root)
        var operations: [Operation] = []
        for (path, item) in located.member("paths")?.members ?? [] where path.hasPrefix("/") {
            operations += Operation.read(path: path, item: item, resolver, &diagnostics)
        }
        self.operations = operations
        let components = located.member("components")
        securitySchemes = SecurityScheme.schemes(in: components, resolver, &diagnostics)
        security = root["security"].map(Operation.requirements) ?? []
        schemaNames = components?.member("schemas")?.value.object?.keys ?? []
    }
}
