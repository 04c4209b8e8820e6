import BattleNet
import Foundation
import Testing

@Suite("The device-flow polling schedule (RFC 8628 section 3.5)", .timeLimit(.minutes(2)))
struct DevicePollScheduleTests {
    let start = Date(timeIntervalSince1970: 1_000_000)

    func authorization(interval: Int = 5, expiresIn: TimeInterval = 600) -> DeviceAuthorization {
        DeviceAuthorization(
            clientID: "d3", deviceCode: "device", userCode: "WDJB-MJHT",
            verificationURI: URL(string: "https://relay.example.com/device")!,
            expiresAt: start.addingTimeInterval(expiresIn), interval: interval)
    }

    @Test("The first poll waits one interval, and later polls one interval after the previous start")
    func interval() {
        var schedule = DevicePollSchedule(authorization: authorization(), longPollWait: nil, startedAt: start)
        #expect(schedule.next(now: start) == .poll(at: start.addingTimeInterval(5), wait: nil))
        schedule.pollStarted(at: start.addingTimeInterval(5))
        schedule.pending(serverInterval: nil)
        #expect(schedule.next(now: start.addingTimeInterval(6)) == .poll(at: start.addingTimeInterval(10), wait: nil))
        #expect(schedule.attempts == 1)
    }

    @Test("slow_down adds five seconds for every later poll")
    func slowDown() {
        var schedule = DevicePollSchedule(authorization: authorization(), longPollWait: nil, startedAt: start)
        schedule.slowDown(serverInterval: nil)
        #expect(schedule.interval == 10)
        schedule.pending(serverInterval: nil)
        #expect(schedule.interval == 10)
        schedule.slowDown(serverInterval: 5)
        #expect(schedule.interval == 15)
    }

    @Test("The interval the server repeats in an error body is followed")
    func serverInterval() {
        var schedule = DevicePollSchedule(authorization: authorization(), longPollWait: nil, startedAt: start)
        schedule.slowDown(serverInterval: 20)
        #expect(schedule.interval == 20)
        schedule.pending(serverInterval: 7)
        #expect(schedule.interval == 7)
        schedule.pending(serverInterval: 0)
        #expect(schedule.interval == 7)
    }

    @Test("A long poll starts at once, may start again at once after a hold, and never asks to hold past expiry")
    func longPoll() {
        var schedule = DevicePollSchedule(
            authorization: authorization(expiresIn: 32), longPollWait: 20, startedAt: start)
        #expect(schedule.next(now: start) == .poll(at: start, wait: 20))
        schedule.pollStarted(at: start.addingTimeInterval(5))
        #expect(schedule.next(now: start.addingTimeInterval(25)) == .poll(at: start.addingTimeInterval(25), wait: 7))
        #expect(schedule.next(now: start.addingTimeInterval(6)) == .poll(at: start.addingTimeInterval(10), wait: 20))
    }

    @Test("When the codes run out before the next poll, the schedule says expire")
    func expiry() {
        let schedule = DevicePollSchedule(authorization: authorization(expiresIn: 4), longPollWait: nil, startedAt: start)
        #expect(schedule.next(now: start) == .expire(at: start.addingTimeInterval(4)))
    }
}
