import Foundation
import InsetPlayground
import InsetService

/// The files the executable gives the service: the playground's.
package let playgroundAssets = Playground.assets.map {
    StaticAsset(path: $0.path, contentType: $0.contentType, bytes: $0.bytes, extraHeaders: $0.extraHeaders)
}

/// A file of `Sources/InsetPlayground/Resources` as it is in the repository.
package func resourceOnDisk(_ name: String) throws -> [UInt8] {
    try [UInt8](Data(contentsOf: Repository.url("Sources/InsetPlayground/Resources/\(name)")))
}
