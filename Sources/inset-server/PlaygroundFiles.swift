import InsetPlayground
import InsetService

extension StaticAsset {
    /// The playground's files as the service serves them: each at its path, with its type, bytes and headers.
    static var playground: [StaticAsset] {
        Playground.assets.map {
            StaticAsset(path: $0.path, contentType: $0.contentType, bytes: $0.bytes, extraHeaders: $0.extraHeaders)
        }
    }
}
