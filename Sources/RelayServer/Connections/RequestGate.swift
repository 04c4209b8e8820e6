import NIOCore
import NIOHTTPTypes

/// Sits after HTTP decoding and tells the connection's ``ConnectionGate`` when a request has fully arrived.
final class RequestGate: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) {
            (try? context.pipeline.syncOperations.handler(type: ConnectionGate.self))?.requestArrived()
        }
        context.fireChannelRead(data)
    }
}
