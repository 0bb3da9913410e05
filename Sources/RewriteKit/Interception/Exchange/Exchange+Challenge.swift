import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Exchange {
    /// An authentication challenge of the inner task, in the context, answered by the app.
    ///
    /// On Apple platforms it goes to the client, which asks the app's delegate as for any
    /// load (server trust, client certificates, Basic, Digest, …); the answer comes back
    /// through a ``ChallengeSender``. On swift-corelibs-foundation the client cannot take
    /// it (its retry would leave the interceptor, or hang), so the app's delegate is asked
    /// directly, on its own queue, with its own session and task, as corelibs asks it for a
    /// plain load; its answer is carried out by the inner session, so a retry with a
    /// credential goes through the rules again.
    func innerDidReceive(
        _ challenge: URLAuthenticationChallenge,
        completion: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard !machine.isStopped else { return worker.async { completion(.cancelAuthenticationChallenge, nil) } }
        #if canImport(FoundationNetworking)
        let answer: @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void = { [self] disposition, credential in
            let credential = UncheckedBox(credential)
            context.async { [self] in settle(challenge, disposition, credential.value, completion: completion) }
        }
        guard let session = loading.session, let outerTask = loading.task, let delegate = loading.delegate else {
            return answer(.performDefaultHandling, nil)
        }
        let call = UncheckedBox((session, outerTask, delegate, challenge))
        session.delegateQueue.addOperation {
            let (session, outerTask, delegate, challenge) = call.value
            delegate.urlSession(session, task: outerTask, didReceive: challenge, completionHandler: answer)
        }
        #else
        let forwarded = URLAuthenticationChallenge(authenticationChallenge: challenge, sender: ChallengeSender(completion))
        channel.send { $1.urlProtocol($0, didReceive: forwarded) }
        #endif
    }

    #if canImport(FoundationNetworking)
    /// Carries out the app's answer with the inner session. The inner session's handler
    /// is called from the worker, never from a session's queue (corelibs suspends the task
    /// to retry, which waits on that queue).
    ///
    /// - A credential retries through the inner session (and the rules); the app then
    ///   gets the retry's response after the 401, as from a plain corelibs load.
    /// - Default handling uses the proposed credential, once; without one the 401 becomes
    ///   the final response, as on Apple platforms and corelibs 6.3.2 (6.3.1 itself never
    ///   completes such a task).
    /// - Reject and cancel end the task as cancelled, as corelibs does for a plain load.
    private func settle(
        _ challenge: URLAuthenticationChallenge, _ disposition: URLSession.AuthChallengeDisposition, _ credential: URLCredential?,
        completion: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let reply: (URLSession.AuthChallengeDisposition, URLCredential?)
        if machine.isStopped {
            reply = (.cancelAuthenticationChallenge, nil)
        } else if disposition == .useCredential, let credential {
            reply = (.useCredential, credential)
        } else if disposition == .useCredential || disposition == .performDefaultHandling {
            if let proposed = challenge.proposedCredential, challenge.previousFailureCount == 0 {
                reply = (.useCredential, proposed)
            } else {
                machine.challengeLeftUnanswered()
                reply = (.cancelAuthenticationChallenge, nil)
            }
        } else {
            reply = (.cancelAuthenticationChallenge, nil)
        }
        let box = UncheckedBox(reply)
        worker.async { completion(box.value.0, box.value.1) }
    }

    #endif

    /// The app left a challenge unanswered, and we ended the inner task: its 401 is the
    /// final response. The client must not see a `WWW-Authenticate` that raises a
    /// challenge on a finished response (corelibs would ask the app again, then never
    /// complete), so the header is given as `X-RewriteKit-WWW-Authenticate`; a delegate
    /// that already got the 401 gets it once more with that header, then the finish.
    func deliverUnansweredChallenge(_ reception: Machine.Reception) {
        var head = reception.head
        guard let url = reception.network.url ?? hop.appRequest.url else { return fail(URLError(.badServerResponse)) }
        if let value = head.headers[AuthenticationHeader.name] {
            head.headers.remove(AuthenticationHeader.name)
            head.headers.add(AuthenticationHeader.deliveredName, value)
        }
        guard reception.isStreaming else {
            var response = head
            response.body = [UInt8](reception.body)
            guard let outcome = hop.outcome, outcome.hasResponseActions else {
                return deliverWhole(response, url: url, source: .network, network: reception, bodyChanged: false)
            }
            let (pipeline, whole, network) = (pipeline, response, UncheckedBox(reception))
            return offload(bodySize: whole.body.count, { pipeline.processResponse(whole, for: outcome) }) { [self] answer in
                record(answer.trace)
                deliverWhole(answer.response, url: url, source: .network, network: network.value, bodyChanged: false)
            }
        }
        guard let renamed = HTTPURLResponse(url: url, statusCode: head.status, httpVersion: "HTTP/1.1", headerFields: head.headers.joinedFields) else {
            return fail(URLError(.badServerResponse))
        }
        guard machine.finish() else { return }
        captureHop(error: nil, source: .network)
        channel.send(finishing: true) { protocolObject, client in
            client.urlProtocol(protocolObject, didReceive: renamed, cacheStoragePolicy: .notAllowed)
            client.urlProtocolDidFinishLoading(protocolObject)
        }
        endHop(error: nil, source: .network)
    }
}
