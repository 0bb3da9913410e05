import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one-time registration of the shared session's protocol class (installation
/// number 0), which then answers for whichever rewriter owns the shared session.
enum SharedSessionRegistration {
    /// Registers the class once and checks that `URLSession.shared` will consult it.
    static func register() throws(InterceptionError) {
        try outcome.get()
    }

    /// The configuration to forward the shared session's requests with: the default one
    /// with the shared cookie storage, which is what `URLSession.shared` uses. (Not a copy
    /// of the shared session's own: its request would consult the registered classes,
    /// the interceptor first, again.)
    static var configuration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.httpCookieStorage = .shared
        return configuration
    }

    private static let outcome: Result<Void, InterceptionError> = {
        let protocolClass = InterceptingURLProtocol.subclass(for: 0)
        _ = URLProtocol.registerClass(protocolClass)
        #if canImport(FoundationNetworking)
        // The first URLSession made registers the built-in protocols, and corelibs
        // consults registered classes first-registered-first; the shared session copies
        // the list when it is made. A class registered too late comes after HTTP's and is
        // never asked, so the interceptor must be first in the shared session's list.
        guard let first = URLSession.shared.configuration.protocolClasses?.first, first == protocolClass else {
            URLProtocol.unregisterClass(protocolClass)
            return .failure(.sharedSessionAlreadyCreated)
        }
        #endif
        return .success(())
    }()
}
