import Foundation

/// Serves one accepted connection on its own thread: reads requests in a keep-alive loop,
/// records each, asks the ``Router`` for a response and writes it.
struct ServerConnection {
    /// The connected socket (closed by the caller after ``run()``).
    let descriptor: Int32
    /// The connection's number, recorded with each request.
    let id: Int
    /// The server the connection belongs to.
    let core: ServerCore

    /// Handles requests until the client closes, asks to close, or the server stops.
    func run() {
        let descriptor = descriptor
        let core = core
        var parser = HTTPRequestParser { try Socket.receive(from: descriptor) }
        let writer = HTTPResponseWriter(descriptor: descriptor, isStopping: { core.isStopped })
        let context = RouteContext(port: core.port, isStopping: { core.isStopped }, calls: { core.calls(to: $0) })
        while !core.isStopped {
            do {
                guard let request = try parser.nextRequest(sendContinue: writer.writeContinue) else { return }
                let recorded = core.record(request, connectionID: id)
                if WebSocketEcho.accepts(request) {
                    return WebSocketEcho.run(request, descriptor: descriptor, buffered: parser.takeBuffered())
                }
                let response = Router.response(to: recorded, context: context)
                if response.hangsUp { return }
                let keepAlive = request.wantsKeepAlive && !response.closesConnection && !core.isStopped
                try writer.write(response, method: request.method, keepAlive: keepAlive)
                if !keepAlive { return }
            } catch let error as HTTPParseError {
                if error != .truncated {
                    try? writer.write(.error(error.status, error.message), method: "GET", keepAlive: false)
                    Socket.finishSending(descriptor)
                }
                return
            } catch {
                return  // the client went away or the server is stopping
            }
        }
    }
}
