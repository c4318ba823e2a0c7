// Corpus files: RecipeAPI.swift
// Both Pantry services through one MultiTarget provider, as PantryRepository sends them.
import Courier
import Foundation

enum CorpusRequests {
    static func all() -> [CorpusRequest] {
        CorpusRequest.list(
            [
                ("recipe", MultiTarget(RecipeAPI.recipe(slug: "leek-soup"))),
                ("search", MultiTarget(RecipeAPI.search(ingredients: ["leek", "potato"], vegetarian: true))),
                ("rate", MultiTarget(RecipeAPI.rate(slug: "leek-soup", stars: 5))),
                ("list", MultiTarget(ShoppingListAPI.list)),
                ("add", MultiTarget(ShoppingListAPI.add(item: "oat milk"))),
            ]
        ) { transport in
            Provider(transport: transport)
        }
    }
}
