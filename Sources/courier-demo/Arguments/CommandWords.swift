import Foundation

/// A subcommand's arguments with `--base-url URL` (or `--base-url=URL`) taken out, wherever it
/// stands: before the subcommand's name or after it.
struct CommandWords {
    /// The other arguments, in order; the first is the subcommand's name.
    let words: [String]
    /// The value of `--base-url`, if given.
    let baseURL: String?

    /// `arguments` split, if their first word is `command`; `nil` for any other command, and a
    /// usage error for a `--base-url` without a value given to `command`.
    static func split(_ arguments: [String], for command: String) -> Result<CommandWords, UsageError>? {
        var baseURL: String?
        var words: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--base-url" {
                guard let value = remaining.popFirst() else {
                    return words.first == command ? .failure(UsageError("--base-url needs a value")) : nil
                }
                baseURL = value
            } else if argument.hasPrefix("--base-url=") {
                baseURL = String(argument.dropFirst("--base-url=".count))
            } else {
                words.append(argument)
            }
        }
        guard words.first == command else { return nil }
        return .success(CommandWords(words: words, baseURL: baseURL))
    }

    /// `text` as the server a live command talks to: an http or https URL with a host.
    /// - Throws: The usage error that names what is wrong.
    static func serverURL(_ text: String) throws(UsageError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else {
            throw UsageError("--base-url needs an http or https URL such as http://127.0.0.1:8080, not '\(text)'")
        }
        return url
    }
}
