extension Rewriter {
    /// One place a rewriter is installed: a configuration, or the shared session.
    ///
    /// Keeping the token is optional: an installation lasts until it is uninstalled,
    /// whether or not the app keeps the rewriter or this token. Use it to end one
    /// installation alone, for example when the session made from that configuration is
    /// invalidated.
    public final class Installation: Sendable {
        let interceptor: Interceptor
        private let rewriter: Rewriter

        init(_ interceptor: Interceptor, rewriter: Rewriter) {
            self.interceptor = interceptor
            self.rewriter = rewriter
        }

        /// Whether the installation is still in force.
        public var isInstalled: Bool { rewriter.isInstalled(interceptor) }

        /// Ends this installation: new requests of its sessions go to the network
        /// untouched; requests in flight finish as they started.
        public func uninstall() {
            rewriter.uninstall(interceptor)
        }
    }
}
