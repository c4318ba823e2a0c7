/// What httpbin's `/get` and `/post` say they received (the parts the demo shows).
struct HTTPBinEcho: Decodable {
    let args: [String: String]
    let headers: [String: String]
    let url: String
    let form: [String: String]?
    let files: [String: String]?
    let json: HTTPBin.Greeting?
}
