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

    /// `bnet_relay_build_info`: always 1, its labels say what runs (the version and the commit built).
    static let buildInfo = """
        # HELP bnet_relay_build_info The relay's version and commit, as labels; always 1.
        # TYPE bnet_relay_build_info gauge
        bnet_relay_build_info{version="\(BuildInfo.version)",commit="\(BuildInfo.commit)"} 1

        """

    func register(on router: Router<RelayContext>) {
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
            let text = metrics.render(extra: await Self.gatewayGauges(gateway) + [
                ("bnet_relay_open_logins", "Logins in the poll index.", Double(counts.logins)),
                ("bnet_relay_held_polls", "Long-polls held now.", Double(counts.held)),
                ("bnet_relay_open_connections", "Client connections open now.", Double(connections.open)),
                ("bnet_relay_ready", "1 when the last database check succeeded.", readiness.state.ready ? 1 : 0),
            ]) + Self.buildInfo + ProcessMetrics.render()
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: text)))
        }
    }

    /// The gateway's gauges, only while it is on (so that `BnetRelayGatewayBudgetLow` never fires for a relay without one).
    static func gatewayGauges(_ gateway: GameDataGateway?) async -> [(name: String, help: String, value: Double)] {
        guard let gauges = await gateway?.gauges() else { return [] }
        return [
            ("bnet_relay_gateway_cache_bytes", "Bytes the game-data cache holds.", Double(gauges.cacheBytes)),
            ("bnet_relay_gateway_cache_entries", "Answers the game-data cache holds.", Double(gauges.cacheEntries)),
            ("bnet_relay_gateway_budget_remaining", "Gateway requests to Battle.net left this hour, as this relay counts them.",
                Double(gauges.budgetLeft)),
        ]
    }
}
