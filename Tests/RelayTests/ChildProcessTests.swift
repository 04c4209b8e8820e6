import Foundation
import TestSupport
import Testing

/// The tests' one way to run a child process (`Spawned`, `ChildProcess`, `BackgroundProcess`), on plain system tools.
@Suite("Child processes", .timeLimit(.minutes(1)))
struct ChildProcessTests {
    @Test("Output, exit status, exactly the given environment, and the working directory reach the caller")
    func runToCompletion() async throws {
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "echo out; echo err >&2; echo \"$ONLY:$HOME\"; pwd; exit 3"],
            environment: ["ONLY": "this"], directory: "/usr")
        #expect(result.status == 3)
        #expect(result.stdout == "out\nthis:\n/usr\n")
        #expect(result.stderr == "err\n")
    }

    @Test("The child gets its three standard descriptors and none of this process's others")
    func noInheritedDescriptors() async throws {
        let inheritable = open("/dev/null", O_RDONLY)
        defer { close(inheritable) }
        #expect(inheritable > 2)
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/ls"), ["/proc/self/fd"], environment: [:])
        // ls itself opens one descriptor to read the directory.
        #expect(result.stdout.split(separator: "\n").count <= 4, "\(result.stdout)")
        #expect(!result.stdout.split(separator: "\n").contains("\(inheritable)"))
    }

    @Test("A signal that ends the child reads as 128 + its number; a stopped child is reaped once")
    func signalled() async throws {
        let child = try Spawned("/bin/sleep", ["30"], environment: [:])
        #expect(child.isRunning)
        #expect(await child.stop(signal: SIGTERM) == 128 + SIGTERM)
        #expect(child.exitStatus == 128 + SIGTERM)
        child.signal(SIGKILL)
        #expect(child.killAndReap() == 128 + SIGTERM)
    }

    @Test("Waiting times out with the child still running; a child ignoring SIGTERM is killed after the grace")
    func timeoutAndGrace() async throws {
        let child = try Spawned("/bin/sh", ["-c", "trap '' TERM; sleep 30"], environment: [:])
        await #expect(throws: SpawnTimeout.self) { try await child.waitForExit(timeout: .milliseconds(100)) }
        #expect(child.isRunning)
        let clock = ContinuousClock()
        let started = clock.now
        // SIGKILL's status shows the kill (the child itself would end with 0 after 30 s); the elapsed time shows the
        // grace was waited out first. Only a lower bound: a loaded machine makes waits longer, never shorter.
        #expect(await child.stop(grace: .milliseconds(300)) == 128 + SIGKILL)
        #expect(clock.now - started >= .milliseconds(300))
    }

    @Test("A missing executable is a clear error")
    func missing() {
        #expect(throws: SpawnError.self) { try Spawned("/nonexistent/tool", [], environment: [:]) }
    }

    @Test("A background process's output is collected in a file and awaited by pattern")
    func background() async throws {
        let directory = FileManager.default.temporaryDirectory
        let child = try BackgroundProcess(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "echo ready at 42; sleep 30"], environment: [:], directory: directory)
        defer { try? FileManager.default.removeItem(at: child.output) }
        #expect(try await child.await(/ready at (\d+)/) == "42")
        #expect(child.exitStatus == nil)
        #expect(await child.stop() == 128 + SIGTERM)
    }
}
