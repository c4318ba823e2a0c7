// Corpus files: BeaconAPI.swift
// Every BeaconAPI endpoint (the app's tests are not part of this program).
import Courier
import Foundation

enum CorpusRequests {
    static func all() -> [CorpusRequest] {
        CorpusRequest.list(
            [
                ("devices", .devices),
                ("ping", .ping(deviceID: "b1")),
                ("rename", .rename(deviceID: "b1", name: "Hall")),
            ] as [(String, BeaconAPI)]
        ) { transport in
            Provider(transport: transport)
        }
    }
}
