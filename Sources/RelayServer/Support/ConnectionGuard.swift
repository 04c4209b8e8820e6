import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import RelayCore

/// What one client network and the whole relay may hold open, and how long a request may take to arrive.
public struct ConnectionCaps: Sendable {
    /// Open connections, all clients together.
    public var total: Int
    /// Open connections from one client network (an IPv4 address or an IPv6 /64); trusted proxies are exempt.
    public var perNetwork: Int
    /// The longest a request may take from its first byte to its last, whatever the pace of its bytes.
    public var requestTimeout: Duration

    /// Creates caps.
    public init(total: Int = 10_000, perNetwork: Int = 100, requestTimeout: Duration = .seconds(10)) {
        self.total = total
        self.perNetwork = perNetwork
        self.requestTimeout = requestTimeout
    }
}

/// The open connections, counted per client network and in all (one lock, shared by every event loop).
final class ConnectionLimits: @unchecked Sendable {
    let caps: ConnectionCaps
    private let trusted: [IPRange]
    private let metrics: RelayMetrics
    private let lock = NSLock()
    private var total = 0
    private var perNetwork: [String: Int] = [:]

    init(caps: ConnectionCaps, trusted: [IPRange], metrics: RelayMetrics) {
        self.caps = caps
        self.trusted = trusted
        self.metrics = metrics
    }

    /// The network a peer counts against, nil for a trusted proxy (which speaks for many clients).
    func network(of address: SocketAddress?) -> String? {
        guard let text = address?.ipAddress, let ip = IPAddress(text) else { return "unknown" }
        return trusted.contains { $0.contains(ip) } ? nil : ip.limitKey
    }

    /// Admits a new connection, or says why not.
    func open(_ network: String?) -> Bool {
        let admitted = lock.withLock {
            guard total < caps.total else { return false }
            if let network {
                guard perNetwork[network, default: 0] < caps.perNetwork else { return false }
                perNetwork[network, default: 0] += 1
            }
            total += 1
            return true
        }
        if !admitted { metrics.increment(.throttled, "connections") }
        return admitted
    }

    /// Forgets a connection that was admitted.
    func close(_ network: String?) {
        lock.withLock {
            total -= 1
            if let network {
                let left = perNetwork[network, default: 1] - 1
                perNetwork[network] = left > 0 ? left : nil
            }
        }
    }

    /// Open connections now.
    var open: Int { lock.withLock { total } }
}

/// The first handler of every connection, on raw bytes: admits the connection under ``ConnectionLimits`` (or
/// answers 503 and closes), and closes a connection whose request has not fully arrived within the request
/// timeout of its first byte (408), so that a client dribbling headers or a body one byte at a time cannot hold
/// it (the idle timer alone restarts on every byte).
final class ConnectionGate: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limits: ConnectionLimits
    private var network: String?
    private var admitted = false
    private var deadline: Scheduled<Void>?

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        network = limits.network(of: context.channel.remoteAddress)
        admitted = limits.open(network)
        if !admitted {
            refuse(
                context, status: "503 Service Unavailable", retryAfter: true,
                json: #"{"error":"temporarily_unavailable","error_description":"Too many connections; try again in a minute."}"#)
        }
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
        if deadline == nil {
            let timeout = TimeAmount.nanoseconds(Int64(limits.caps.requestTimeout.timeInterval * 1e9))
            deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [weak self] in
                self?.refuse(
                    context, status: "408 Request Timeout", retryAfter: false,
                    json: #"{"error":"invalid_request","error_description":"The request took too long to arrive."}"#)
            }
        }
        context.fireChannelRead(data)
    }

    /// The request being read has fully arrived (called by ``RequestEndWatcher``).
    func requestArrived() {
        deadline?.cancel()
        deadline = nil
    }

    private func release() {
        deadline?.cancel()
        deadline = nil
        if admitted {
            admitted = false
            limits.close(network)
        }
    }

    private func refuse(_ context: ChannelHandlerContext, status: String, retryAfter: Bool, json: String) {
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n"
            + (retryAfter ? "Retry-After: 60\r\n" : "") + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        context.writeAndFlush(NIOAny(ByteBuffer(string: head + json))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}

/// Sits after HTTP decoding and tells the connection's ``ConnectionGate`` when a request's last part has arrived.
final class RequestEndWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) {
            (try? context.pipeline.syncOperations.handler(type: ConnectionGate.self))?.requestArrived()
        }
        context.fireChannelRead(data)
    }
}

/// HTTP/1.1 with a ``ConnectionGate`` in front of every connection.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let inner: HTTP1Channel
    let limits: ConnectionLimits

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
    /// HTTP/1.1 under the relay's connection caps and request timeout.
    static func guardedHTTP1(configuration: HTTP1Channel.Configuration, limits: ConnectionLimits) -> HTTPServerBuilder {
        var watched = configuration
        watched.additionalChannelHandlers = { [RequestEndWatcher()] }
        let configuration = watched
        return HTTPServerBuilder { responder in
            GuardedHTTP1Channel(inner: HTTP1Channel(responder: responder, configuration: configuration), limits: limits)
        }
    }
}
