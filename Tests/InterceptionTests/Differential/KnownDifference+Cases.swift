/// The differences swift-corelibs-foundation forces; each is in the Platform Notes.
/// On Apple platforms a plain session behaves as the interceptor does, so none applies.
extension KnownDifference {
    /// `difference` on swift-corelibs-foundation, none elsewhere.
    static func onCorelibs(_ difference: KnownDifference) -> KnownDifference? {
        #if canImport(FoundationNetworking)
        difference
        #else
        nil
        #endif
    }

    /// A redirect refused by the delegate of a completion-handler (or async) task: corelibs
    /// hands a plain task's completion handler an empty body (its `completeTask` passes the
    /// empty in-memory buffer after the 3xx body), while its own delegate path, and Apple
    /// platforms, deliver the 3xx body. The interceptor delivers the body the server sent.
    static let refusedRedirectBody = KnownDifference(
        reason: "corelibs gives a completion handler an empty body for a refused redirect; the interceptor gives the server's body"
    ) { plain, intercepted in
        var problems: [String] = []
        if plain.status != intercepted.status { problems.append("status: \(String(describing: plain.status)) ≠ \(String(describing: intercepted.status))") }
        if plain.bodyLength != 0 { problems.append("plain body is \(plain.bodyLength) B, expected corelibs' empty body") }
        if intercepted.bodyLength == 0 { problems.append("intercepted body is empty, expected the 3xx body") }
        if plain.callbacks != intercepted.callbacks { problems.append("callbacks differ: \(plain.callbacks) ≠ \(intercepted.callbacks)") }
        if plain.serverSaw != intercepted.serverSaw { problems.append("server saw: \(plain.serverSaw) ≠ \(intercepted.serverSaw)") }
        return problems
    }

    /// A 301–308 whose `Location` corelibs cannot follow: a plain task ends with it as its
    /// response without telling its delegate (`didReceive response` never comes, or only for
    /// an interim `100 Continue`), and with an empty body. A URL protocol can give the app's
    /// task a response only through its client, which tells the delegate: so the delegate
    /// of an intercepted task hears the 3xx before the completion, as on Apple platforms.
    /// Everything else matches: the final status and headers, the empty body, the server's view.
    static let unfollowableRedirectHeard = KnownDifference(
        reason: "corelibs ends a task with an unfollowable 3xx without telling its delegate; the interceptor can only deliver it through the client, which does"
    ) { plain, intercepted in
        var problems: [String] = []
        for (name, same) in [
            ("status", plain.status == intercepted.status), ("headers", plain.headers == intercepted.headers),
            ("body", plain.bodyLength == 0 && intercepted.bodyLength == 0), ("error", plain.error == nil && intercepted.error == nil),
            ("server saw", plain.serverSaw == intercepted.serverSaw),
        ] where !same {
            problems.append("\(name) differs")
        }
        // What the plain delegate heard (nothing, or the interim response), then the final
        // response, and the completion where the plain delegate heard one (a delegate of
        // one call does not).
        var expected = plain.callbacks.filter { $0 != .complete(error: nil) }
        if let status = plain.status { expected.append(.response(status: status)) }
        if plain.callbacks.last == .complete(error: nil) { expected.append(.complete(error: nil)) }
        if intercepted.callbacks != expected { problems.append("intercepted callbacks \(intercepted.callbacks), expected \(expected)") }
        return problems
    }

    /// A Basic challenge nobody answers with a credential: corelibs 6.3.1 never completes
    /// the plain task (6.3.2 completes it with the 401). The interceptor completes it with
    /// the 401 and its body, `WWW-Authenticate` given as `X-RewriteKit-WWW-Authenticate`
    /// (the client would otherwise raise the challenge again and hang); a delegate that
    /// already had the 401 gets it once more with that header, then the completion.
    static let unansweredChallengeCompletes = KnownDifference(
        reason: "corelibs 6.3.1 hangs on an unanswered Basic challenge; the interceptor completes with the 401"
    ) { plain, intercepted in
        var problems: [String] = []
        if !plain.hung { problems.append("plain did not hang: \(plain)") }
        if intercepted.hung { problems.append("intercepted hung") }
        if intercepted.status != 401 || intercepted.error != nil { problems.append("intercepted: \(intercepted), expected a plain 401") }
        if intercepted.headers["x-rewritekit-www-authenticate"] != #"Basic realm="Fake Realm""# || intercepted.headers["www-authenticate"] != nil {
            problems.append("intercepted headers: \(intercepted.headers)")
        }
        // What a delegate hears: nothing without one; the challenge with a completion
        // handler; the whole exchange when it receives the data itself. The plain task
        // heard a beginning of the same before it stopped.
        let challenge = AppObservation.Callback.challenge(method: "NSURLAuthenticationMethodHTTPBasic", failures: 0)
        let allowed: [[AppObservation.Callback]] = [
            [], [challenge],
            [.response(status: 401), .data(bytes: 30), challenge, .response(status: 401), .complete(error: nil)],
        ]
        if !allowed.contains(intercepted.callbacks) { problems.append("intercepted callbacks: \(intercepted.callbacks)") }
        if !intercepted.callbacks.starts(with: plain.callbacks) {
            problems.append("plain callbacks \(plain.callbacks) are not how the intercepted ones begin")
        }
        if intercepted.serverSaw != ["GET /basic-auth/user/passwd 0 B"] { problems.append("server saw \(intercepted.serverSaw)") }
        return problems
    }
}
