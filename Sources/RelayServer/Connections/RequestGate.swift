import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Sits after HTTP decoding. It tells the connection's ``ConnectionGate`` when a request has fully arrived; refuses a
/// request to an OAuth endpoint (`/oauth/...`, but for the authorization endpoint's browser pages, whose cookies grow
/// with the sign-ins a browser has open) whose header block is over ``maxOAuthHeaderBytes`` with 431, so that what a
/// held long-poll keeps of its request stays small (the decoder's own limit, 8 KiB, is for browsers' pages);
/// and on a connection from a trusted proxy (exempt from the per-network connection cap, since it speaks for many clients)
/// counts each request against its forwarded client's network while the connection is busy with it, refusing one
/// over ``ConnectionCaps/proxiedRequestsPerNetwork`` with 429 and closing the connection.
final class RequestGate: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The largest header block (its request target, names and values, with their separators) an OAuth endpoint
    /// takes: its clients send a few short headers, and a proxy adds a few more.
    static let maxOAuthHeaderBytes = 4 << 10

    private let limits: ConnectionLimits
    /// Whether the peer is a trusted proxy, decided at the first request.
    private var fromProxy: Bool?
    /// Requests read whose response has not ended (more than one only when a client pipelines).
    private var pending = 0
    /// The forwarded client this connection's requests count against while it is busy.
    private var charged: ClientKeys?
    /// Whether the rest of a refused request is being dropped.
    private var refused = false

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch part {
        case .head(let request):
            if Self.headerBytes(request) > Self.maxOAuthHeaderBytes, let path = request.path, path.hasPrefix("/oauth/"),
                !path.hasPrefix("/oauth/authorize")
            {
                refused = true
                refuse(context, .headersTooLarge)
                return
            }
            if pending == 0, !admit(request, context: context) {
                refused = true
                refuse(context, .tooManyProxiedRequests)
                return
            }
            pending += 1
        case .body:
            if refused { return }
        case .end:
            (try? context.pipeline.syncOperations.handler(type: ConnectionGate.self))?.requestArrived()
            if refused { return }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), pending > 0 {
            pending -= 1
            if pending == 0 { release() }
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    /// Counts a request from a trusted proxy against its forwarded client network; false when over the cap.
    private func admit(_ request: HTTPRequest, context: ChannelHandlerContext) -> Bool {
        let peer = context.channel.remoteAddress
        if fromProxy == nil { fromProxy = limits.isTrustedProxy(peer) }
        guard fromProxy == true else { return true }
        let keys = limits.forwardedKeys(peer: peer, forwarded: request.headerFields[values: .xForwardedFor])
        guard limits.startProxied(keys) else { return false }
        charged = keys
        return true
    }

    private func release() {
        if let keys = charged {
            charged = nil
            limits.finishProxied(keys)
        }
    }

    /// The size of a request's header block as sent: its target, and each field as `name: value` and CRLF.
    static func headerBytes(_ request: HTTPRequest) -> Int {
        request.headerFields.reduce((request.path ?? "").utf8.count) {
            $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 4
        }
    }

    private func refuse(_ context: ChannelHandlerContext, _ refusal: EdgeRefusal) {
        context.write(wrapOutboundOut(.head(refusal.head)), promise: nil)
        context.write(wrapOutboundOut(.body(refusal.body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
