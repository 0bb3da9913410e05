#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
import RewriteKit

/// The naive pass-through with its inner session's callbacks, and so its client calls, run
/// inline on URLSession's own queue (corelibs), where corelibs' HTTP protocol calls its
/// client and where the interceptor calls its own (Apple's URLProtocol discipline). The
/// naive protocol calls its client from a delegate queue of its own instead; measured
/// side by side, the two say what that discipline costs a forwarded request.
final class InlineNaivePassThroughProtocol: NaivePassThroughProtocol {
    private static let inlineForwarder = NaiveForwarder(delegateQueue: InlineOperationQueue())

    override class var forwarder: NaiveForwarder { inlineForwarder }
}
#endif
