import NIOCore

/// The first handler of every connection, on raw bytes. It admits the connection under ``ConnectionLimits`` (or
/// answers 503 and closes), and closes a connection whose request has not fully arrived within the request timeout
/// (408), so that a client dribbling headers or a body one byte at a time cannot hold it: the idle timer alone
/// restarts on every byte. The first request's time starts when the connection opens, so a connection that sends
/// nothing is closed after the request timeout too (without an answer, as there is no request to answer); each
/// later request's starts at its first byte, the wait between requests being the idle timeout's.
final class ConnectionGate: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limits: ConnectionLimits
    private var keys: ClientKeys?
    private var started = false
    private var admitted = false
    /// Whether bytes of a request have come that has not fully arrived.
    private var receiving = false
    private var deadline: Scheduled<Void>?

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard admitted else { return }
        receiving = true
        if deadline == nil { startClock(context) }
        context.fireChannelRead(data)
    }

    /// The request being read has fully arrived (called by ``RequestGate``).
    func requestArrived() {
        receiving = false
        deadline?.cancel()
        deadline = nil
    }

    private func admit(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        keys = limits.keys(of: context.channel.remoteAddress)
        admitted = limits.open(keys)
        if admitted {
            startClock(context)
        } else {
            refuse(context, .tooManyConnections)
        }
    }

    private func startClock(_ context: ChannelHandlerContext) {
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limits.caps.requestTimeout)) {
            [weak self] in
            guard let self else { return }
            deadline = nil
            if receiving {
                refuse(context, .tooSlow)
            } else {
                context.close(promise: nil)
            }
        }
    }

    private func release() {
        deadline?.cancel()
        deadline = nil
        if admitted {
            admitted = false
            limits.close(keys)
        }
    }

    private func refuse(_ context: ChannelHandlerContext, _ refusal: EdgeRefusal) {
        context.writeAndFlush(NIOAny(refusal.bytes)).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
