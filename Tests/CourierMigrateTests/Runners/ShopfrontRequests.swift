// Corpus files: ShopAPI.swift ShopNetworking.swift
// Every ShopAPI endpoint, through the app's own endpoint and request closures.
import Courier
import Foundation

enum CorpusRequests {
    static func all() -> [CorpusRequest] {
        let catalog = RunnerFiles.file("catalog.csv", "sku,name\n1,Kettle\n")
        return CorpusRequest.list(
            [
                ("featured", .featured),
                ("product", .product(id: 42)),
                ("search", .search(query: "tea pot", page: 2, filters: ["eco", "sale"])),
                (
                    "createOrder",
                    .createOrder(OrderRequest(productIDs: [1, 2], shippingMethod: "express", giftWrap: true))
                ),
                ("updateCart", .updateCart(cartID: "c-9", items: [CartItem(productID: 1, quantity: 2)])),
                ("rateProduct", .rateProduct(id: 42, stars: 4, comment: "Great")),
                ("applyCoupon", .applyCoupon(code: "SPRING")),
                ("uploadReceipt", .uploadReceipt(orderID: 7, pdf: Data("%PDF-1.4 receipt".utf8))),
                ("importCatalog", .importCatalog(file: catalog)),
                ("attachPhotos", .attachPhotos(productID: 42, photos: [Data("JPEG0".utf8), Data("JPEG1".utf8)])),
                ("invoice", .invoice(orderID: 7)),
                ("exportOrders", .exportOrders(from: "2024-01-01", to: "2024-01-31")),
                ("trackEvent", .trackEvent(name: "view")),
                ("deleteAddress", .deleteAddress(id: 3)),
                ("logout", .logout),
            ] as [(String, ShopAPI)]
        ) { transport in
            Provider(endpointClosure: shopEndpointClosure, requestClosure: shopRequestClosure, transport: transport)
        }
    }
}
