// Corpus files: HarborAPI.swift HarborAPI+Path.swift HarborAPI+Task.swift HarborAPI+TargetType.swift
// Every HarborAPI endpoint, its members spread over four files, with a bearer token where the
// target asks for one.
import Courier
import CourierPlugins
import Foundation

enum CorpusRequests {
    static func all() -> [CorpusRequest] {
        let notes = RunnerFiles.file("notes.txt", "Harbor notes")
        return CorpusRequest.list(
            [
                ("profile", .profile(userID: 7)),
                ("posts", .posts(page: 2, tag: "swift")),
                ("postsUntagged", .posts(page: 1, tag: nil)),
                ("createPost", .createPost(title: "Hello", body: "First post", draft: true)),
                ("updateAvatar", .updateAvatar(userID: 7, image: Data("JPEGDATA".utf8))),
                ("attachFiles", .attachFiles(postID: 3, files: [notes])),
                ("exportArchive", .exportArchive(userID: 7)),
                ("search", .search(query: "sea & sky", sort: .popular, tags: ["a", "b"])),
                ("deletePost", .deletePost(id: 3)),
            ] as [(String, HarborAPI)]
        ) { transport in
            Provider(transport: transport, plugins: [AccessTokenPlugin { _ in "t0ken" }])
        }
    }
}
