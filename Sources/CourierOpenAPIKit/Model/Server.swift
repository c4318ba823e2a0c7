/// A `servers` entry: its URL template and the defaults of its variables.
package struct Server: Hashable, Sendable {
    /// The URL as written, with `{variables}`.
    package var template: String
    /// The variables' defaults, by name.
    package var defaults: [String: String]
    /// The description.
    package var description: String?

    /// The URL with each variable replaced by its default (a variable without one is left out).
    package var defaultURL: String {
        var url = ""
        var name: String?
        for character in template {
            if character == "{" {
                name = ""
            } else if character == "}", let variable = name {
                url += defaults[variable] ?? ""
                name = nil
            } else if name != nil {
                name?.append(character)
            } else {
                url.append(character)
            }
        }
        return url
    }

    /// The servers of a `servers` array.
    static func list(_ value: Located?) -> [Server] {
        (value?.elements ?? []).compactMap { element in
            guard let url = element.value["url"]?.string else { return nil }
            var defaults: [String: String] = [:]
            for (name, variable) in element.member("variables")?.members ?? [] {
                defaults[name] = variable.value["default"]?.string ?? variable.value["default"]?.number
            }
            return Server(template: url, defaults: defaults, description: element.value["description"]?.string)
        }
    }
}
