import Hummingbird
import NIOCore

/// The request context: the peer's address, and the client address once proxies are accounted for.
public struct RelayContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The TCP peer.
    public let remoteAddress: SocketAddress?
    /// The client's address: the peer, or what a trusted proxy says in `X-Forwarded-For`.
    public var clientAddress = "unknown"

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// Forms and JSON bodies are small; anything bigger is refused.
    public var maxUploadSize: Int { 16 << 10 }
}
