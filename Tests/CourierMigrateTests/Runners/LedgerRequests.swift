// Corpus files: LedgerAPI.swift LedgerPlugins.swift LedgerClient.swift
// Every LedgerAPI endpoint, through the app's plugins. The logger is left out (it changes no
// byte and would print into this output), and so is CredentialsPlugin: Moya answers the server's
// challenge with it, so its first request carries no credential, while Courier sends
// `Authorization: Basic` up front, a difference MigratingFromMoya.md documents.
import Courier
import CourierPlugins
import Foundation

enum CorpusRequests {
    static func all() -> [CorpusRequest] {
        LedgerClient.tokens.set("t0k3n")
        let plugins = LedgerClient.plugins.filter { !($0 is NetworkLoggerPlugin) && !($0 is CredentialsPlugin) }
        return CorpusRequest.list(
            [
                ("accounts", .accounts),
                ("transactions", .transactions(accountID: "acc-1", since: "2024-01-01")),
                ("transfer", .transfer(from: "acc-1", to: "acc-2", amountCents: 1250)),
                ("signIn", .signIn(email: "ada@example.com", password: "pa55")),
                ("statement", .statement(month: "2024-02")),
            ] as [(String, LedgerAPI)]
        ) { transport in
            Provider(transport: transport, plugins: plugins)
        }
    }
}
