import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Exchange {
    /// Gives the app a streamed stub (`respond { stream … }`): the head at once, then each
    /// piece of the body when its plan says (each a delivery of its own, which a data
    /// delegate hears as it is sent), then the end or the plan's error. The response has
    /// no `Content-Length`, as a server's stream has none. A caller that takes the body in
    /// one piece (a completion handler, `async`: corelibs keeps only their last chunk) gets
    /// it whole when the last piece is due; the delegate of one call still hears each piece.
    func deliverStream(_ response: HTTPResponse, plan: StreamPlan) {
        hop.response = response
        guard let url = hop.appRequest.url, let appResponse = appResponse(response, url: url, bodyChanged: false) else {
            return fail(URLError(.badServerResponse))
        }
        outflow = Outflow()
        _ = startMessageRelay(head: response)
        channel.send { $1.urlProtocol($0, didReceive: appResponse, cacheStoragePolicy: .notAllowed) }
        machine.headDelivered(keepsForCache: false)
        emitResponse()
        sendPieces(from: 0, of: response.body, plan: plan)
    }

    /// Sends the pieces due now, from `index`, and schedules the next one that waits.
    private func sendPieces(from index: Int, of body: [UInt8], plan: StreamPlan) {
        var index = index
        while index < plan.pieces.count {
            let piece = plan.pieces[index]
            if piece.delay > 0 {
                let next = index
                return schedule(after: piece.delay) { [self] in
                    sendPiece(plan.pieces[next], of: body)
                    sendPieces(from: next + 1, of: body, plan: plan)
                }
            }
            sendPiece(piece, of: body)
            index += 1
        }
        endStreamOut { [self] in
            guard let failure = plan.failure else {
                if !loading.receivesChunks, !outflow.keptWhole.isEmpty {
                    let whole = outflow.keptWhole
                    channel.send { $1.urlProtocol($0, didLoad: whole) }
                }
                return finishStream(source: .stub)
            }
            let error = failure.error.taskError(url: hop.appRequest.url)
            if failure.delay > 0 {
                schedule(after: failure.delay) { [self] in fail(error, source: .stub) }
            } else {
                fail(error, source: .stub)
            }
        }
    }

    private func sendPiece(_ piece: StreamPlan.Piece, of body: [UInt8]) {
        guard machine.isLive, !piece.range.isEmpty else { return }
        let data = Data(body[piece.range])
        loading.perCall?.didReceive(data)
        streamOut(data)
    }
}
