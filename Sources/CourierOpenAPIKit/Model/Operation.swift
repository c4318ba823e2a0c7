/// One operation of the document: a method on a path, its parameters (the path item's merged in),
/// body, answers, security and servers, every `$ref` followed.
package struct Operation: Hashable, Sendable {
    /// The path template, e.g. `/pets/{petId}`.
    package var path: String
    /// The method, lowercased: `get`, `post`…
    package var method: String
    /// `operationId`.
    package var operationID: String?
    /// `summary`.
    package var summary: String?
    /// `description`.
    package var description: String?
    /// `deprecated`.
    package var isDeprecated: Bool
    /// The parameters, the operation's own replacing the path item's of the same name and place.
    package var parameters: [Parameter]
    /// The request body.
    package var requestBody: RequestBody?
    /// The responses, by status (`200`, `2XX`, `default`), in document order.
    package var responses: [(status: String, response: ResponseDescription)]
    /// The security requirements (alternatives, each a set of scheme names), or `nil` for the document's.
    package var security: [[String]]?
    /// The operation's or its path item's servers, when it has its own.
    package var servers: [Server]
    /// Where it is.
    package var pointer: String

    package static func == (lhs: Operation, rhs: Operation) -> Bool { lhs.pointer == rhs.pointer }
    package func hash(into hasher: inout Hasher) { hasher.combine(pointer) }

    /// The methods an OpenAPI path item has, in the order they are read.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
}

/// A request body, its `$ref` followed.
package struct RequestBody: Hashable, Sendable {
    /// Whether the operation needs it.
    package var isRequired: Bool
    /// Its media types, in document order.
    package var content: [MediaType]
    /// The description.
    package var description: String?
    /// Where it is.
    package var pointer: String
}

/// A response, its `$ref` followed.
package struct ResponseDescription: Hashable, Sendable {
    /// The description.
    package var description: String?
    /// Its media types, in document order.
    package var content: [MediaType]
    /// Where it is.
    package var pointer: String
}

extension Operation {
    /// The operations of the path item at `item` (`/paths/~1pets`), in method order.
    static func read(
        path: String, item located: Located, _ resolver: ReferenceResolver, _ diagnostics: inout Diagnostics
    ) -> [Operation] {
        guard let item = resolver.resolve(located.value, at: located.pointer, &diagnostics), item.value.object != nil
        else {
            diagnostics.warn("the path item is not an object; it has no operation to generate", at: located.pointer)
            return []
        }
        let shared = (item.member("parameters")?.elements ?? []).compactMap {
            Parameter.read($0, resolver, &diagnostics)
        }
        let pathServers = Server.list(item.member("servers"))
        return methods.compactMap { method in
            guard let operation = item.member(method), operation.value.object != nil else { return nil }
            var parameters = shared
            for own in (operation.member("parameters")?.elements ?? []).compactMap({
                Parameter.read($0, resolver, &diagnostics)
            }) {
                if let index = parameters.firstIndex(where: { $0.name == own.name && $0.location == own.location }) {
                    parameters[index] = own
                } else {
                    parameters.append(own)
                }
            }
            let value = operation.value
            let ownServers = Server.list(operation.member("servers"))
            return Operation(
                path: path, method: method, operationID: value["operationId"]?.string,
                summary: value["summary"]?.string, description: value["description"]?.string,
                isDeprecated: value["deprecated"]?.bool ?? false, parameters: parameters,
                requestBody: operation.member("requestBody").flatMap { readBody($0, resolver, &diagnostics) },
                responses: (operation.member("responses")?.members ?? []).compactMap { status, response in
                    guard let resolved = resolver.resolve(response.value, at: response.pointer, &diagnostics) else {
                        return nil
                    }
                    return (status, readResponse(resolved, resolver, &diagnostics))
                },
                security: value["security"].map(Self.requirements),
                servers: ownServers.isEmpty ? pathServers : ownServers, pointer: operation.pointer)
        }
    }

    /// Security requirements: each alternative's scheme names.
    static func requirements(_ value: DocumentValue) -> [[String]] {
        (value.array ?? []).map { $0.object?.keys ?? [] }
    }

    private static func readBody(_ located: Located, _ resolver: ReferenceResolver, _ diagnostics: inout Diagnostics)
        -> RequestBody?
    {
        guard let body = resolver.resolve(located.value, at: located.pointer, &diagnostics) else { return nil }
        return RequestBody(
            isRequired: body.value["required"]?.bool ?? false,
            content: (body.member("content")?.members ?? []).map {
                MediaType.read($0.key, $0.value, resolver, &diagnostics)
            },
            description: body.value["description"]?.string, pointer: body.pointer)
    }

    private static func readResponse(
        _ response: Located, _ resolver: ReferenceResolver, _ diagnostics: inout Diagnostics
    )
        -> ResponseDescription
    {
        ResponseDescription(
            description: response.value["description"]?.string,
            content: (response.member("content")?.members ?? []).map {
                MediaType.read($0.key, $0.value, resolver, &diagnostics)
            },
            pointer: response.pointer)
    }
}
