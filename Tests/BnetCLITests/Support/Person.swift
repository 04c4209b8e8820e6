import BattleNet
import BattleNetHTTPClient
import Foundation
import TestSupport
import Testing

/// Opens the verification link, clicks Continue, decides at the emulator and follows Battle.net's redirect back,
/// as a browser would; expects the relay's "signed in" (or "declined") page.
func actAsPerson(link: String, approve: Bool) async throws {
    let person = PlayerBrowser()
    let authorize = try await person.confirm(at: try #require(URL(string: link)))
    let done = try await person.follow(try await person.decide(authorize, approve: approve))
    #expect(done.status == 200)
}

/// Runs `d3 login` at the sandbox relay and decides as the person; returns the run, ended.
@discardableResult
func signIn(_ sandbox: Sandbox, relay: URL, approve: Bool = true, extra: [String] = []) async throws -> Background {
    let login = try Background(
        "d3", ["login", "--relay", relay.absoluteString, "--no-browser"] + extra, environment: sandbox.environment(),
        directory: sandbox.home)
    try await actAsPerson(link: try await login.await(/Or open (\S+)/), approve: approve)
    _ = try await login.waitForExit()
    return login
}

/// Runs `bnet login` with `arguments` (and --no-browser), approving it as `battleTag`; returns what it printed.
@discardableResult
func bnetLogin(_ sandbox: Sandbox, _ arguments: [String], as battleTag: String = "FaYe#2543") async throws -> String {
    let login = try Background(
        "bnet", ["login", "--no-browser"] + arguments, environment: sandbox.environment(), directory: sandbox.home)
    let link = try await login.await(/Or open (\S+)/)
    let person = PlayerBrowser()
    let authorize = try await person.confirm(at: try #require(URL(string: link)))
    let done = try await person.follow(try await person.decide(authorize, battleTag: battleTag))
    #expect(done.status == 200)
    #expect(try await login.waitForExit() == 0, "\(login.text)")
    return login.text
}
