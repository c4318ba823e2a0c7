import Courier
import Foundation

/// The `openapi` tour: each typed target of the generated `Petstore`, the request it makes, and the
/// answer a stubbing provider decodes from the document's example.
struct PetstoreTour {
    let console: Console
    private let provider = Provider<Petstore>(stubClosure: Provider.immediatelyStub)

    func run() async -> Int32 {
        console.print(
            "Petstore: a client generated from Sources/courier-demo/Petstore/openapi.json when the demo built,",
            "answered offline from the document's examples.", "")
        do {
            show(Petstore.Typed.listPets(limit: 2, status: [.available, .pending]))
            for pet in try await provider.request(Petstore.Typed.listPets(limit: 2, status: [.available, .pending])) {
                console.print("  \(describe(pet))")
            }
            show(Petstore.Typed.showPet(petId: 1))
            let rex = try await provider.request(Petstore.Typed.showPet(petId: 1))
            console.print("  \(describe(rex)), vaccinated on \(rex.vaccinatedOn.map(day) ?? "no date")")
            let bella = Petstore.Typed.addPet(body: Petstore.NewPet(name: "Bella", species: .dog, tags: ["puppy"]))
            show(bella)
            console.print("  → \(describe(try await provider.request(bella)))")
            show(Petstore.Typed.removePet(petId: 1))
            try await provider.request(Petstore.Typed.removePet(petId: 1))
            console.print("  → removed")
            show(Petstore.Typed.inventory())
            let counts = try await provider.request(Petstore.Typed.inventory())
            console.print("  " + counts.keys.sorted().map { "\($0) \(counts[$0] ?? 0)" }.joined(separator: ", "))
            return 0
        } catch {
            console.error("The tour failed: \(error)")
            return 1
        }
    }

    /// The request line (and body) the typed target's request would send.
    private func show<Answer>(_ typed: TypedTarget<Petstore, Answer>) {
        let endpoint = Provider<Petstore>.defaultEndpointMapping(for: typed.target)
        guard let request = try? endpoint.urlRequest() else { return }
        console.print("\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? endpoint.url)")
        if let body = request.httpBody, !body.isEmpty {
            console.print("  body: \(String(decoding: body, as: UTF8.self))")
        }
    }

    private func describe(_ pet: Petstore.Pet) -> String {
        let tags = (pet.tags ?? []).isEmpty ? "" : " (\((pet.tags ?? []).joined(separator: ", ")))"
        return
            "#\(pet.id) \(pet.name), a \(pet.species.rawValue), \(pet.status.rawValue) since \(day(pet.listedAt))\(tags)"
    }

    private func day(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle().year().month().day())
    }
}
