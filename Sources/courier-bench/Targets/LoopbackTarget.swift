import Courier

/// The files the loopback nginx of `scripts/bench.sh` serves, as a Courier target.
struct LoopbackTarget: TargetType {
    enum Route {
        /// `GET /100b.bin`: 100 bytes.
        case small
        /// `GET /1m.bin`: 1 MiB.
        case large
        /// `GET /1m.json`: about 1 MiB of JSON, an array of ``Record``s.
        case json
        /// `POST /upload` of a JSON body held in memory; nginx reads and drops it (204).
        case postJSON(Data)
        /// `POST /upload`: a multipart body with one file part; nginx reads and drops it.
        case upload(file: URL)
        /// `GET /transfer/<mib>m.bin`, downloaded to `destination`.
        case download(mib: Int, destination: URL)
    }

    let baseURL: URL
    let route: Route

    var path: String {
        switch route {
        case .small: "/100b.bin"
        case .large: "/1m.bin"
        case .json: "/1m.json"
        case .upload, .postJSON: "/upload"
        case .download(let mib, _): "/transfer/\(mib)m.bin"
        }
    }

    var method: HTTPMethod {
        switch route {
        case .upload, .postJSON: .post
        default: .get
        }
    }

    var task: HTTPTask {
        switch route {
        case .small, .large, .json:
            return .requestPlain
        case .postJSON(let body):
            return .requestData(body)
        case .upload(let file):
            return .uploadMultipartFormData([MultipartFormBodyPart(provider: .file(file), name: "file")])
        case .download(_, let destination):
            return .downloadDestination { _, _ in (destination, [.removePreviousFile]) }
        }
    }

    var headers: [String: String]? {
        if case .postJSON = route { return ["Content-Type": "application/json"] }
        return nil
    }

    var validationType: ValidationType { .successCodes }
}
