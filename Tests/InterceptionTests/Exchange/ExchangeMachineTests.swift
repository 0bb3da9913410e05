import Foundation
@testable import RewriteKit
import Testing

/// The state machine of one load, driven with event sequences and no session: the orders in
/// which corelibs and Apple's loader deliver callbacks, including the races the driver used to
/// handle only in comments. The network's head is a string here and a parked redirect answer
/// a name: the machine hands them back unchanged, and never looks inside.
@Suite("Exchange machine: one load as events in, actions out")
struct ExchangeMachineTests {
    typealias Machine = ExchangeMachine<String, String>

    static let ok = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"])

    /// A machine whose hop was sent to the network (its task made by the driver).
    static func sent(parked: String? = nil) -> Machine {
        var machine = Machine()
        let result1 = machine.beginHop()
        #expect(result1)
        guard case .proceed = machine.requestPhaseDone(.goOn(.forward(taskStarted: false)), delay: 0, timeout: 60) else {
            Issue.record("expected to proceed")
            return machine
        }
        guard case .startTask = machine.proceed(.forward(taskStarted: false)) else {
            Issue.record("expected a task to be started")
            return machine
        }
        return machine
    }

    @Test("a head, two pieces and the end: the whole body goes to the response phase, the hop reports once")
    func wholeBody() {
        var machine = Self.sent()
        #expect(machine.ledger.isCounted)
        guard case .keep = machine.headReceived("net", head: Self.ok, streams: false, reserving: 4) else {
            Issue.record("a head for whole delivery is kept"); return
        }
        let result2 = machine.dataReceived(Data("ab".utf8), cacheLimit: 0, captureLimit: 0)
        #expect(result2 == .kept)
        let result3 = machine.dataReceived(Data("cd".utf8), cacheLimit: 0, captureLimit: 0)
        #expect(result3 == .kept)
        guard case .answerWhole(let reception) = machine.innerCompleted(failed: false) else {
            Issue.record("expected the whole body to be answered"); return
        }
        #expect(reception.network == "net")
        #expect(reception.body == Data("abcd".utf8))
        let result4 = machine.finish()
        #expect(result4)
        let result5 = machine.endHop()
        #expect(result5 == .report)
        let result6 = machine.endHop()
        #expect(result6 == .none, "a hop ends once")
        let result7 = machine.finish()
        #expect(!result7, "the last client call goes out once")
    }

    @Test("a head that arrives while the request phase is still running is ignored: the driver queues the phase's result first")
    func headBeforeThePhaseResult() {
        var machine = Machine()
        let result8 = machine.beginHop()
        #expect(result8)
        guard case .ignore = machine.headReceived("net", head: Self.ok, streams: false) else {
            Issue.record("a head while preparing must be ignored"); return
        }
        guard case .preparing = machine.state else { Issue.record("still preparing"); return }
    }

    @Test("bytes before any head are kept as the start of the body, for whole and streamed delivery")
    func dataBeforeTheHead() {
        var whole = Self.sent()
        let result9 = whole.dataReceived(Data("early ".utf8), cacheLimit: 0, captureLimit: 0)
        #expect(result9 == .kept)
        _ = whole.headReceived("net", head: Self.ok, streams: false)
        _ = whole.dataReceived(Data("late".utf8), cacheLimit: 0, captureLimit: 0)
        guard case .answerWhole(let reception) = whole.innerCompleted(failed: false) else { Issue.record("whole"); return }
        #expect(reception.body == Data("early late".utf8))

        var streamed = Self.sent()
        _ = streamed.dataReceived(Data("early".utf8), cacheLimit: 0, captureLimit: 0)
        guard case .stream(let early) = streamed.headReceived("net", head: Self.ok, streams: true, captureLimit: 100) else {
            Issue.record("a streamed head"); return
        }
        #expect(early == Data("early".utf8), "streamed on after the head")
    }

    @Test("completion racing cancel: after stopLoading, the task's end, a failure and a finish reach nobody")
    func completionRacingCancel() {
        var machine = Self.sent()
        _ = machine.headReceived("net", head: Self.ok, streams: false)
        let result10 = machine.stop()
        #expect(result10)
        let result11 = machine.stop()
        #expect(!result11, "a second stop does nothing")
        guard case .ignore = machine.innerCompleted(failed: false) else { Issue.record("completion after stop"); return }
        let result12 = machine.fail(hearsPieces: true)
        #expect(result12 == nil)
        let result13 = machine.finish()
        #expect(!result13)
        let result14 = machine.dataReceived(Data("x".utf8), cacheLimit: 0, captureLimit: 0)
        #expect(result14 == .ignore)
    }

