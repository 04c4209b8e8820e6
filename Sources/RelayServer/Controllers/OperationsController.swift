import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import RelayCore

/// Liveness: the process answers. It reads nothing, so a flood of probes costs no database work. The version only
/// on the operations listener: the public one does not tell a stranger what it runs.
func health(sandbox: Bool, version: String?) -> Response {
    var body: JSONBody = ["status": "ok", "sandbox": .bool(sandbox)]
    body["version"] = version.map(JSONValue.string)
    return Response.json(.ok, body)
}

/// The operations listener (loopback by default, `--ops-host`/`--ops-port`): `/healthz`, `/readyz` and
/// `/metrics`, out of reach of the public and of the shipped proxy sites.
struct OperationsController {
    let index: PollIndex
    let metrics: RelayMetrics
    let readiness: any Readiness
    let connections: ConnectionLimits
    let sandbox: Bool
    let version: String
    /// The game-data gateway, for its gauges; nil when off.
    var gateway: GameDataGateway? = nil

    func register(on router: Router<RelayContext>) {
        // `bnet_relay_build_info`: always 1, its labels say what runs (the version and the commit built).
        metrics.set(.buildInfo, to: 1, labels: [("version", BuildInfo.version), ("commit", BuildInfo.commit)])
        router.get("healthz") { _, _ in health(sandbox: sandbox, version: version) }
        router.get("readyz") { _, _ in
            let state = readiness.state
            guard state.ready else {
                throw Refusal(
                    .temporarilyUnavailable,
                    state.checkedAt == nil ? "The database has not been checked yet." : "The database is not reachable.",
                    status: 503)
            }
            return Response.json(.ok, ["status": "ready"])
        }
        router.get("metrics") { _, _ in
            let counts = index.counts
            metrics.set(.openLogins, to: Double(counts.logins))
            metrics.set(.heldPolls, to: Double(counts.held))
            metrics.set(.openConnections, to: Double(connections.open))
            metrics.set(.ready, to: readiness.state.ready ? 1 : 0)
            await Self.recordGatewayGauges(gateway, in: metrics)
            ProcessMetrics.record(in: metrics)
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: metrics.render())))
        }
    }

    /// The gateway's gauges, only while it is on (so that `BnetRelayGatewayBudgetLow` never fires for a relay without one).
    static func recordGatewayGauges(_ gateway: GameDataGateway?, in metrics: RelayMetrics) async {
        guard let gauges = await gateway?.gauges() else { return }
        metrics.set(.gatewayCacheBytes, to: Double(gauges.cacheBytes))
        metrics.set(.gatewayCacheEntries, to: Double(gauges.cacheEntries))
        metrics.set(.gatewayBudgetRemaining, to: Double(gauges.budgetLeft))
    }
}
