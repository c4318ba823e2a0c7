// Corpus files: TargetType+Defaults.swift NotesAPI.swift QuillNetworking.swift
// Both Quill services: base URL, headers and task from the app's own TargetType defaults, through
// the app's DiagnosticsPlugin, the account service through MultiTarget.
import Courier
import Foundation

enum CorpusRequests {
    static func all() -> [CorpusRequest] {
        let notes = CorpusRequest.list(
            [
                ("notes", .notes(folder: "work", page: 1)),
                ("note", .note(id: "n1")),
                ("create", .create(title: "Todo", body: "Milk", pinned: false)),
                ("update", .update(id: "n1", title: "Done")),
                ("delete", .delete(id: "n1")),
                ("share", .share(id: "n1", emails: ["a@example.com"])),
            ] as [(String, NotesAPI)]
        ) { transport in
            Provider(transport: transport, plugins: [DiagnosticsPlugin()])
        }
        let account = CorpusRequest.list(
            [
                ("me", MultiTarget(AccountAPI.me)),
                ("avatar", MultiTarget(AccountAPI.avatar(Data("PNG".utf8)))),
            ]
        ) { transport in
            Provider(transport: transport, plugins: [DiagnosticsPlugin()])
        }
        return notes + account
    }
}
