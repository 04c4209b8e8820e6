import BattleNet
import Foundation
import Hummingbird

/// `/emulator/...`: fault injection and counters for tests that drive the emulator from another process.
///
/// - `POST /emulator/faults` with an ``EmulatorFault`` as JSON adds a fault.
/// - `DELETE /emulator/faults` clears them.
/// - `GET /emulator/counters` returns the request counters.
/// - `DELETE /emulator/sessions` forgets every browser's remembered sign-in and approvals.
struct ControlRoutes {
    let state: EmulatorState

    func register(on router: Router<BasicRequestContext>) {
        router.post("emulator/faults") { request, _ in
            var request = request
            guard let body = try? await request.collectBody(upTo: 16 << 10),
                let fault = try? JSONDecoder().decode(EmulatorFault.self, from: Data(body.readableBytesView))
            else {
                return Response.oauthError(.badRequest, .invalidRequest, "expected an EmulatorFault as JSON")
            }
            await state.inject(fault)
            return Response(status: .noContent)
        }
        router.delete("emulator/faults") { _, _ in
            await state.clearFaults()
            return Response(status: .noContent)
        }
        router.delete("emulator/sessions") { _, _ in
            await state.forgetSessions()
            return Response(status: .noContent)
        }
        router.get("emulator/counters") { _, _ in
            Response.json(.ok, await state.allCounts())
        }
    }
}
