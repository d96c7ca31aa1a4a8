/// One file of the playground as it is served: at a literal path, with a media type, its bytes as embedded at
/// build time, and the headers only it sends.
public struct PlaygroundAsset: Sendable {
    /// The path it answers `GET` at, such as `/client.js`: literal, with no `{name}` segment.
    public let path: String
    /// The `Content-Type` it is served with.
    public let contentType: String
    /// The file's bytes.
    public let bytes: [UInt8]
    /// Headers only this file sends (the page's `Content-Security-Policy`), in the order sent.
    public let extraHeaders: [(name: String, value: String)]
}
