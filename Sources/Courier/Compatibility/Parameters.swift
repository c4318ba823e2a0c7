/// A dictionary of parameters of any type, as Alamofire names it, for parameter encodings
/// written in Alamofire's shape (see ``ParameterEncoding``).
public typealias Parameters = [String: Any]
