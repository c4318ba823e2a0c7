// Corpus files: StudioAPI.swift
// Every StudioAPI endpoint: multipart uploads under a shared `Content-Type: application/json`.
import Courier
import Foundation

enum CorpusRequests {
    static func all() -> [CorpusRequest] {
        let archive = RunnerFiles.file("demo.zip", "PK-ZIP-DATA")
        let verse = RunnerFiles.file("verse.txt", "First verse")
        let chorus = RunnerFiles.file("chorus.txt", "Chorus")
        return CorpusRequest.list(
            [
                ("uploadAvatar", .uploadAvatar(image: Data("PNGDATA".utf8))),
                ("uploadArtwork", .uploadArtwork(title: "Dawn", image: Data("JPGDATA".utf8), tags: ["sky", "red"])),
                ("uploadProject", .uploadProject(archive: archive, name: "Demo")),
                ("uploadLyrics", .uploadLyrics(projectID: 8, sheets: [verse, chorus])),
                ("renameProject", .renameProject(id: 8, name: "Demo 2")),
            ] as [(String, StudioAPI)]
        ) { transport in
            Provider(transport: transport)
        }
    }
}