    @Test("cancel during a delay: the delay's timer fires into nothing")
    func cancelDuringDelay() {
        var machine = Machine()
        _ = machine.beginHop()
        guard case .hold(let seconds, let token) = machine.requestPhaseDone(.goOn(.respond), delay: 0.5, timeout: 60) else {
            Issue.record("a delay holds the hop"); return
        }
        #expect(seconds == 0.5)
        #expect(machine.timerFired(token), "live, the timer runs its work")
        let result15 = machine.stop()
        #expect(result15)
        #expect(!machine.timerFired(token))
        guard case .ignore = machine.proceed(.respond) else { Issue.record("nothing proceeds after stop"); return }
    }

    @Test("a delay at or past the request's timeout fails it at the timeout")
    func delayPastTimeout() {
        var machine = Machine()
        _ = machine.beginHop()
        guard case .timeOut(let seconds, _) = machine.requestPhaseDone(.goOn(.forward(taskStarted: false)), delay: 90, timeout: 60) else {
            Issue.record("expected a timeout"); return
        }
        #expect(seconds == 60)
    }

    @Test("cancel during a throttled or held body: a newer timer or a stop disarms the older one")
    func cancelDuringThrottledBody() {
        var machine = Self.sent()
        _ = machine.headReceived("net", head: Self.ok, streams: false)
        guard case .answerWhole = machine.innerCompleted(failed: false) else { Issue.record("answer"); return }
        let first = machine.newTimer()
        let second = machine.newTimer()
        #expect(!machine.timerFired(first), "superseded")
        #expect(machine.timerFired(second))
        machine.cancelTimer()
        #expect(!machine.timerFired(second), "cancelled with the inner work")
        let third = machine.newTimer()
        _ = machine.stop()
        #expect(!machine.timerFired(third))
    }

