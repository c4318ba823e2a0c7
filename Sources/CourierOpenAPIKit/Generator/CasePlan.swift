/// What the generator writes for one operation: its case, arguments, body, answer and security.
struct CasePlan {
    /// One associated value of the case.
    struct Argument {
        /// The label (lowerCamelCase, unique in the case).
        var label: String
        /// The type, without the optional.
        var type: TypeRef
        /// Whether it is `Optional` with a default of `nil`.
        var isOptional: Bool
        /// The parameter; `nil` for the request body.
        var parameter: Parameter?
        /// The doc comment.
        var doc: String?
    }

    /// How the request body is sent.
    enum Body {
        /// JSON of the model, with the media type sent.
        case json(mediaType: String)
        /// `application/x-www-form-urlencoded`, with the styles of some properties.
        case form(memberStyles: [(name: String, style: String)])
        /// `multipart/form-data` of the model's properties.
        case multipart(MediaType)
        /// Bytes as they are, with their media type.
        case binary(mediaType: String)
        /// Text, with its media type.
        case text(mediaType: String)
    }

    /// What a successful answer is.
    enum Answer {
        case none
        case decoded(TypeRef)
        case text
        case data
    }

    var name: String
    var operation: Operation
    var arguments: [Argument]
    var body: Body?
    var answer: Answer
    /// The success response's media type and schema, for the sample.
    var answerMedia: MediaType?
    /// The status of the success response (`200`, `201`…).
    var answerStatus: Int
    /// Whether the success answer is a `text/event-stream`, and the type of its events.
    var eventType: TypeRef?
    /// The `Authorization` scheme the operation needs, if any (`.bearer`, `.basic`, `.custom("Digest")`).
    var authorization: String?
    /// The apiKey schemes the operation needs.
    var apiKeys: [SecurityScheme]
    /// The operation's own base URL, when its servers differ from the document's.
    var baseURL: String?

    /// The arguments of the parameters (not the body).
    var parameterArguments: [Argument] { arguments.filter { $0.parameter != nil } }
    /// The body's argument.
    var bodyArgument: Argument? { arguments.first { $0.parameter == nil } }

    /// The operation's path template, without the query or fragment some documents write into a
    /// path's key (OpenAI's `/responses?beta=true`, Box's `/oauth2/token#refresh`, which tells two
    /// operations on one path apart): a `?` or `#` in a path is otherwise sent escaped, as path.
    var pathTemplate: Substring { operation.path.prefix { $0 != "?" && $0 != "#" } }

    /// The fixed query pairs written into the path's key, percent-decoded, in order.
    var fixedQuery: [(name: String, value: String)] {
        let key = operation.path.prefix { $0 != "#" }
        guard let mark = key.firstIndex(of: "?") else { return [] }
        return key[key.index(after: mark)...].split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in String(text).removingPercentEncoding ?? String(text) }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }
}
