import Foundation

/// The headers ``URLSessionTransport/defaultConfiguration()`` adds to every request.
enum DefaultHeaders {
    static let all: [String: String] = [
        "Accept-Encoding": acceptEncoding,
        "Accept-Language": acceptLanguage,
        "User-Agent": userAgent,
    ]

    /// gzip and deflate only: every URLSession decodes them, on every platform. (brotli depends
    /// on how libcurl was built on Linux.)
    static let acceptEncoding = "gzip;q=1.0, deflate;q=0.9"

    /// The user's first six preferred languages with falling quality values, e.g. `en-GB;q=1.0, en;q=0.9`.
    static let acceptLanguage: String = {
        let languages = Locale.preferredLanguages.prefix(6)
        guard !languages.isEmpty else { return "en;q=1.0" }
        return languages.enumerated().map { index, language in
            let quality = 1.0 - Double(index) * 0.1
            return "\(language);q=\(String(format: "%.1f", quality))"
        }.joined(separator: ", ")
    }()

    /// `<executable>/<version> Courier/<version> (<OS> <version>)`.
    static let userAgent: String = {
        let info = ProcessInfo.processInfo
        let executable = (info.arguments.first as NSString?)?.lastPathComponent ?? info.processName
        let osVersion = info.operatingSystemVersion
        let os = "\(osName) \(osVersion.majorVersion).\(osVersion.minorVersion).\(osVersion.patchVersion)"
        return "\(executable) Courier/\(CourierVersion.current) (\(os))"
    }()

    private static var osName: String {
        #if os(Linux)
            "Linux"
        #elseif os(macOS)
            "macOS"
        #elseif os(iOS)
            "iOS"
        #elseif os(tvOS)
            "tvOS"
        #elseif os(watchOS)
            "watchOS"
        #elseif os(visionOS)
            "visionOS"
        #elseif os(Windows)
            "Windows"
        #else
            "Unknown"
        #endif
    }
}
