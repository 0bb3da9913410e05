import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The naive pass-through with an inner session that has no URL cache. On corelibs every
/// data task looks its session's cache up before its protocol exists (a listing of the
/// cache's directory and a hop to a background queue); the naive protocol's inner session,
/// like most written by hand, does it a second time for each request, and the interceptor's
/// does not when the app's session found nothing. Forwarding the rewritten request through
/// this one is the least a rewrite costs: the floor rows start from it.
final class UncachedNaivePassThroughProtocol: NaivePassThroughProtocol {
    private static let uncachedForwarder = NaiveForwarder(delegateQueue: nil, usesURLCache: false)

    override class var forwarder: NaiveForwarder { uncachedForwarder }
}
