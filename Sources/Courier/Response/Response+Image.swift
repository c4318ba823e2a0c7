import Foundation

#if canImport(UIKit)
    import UIKit
#elseif canImport(AppKit)
    import AppKit
#endif

#if canImport(UIKit)
    extension Response {
        /// The body as an image, as Moya's `mapImage()` made it (Moya's `Image` is `UIImage` here).
        /// - Throws: ``CourierError/imageMapping(_:)`` when `UIImage(data:)` cannot read the body.
        public func mapImage() throws(CourierError) -> UIImage {
            try mapImage(UIImage.init(data:))
        }
    }
#elseif canImport(AppKit)
    extension Response {
        /// The body as an image, as Moya's `mapImage()` made it (Moya's `Image` is `NSImage` here).
        /// - Throws: ``CourierError/imageMapping(_:)`` when `NSImage(data:)` cannot read the body.
        public func mapImage() throws(CourierError) -> NSImage {
            try mapImage(NSImage.init(data:))
        }
    }
#endif

extension Response {
    /// The image `make` reads from the body; what `mapImage()` does with the platform's image type.
    /// - Throws: ``CourierError/imageMapping(_:)`` when `make` reads none.
    func mapImage<Image>(_ make: (Data) -> Image?) throws(CourierError) -> Image {
        guard let image = make(data) else { throw .imageMapping(self) }
        return image
    }
}
