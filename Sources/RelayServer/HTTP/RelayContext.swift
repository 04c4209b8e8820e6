import Hummingbird
import NIOCore

/// The request context: the peer's address, and the client address once proxies are accounted for.
public struct RelayContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The TCP peer.
    public let remoteAddress: SocketAddress?
    /// The client's address: the peer, or what a trusted proxy says in `X-Forwarded-For`.
    public var clientAddress = "unknown"
    /// The network that per-client limits count against: the IPv4 address, or the IPv6 /64 (what one customer
    /// usually gets, and can fill with addresses at will).
    public var clientNetwork = "unknown"

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// Forms and JSON bodies are small; anything bigger is refused.
    public var maxUploadSize: Int { 16 << 10 }
}
