/// What a ``RequestParameters`` given to a task cannot put in the task's `[String: Any]` as a plain
/// value, carried there for the copy made when the request is encoded (``ParameterSnapshot``):
///
/// - a value that holds one of a type Courier does not know, kept by
///   ``RequestParameters/init(keeping:)``: as `Any` nothing would say it is `Sendable`, and the copy
///   would keep only its text;
/// - the error that copying the parameters met (nesting too deep): the request still fails with it.
enum CarriedParameter: Sendable, CustomStringConvertible {
    case kept(any Sendable)
    case failure(ParameterEncodingError)

    /// The key the error is carried under: the first component of its key path.
    static func key(of error: ParameterEncodingError) -> String {
        guard case .nestingTooDeep(let path, _) = error else { return "" }
        return String(path.prefix { $0 != "[" })
    }

    /// The kept value as it prints, or the error's description.
    var description: String {
        switch self {
        case .kept(let value): String(describing: value)
        case .failure(let error): error.description
        }
    }
}