    @Test("cancel of an endless stream: pieces stream until the stop, then nothing does")
    func cancelEndlessStream() {
        var machine = Self.sent()
        guard case .stream = machine.headReceived("net", head: Self.ok, streams: true, captureLimit: 4) else {
            Issue.record("a streamed head"); return
        }
        machine.headDelivered(keepsForCache: false)
        let result16 = machine.dataReceived(Data("ab".utf8), cacheLimit: 0, captureLimit: 4)
        #expect(result16 == .streamOut(captureOverflowed: false))
        let result17 = machine.dataReceived(Data("cde".utf8), cacheLimit: 0, captureLimit: 4)
        #expect(result17 == .streamOut(captureOverflowed: true))
        let result18 = machine.dataReceived(Data("f".utf8), cacheLimit: 0, captureLimit: 4)
        #expect(result18 == .streamOut(captureOverflowed: false),
                "the capture's copy overflows once")
        #expect(machine.streamsBody)
        let result19 = machine.stop()
        #expect(result19)
        let result20 = machine.dataReceived(Data("g".utf8), cacheLimit: 0, captureLimit: 4)
        #expect(result20 == .ignore)
        guard case .ignore = machine.innerCompleted(failed: true) else { Issue.record("the cancel's completion"); return }
        let result21 = machine.endHop()
        #expect(result21 == .report, "the stop ends the hop")
    }

    @Test("a failure after a streamed head gives the app nothing again; before it, the head and the bytes so far")
    func partialOnFailure() {
        var streamed = Self.sent()
        _ = streamed.headReceived("net", head: Self.ok, streams: true)
        streamed.headDelivered(keepsForCache: false)
        let result22 = streamed.fail(hearsPieces: true)
        #expect(result22 == .some(nil))

        var whole = Self.sent()
        _ = whole.headReceived("net", head: Self.ok, streams: false)
        _ = whole.dataReceived(Data("half".utf8), cacheLimit: 0, captureLimit: 0)
        let partial = whole.fail(hearsPieces: true)
        #expect(partial??.network == "net")
        #expect(partial??.body == Data("half".utf8))
        #expect(partial??.headDelivered == false)

        var completionHandler = Self.sent()
        _ = completionHandler.headReceived("net", head: Self.ok, streams: false)
        let result23 = completionHandler.fail(hearsPieces: false)
        #expect(result23 == .some(nil), "a completion handler hears only the error")
    }

    @Test("an interim 100 goes to the app at once and, with no other head, is the final one, not given twice")
    func interimResponse() {
        var machine = Self.sent()
        guard case .deliverInterim = machine.headReceived("100", head: HTTPResponse(status: 100), streams: false) else {
            Issue.record("an interim head goes on"); return
        }
        #expect(machine.lacksFinalHead, "the task's own response is read at its end")
        guard case .keep = machine.headReceived("200", head: Self.ok, streams: false) else { Issue.record("final"); return }
        #expect(!machine.lacksFinalHead)
        guard case .answerWhole(let reception) = machine.innerCompleted(failed: false) else { Issue.record("answer"); return }
        #expect(reception.network == "200")
        #expect(!reception.isInterimDelivered)

        var only = Self.sent()
        _ = only.headReceived("100", head: HTTPResponse(status: 100), streams: false)
        let partial = only.fail(hearsPieces: true)
        #expect(partial??.headDelivered == true, "a failure does not give the interim head again")
    }

    @Test("an unanswered challenge makes the 401 final, streamed or not; without a head the task failed")
    func unansweredChallenge() {
        var machine = Self.sent()
        _ = machine.headReceived("401", head: HTTPResponse(status: 401), streams: false)
        machine.challengeLeftUnanswered()
        guard case .deliverUnansweredChallenge(let reception) = machine.innerCompleted(failed: true) else {
            Issue.record("the 401 is the answer, whatever the cancelled task reports"); return
        }
        #expect(reception.network == "401")

        var early = Self.sent()
        early.challengeLeftUnanswered()
        guard case .deliverUnansweredChallenge = { () -> Machine.AfterCompletion in
            _ = early.headReceived("401", head: HTTPResponse(status: 401), streams: true)
            return early.innerCompleted(failed: true)
        }() else { Issue.record("the flag survives the head that follows it"); return }

        var headless = Self.sent()
        headless.challengeLeftUnanswered()
        guard case .failWithoutResponse = headless.innerCompleted(failed: true) else { Issue.record("no head"); return }
    }

    @Test("a redirect during a challenge: followed, it begins a clean hop that keeps the task parked for its request")
    func redirectDuringChallenge() {
        var machine = Self.sent()
        machine.challengeLeftUnanswered()
        let result24 = machine.redirectReached("answer#1")
        #expect(result24)
        guard case .follow = machine.redirectDecided(follow: true) else { Issue.record("followed"); return }
        _ = machine.endHop()
        let result25 = machine.beginHop()
        #expect(result25)
        #expect(machine.continuesRedirect)
        #expect(machine.ledger == .init(), "the new hop starts its own ledger")
        guard case .proceed = machine.requestPhaseDone(.goOn(.forward(taskStarted: false)), delay: 0, timeout: 60) else {
            Issue.record("proceed"); return
        }
        guard case .resumeParked(let parked) = machine.proceed(.forward(taskStarted: false)) else {
            Issue.record("the parked task carries the next hop's request"); return
        }
        #expect(parked == "answer#1")
        _ = machine.headReceived("200", head: Self.ok, streams: false)
        guard case .answerWhole = machine.innerCompleted(failed: false) else {
            Issue.record("the old hop's unanswered challenge does not reach the new hop"); return
        }
    }

    @Test("a refused redirect answers the parked task with nothing, once; a stop drops the answer")
    func refusedRedirect() {
        var machine = Self.sent()
        let result26 = machine.redirectReached("answer")
        #expect(result26)
        guard case .refuse("answer") = machine.redirectDecided(follow: false) else { Issue.record("refused"); return }
        guard case .ignore = machine.redirectDecided(follow: false) else { Issue.record("answered once"); return }

        var stopped = Self.sent()
        let result27 = stopped.redirectReached("answer")
        #expect(result27)
        stopped.dropParked()
        guard case .ignore = stopped.redirectDecided(follow: true) else {
            Issue.record("a task being cancelled is never answered"); return
        }
        _ = stopped.stop()
        let result28 = stopped.redirectReached("late")
        #expect(!result28, "nor is a redirect reached after the stop parked")
    }

    @Test("a stub for a hop whose task waits at a redirect abandons that task")
    func stubAbandonsParkedTask() {
        var machine = Self.sent()
        _ = machine.redirectReached("answer")
        _ = machine.redirectDecided(follow: true)
        _ = machine.beginHop()
        _ = machine.requestPhaseDone(.goOn(.respond), delay: 0, timeout: 60)
        guard case .answerWithStub(abandoning: true) = machine.proceed(.respond) else { Issue.record("abandon"); return }
    }

    @Test("a hop that never started counts nothing when it ends; one that did is captured once and logs each entry once")
    func ledger() {
        var machine = Machine()
        _ = machine.beginHop()
        guard case .askForBodyStream = machine.requestPhaseDone(.askForBodyStream, delay: 0, timeout: 60) else {
            Issue.record("ask"); return
        }
        #expect(!machine.ledger.isCounted)
        var stopped = machine
        _ = stopped.stop()
        let result29 = stopped.endHop()
        #expect(result29 == .none)

        _ = machine.beginHop()
        _ = machine.requestPhaseDone(.cached, delay: 0, timeout: 60)
        let result30 = machine.freshEntries(of: 2)
        #expect(result30 == 0..<2)
        let result31 = machine.freshEntries(of: 3)
        #expect(result31 == 2..<3)
        let result32 = machine.capturesHop()
        #expect(result32)
        let result33 = machine.capturesHop()
        #expect(!result33)
        let result34 = machine.endHop()
        #expect(result34 == .report)
    }
}

