import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Exchange {
    /// The most redirects one load follows, as URLSession (more fail with
    /// `httpTooManyRedirects`).
    static let redirectLimit = 20

    /// The inner task reached a redirect, in the context.
    ///
    /// The app decides, as without the interceptor: its delegate hears the redirect (the
    /// response after the hop's head-only response actions, so a rule can change
    /// `Location`) with the request made from the app's own request, and may follow,
    /// change or refuse it. A followed redirect is a new hop through the rules.
    ///
    /// - Apple platforms: the client is told (`wasRedirectedTo`), which asks the app's
    ///   delegate and starts a new load for the new request; this load goes on to deliver
    ///   the 3xx, the final response when the app refused.
    /// - swift-corelibs-foundation, whose client traps on `wasRedirectedTo`: the app's
    ///   delegate is asked directly, on its queue, with its session and task, and the
    ///   inner task waits for the answer; refusing makes the 3xx the final response.
    ///
    /// Either way a refused redirect's 3xx is the inner task's final response and takes
    /// the same path as any other.
    ///
    /// A task this exchange has cancelled (stopped, failed, or answered otherwise) is never
    /// answered: corelibs traps when a redirect answer reaches a cancelled task
    /// (`didCompleteRedirectCallback`: "we're not waiting for it"), and the cancel ends it.
    func innerWillRedirect(_ response: HTTPURLResponse, completion: @escaping @Sendable (URLRequest?) -> Void) {
        guard !isHalted, !machine.isStopped else { return }
        guard let outcome = hop.outcome, let appURL = hop.appRequest.url else { return completion(nil) }
        let serverHead = HTTPResponse(head: response)
        var head = serverHead
        var headTrace: Trace?
        if outcome.hasResponseActions, !outcome.responseNeedsBody {
            let answer = pipeline.processResponse(head, for: outcome)
            head = answer.response
            headTrace = answer.trace
        }
        guard let next = RedirectRequest.next(after: hop.appRequest, status: head.status, location: head.headers["Location"], baseURL: appURL),
              let shown = HTTPURLResponse(url: response.url ?? appURL, statusCode: head.status, httpVersion: "HTTP/1.1", headerFields: head.headers.joinedFields)
        else { return completion(nil) }
        guard hop.number < Self.redirectLimit else {
            // Not answered: failing cancels the inner task.
            return fail(URLError(.httpTooManyRedirects, userInfo: [NSURLErrorFailingURLErrorKey: appURL]))
        }
        let redirectResponse = headTrace == nil ? response : shown
        #if !canImport(FoundationNetworking)
        // Apple platforms: the client asks the app's delegate and, when it follows, starts a
        // new load for the new request (which comes through the rules as its own exchange).
        // This load goes on to the 3xx and finishes, which is what an app that refused gets,
        // as from a plain session (OHHTTPStubs #174/#175). Apple's CustomHTTPProtocol fails
        // the load with NSUserCancelledError instead, which reaches such an app as an error.
        let carried = RedirectRequest.carrying(hop.body, in: next)
        channel.send { protocolObject, client in
            client.urlProtocol(protocolObject, wasRedirectedTo: carried, redirectResponse: redirectResponse)
        }
        completion(nil)
        #else
        guard machine.redirectReached(completion) else { return }
        let (finalHead, finalTrace) = (head, headTrace)
        askAppToRedirect(redirectResponse, to: next) { [self] decision in
            switch machine.redirectDecided(follow: decision != nil) {
            case .ignore:
                return
            case .refuse(let parked):
                // Refused: the inner task delivers the 3xx as its final response, which
                // then goes through the response phase like any other.
                parked(nil)
            case .follow:
                guard let decision else { return }
                if let finalTrace { record(finalTrace) }
                hop.serverResponse = serverHead
                follow(to: decision, after: finalHead, source: .network)
            }
        }
        #endif
    }

    /// An answer made without the network (a `respond` stub) that is a redirect: a 3xx
    /// with a `Location` URLSession follows. It behaves as a server's redirect does: the
    /// app's delegate hears `willPerformHTTPRedirection` and may follow, change or refuse
    /// it; a followed redirect is a new hop through the rules; a refused one is the final
    /// response, body and all. Returns false, doing nothing, for any other answer.
    func redirect(_ answer: HTTPResponse, source: ResponseSource) -> Bool {
        guard let appURL = hop.appRequest.url,
              let next = RedirectRequest.next(after: hop.appRequest, status: answer.status, location: answer.headers["Location"], baseURL: appURL)
        else { return false }
        guard hop.number < Self.redirectLimit else {
            fail(URLError(.httpTooManyRedirects, userInfo: [NSURLErrorFailingURLErrorKey: appURL]))
            return true
        }
        guard let shown = appResponse(answer, url: appURL, bodyChanged: true) else { return false }
        #if !canImport(FoundationNetworking)
        // As for the network's redirects: the client asks the app's delegate and starts a
        // new load when it follows; this load delivers the 3xx, which an app that refused gets.
        let carried = RedirectRequest.carrying(hop.body, in: next)
        channel.send { protocolObject, client in
            client.urlProtocol(protocolObject, wasRedirectedTo: carried, redirectResponse: shown)
        }
        deliverWhole(answer, url: appURL, source: source)
        #else
        askAppToRedirect(shown, to: next) { [self] decision in
            guard machine.isLive else { return }
            guard let decision else { return deliverWhole(answer, url: appURL, source: source) }
            follow(to: decision, after: answer, source: source)
        }
        #endif
        return true
    }

    #if canImport(FoundationNetworking)
    /// Asks the app's delegate, on its queue, whether to follow; without a delegate the
    /// redirect is followed, as URLSession does. `decide` runs in the context.
    private func askAppToRedirect(_ response: HTTPURLResponse, to next: URLRequest, decide: @escaping @Sendable (URLRequest?) -> Void) {
        let answer: @Sendable (URLRequest?) -> Void = { [self] decision in
            context.async { decide(decision) }
        }
        guard let session = loading.session, let task = loading.task, let delegate = loading.delegate else {
            return answer(next)
        }
        let call = UncheckedBox((session, task, delegate, response))
        session.delegateQueue.addOperation {
            let (session, task, delegate, response) = call.value
            delegate.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: next, completionHandler: answer)
        }
    }

    /// Ends the redirect hop and runs the next one through the rules.
    private func follow(to request: URLRequest, after head: HTTPResponse, source: ResponseSource) {
        hop.response = head
        emitResponse()
        endHop(error: nil, source: source, redirectLocation: request.url?.absoluteString)
        // corelibs configures a redirect it follows by itself: its `Cookie` header becomes
        // the stored cookies, those the 3xx just set included (the inner task stored them
        // as its head arrived). A redirect its delegate approved goes as approved.
        var request = loading.delegate == nil ? interceptor.requestDefaults.configured(request) : request
        // corelibs sends no body on any redirect hop (it resets the task's body), but sets
        // the transfer up from the request, which keeps a 307's or 308's `httpBody`: a POST
        // with one and no Content-Type still gets the default a session gives a POST's body.
        if request.httpBody?.isEmpty == false || request.httpBodyStream != nil { request.addDefaultPOSTContentType() }
        begin(ExchangeHop(number: hop.number + 1, appRequest: request, body: .none))
    }
    #endif
}
