import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// HTTP/1.1 with a ``ConnectionGate`` in front of every connection and a ``RequestGate`` after HTTP decoding.
struct GatedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    private let inner: HTTP1Channel
    private let limits: ConnectionLimits

    /// HTTP/1.1 with `configuration` (its additional channel handlers replaced by the gate's), under `limits`.
    init(responder: @escaping HTTPChannelHandler.Responder, configuration: HTTP1Channel.Configuration, limits: ConnectionLimits) {
        var gated = configuration
        gated.additionalChannelHandlers = { Self.requestHandlers(limits: limits) }
        inner = HTTP1Channel(responder: responder, configuration: gated)
        self.limits = limits
    }

    /// The handlers after HTTP decoding.
    static func requestHandlers(limits: ConnectionLimits) -> [any RemovableChannelHandler] {
        [RequestGate(limits: limits)]
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ConnectionGate(limits: limits))
        }.flatMap { inner.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 under a listener's connection caps and request timeout.
    package static func gatedHTTP1(configuration: HTTP1Channel.Configuration, limits: ConnectionLimits) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in GatedHTTP1Channel(responder: responder, configuration: configuration, limits: limits) }
    }
}
