import BattleNet
import BattleNetHTTPClient
import Foundation
import RelayCore
import RelayServer

/// What the relay talks to outside itself, handed to ``Relay/build(configuration:logger:version:collaborators:)``:
/// production uses ``live``; a test hands in an in-process transport to the emulator's routes and a clock it moves.
/// This is where production's time enters the relay: every part reads ``clock``.
public struct RelayCollaborators: Sendable {
    /// Carries code exchanges and userinfo calls to Battle.net.
    public var battleNet: any HTTPTransport
    /// Carries token revocations to Battle.net: in production a client with a pool of its own, so that waiting
    /// revocations never take a connection a sign-in's code exchange needs.
    public var revocations: any HTTPTransport
    /// Carries the game-data gateway's requests: in production a client of its own, so that gateway traffic never
    /// takes a connection a sign-in's code exchange needs.
    public var gateway: any HTTPTransport
    /// The time every part of the relay reads: its timestamps, sleeps, deadlines, paces and refills.
    public var clock: RelayClock

    /// Collaborators; the revocations and the gateway share `battleNet` unless given their own.
    public init(
        battleNet: any HTTPTransport, revocations: (any HTTPTransport)? = nil, gateway: (any HTTPTransport)? = nil,
        clock: RelayClock
    ) {
        self.battleNet = battleNet
        self.revocations = revocations ?? battleNet
        self.gateway = gateway ?? battleNet
        self.clock = clock
    }

    /// The network (the library's shared client, and a revocations' client of its own) and the system clock.
    public static var live: RelayCollaborators {
        RelayCollaborators(
            battleNet: AsyncHTTPClientTransport.shared, revocations: OutboundClients.revocations, gateway: OutboundClients.gateway,
            clock: .live)
    }
}
