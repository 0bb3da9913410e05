import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One hop's request phase, run on an exchange's worker queue: the body read if a rule
/// needs it, the rules run, and what happens next decided. A pure function of its inputs.
struct RequestPhase: @unchecked Sendable {
    /// What the exchange does next.
    enum Next {
        /// The body comes from the app's delegate, and a rule needs it: ask for it first.
        case askForBodyStream
        /// The request fails before anything is sent.
        case fail(Error)
        /// Answer with this stub (`respond`), before its response phase.
        case respond(HTTPResponse)
        /// Fail with this error (`fail`).
        case failWith(RequestError)
        /// Answer from the `cache` clause's memory.
        case cached(ResponseCache.Entry)
        /// Send this request, with this body, to the network.
        case forward(URLRequest, RequestBody)
    }

    /// The pipeline's decision, once made.
    var outcome: RequestOutcome?
    /// The body bytes, when a rule needed them.
    var loadedBody: Data?
    /// The app's body read to the end, when it was a stream (which is spent now).
    var readAppBody: RequestBody?
    /// Request body bytes sent, as far as known without reading a stream.
    var bytesSent = 0
    /// The body as sent, for a running capture: the rules' body, or the app's when it is
    /// data or a file of at most the capture's limit (a stream is not read for it).
    var capturedBody: [UInt8]?
    /// The next step.
    var next: Next

    /// Runs the phase for `hop`, from what `canInit` admitted (``Admission``).
    static func run(
        _ hop: ExchangeHop, admission: Admission?, cache: ResponseCache, counts: RuleUseCounts, captureBodyLimit: Int? = nil
    ) -> RequestPhase {
        guard let admission else { return RequestPhase(next: .fail(URLError(.badURL))) }
        let pipeline = admission.pipeline
        var request = admission.request
        var loadedBody: Data?
        let body: RequestBody
        do {
            body = try hop.body.materialized()
        } catch {
            return RequestPhase(next: .fail(error))
        }
        var parts: BodyView?
        if admission.needsBody {
            if case .fromDelegate = body { return RequestPhase(next: .askForBodyStream) }
            if admission.readsOnlyParts, let file = body.largeFile {
                // Rules that read only parts of an upload too large for memory: its file is
                // scanned a chunk at a time, and only the parts a rule reads are loaded.
                let boundary = request.headers["Content-Type"].flatMap(MultipartBoundary.init(contentType:))
                parts = BodyView(parts: boundary.map { MultipartBody.read(file, boundary: $0.bytes) } ?? .failure(.notMultipart))
            } else {
                do {
                    let bytes = try body.load()
                    loadedBody = bytes
                    request.body = [UInt8](bytes)
                } catch {
                    return RequestPhase(next: .fail(error))
                }
            }
        }
        let outcome = pipeline.processRequest(request, admission: admission, counts: counts, parts: parts)
        let next: Next
        switch outcome.disposition {
        case .respond(let stub):
            next = .respond(stub)
        case .fail(let error):
            next = .failWith(error)
        case .forward:
            if outcome.cacheLifetime != nil, outcome.request.method == "GET", let entry = cache.entry(for: outcome.request.url.description) {
                next = .cached(entry)
            } else {
                switch Result(catching: { try outgoing(body, loaded: loadedBody != nil, outcome: outcome) }) {
                case .failure(let error):
                    next = .fail(error)
                case .success(let outgoing):
                    if var forwarded = outcome.request.urlRequest(
                        basedOn: hop.appRequest, admitted: admission.request, httpBody: outgoing.dataTaskBody) {
                        #if canImport(FoundationNetworking)
                        // corelibs gives a POST whose body is a stream the default Content-Type even
                        // when the stream is empty; read here, that body goes as none, without it.
                        if case .stream = hop.body, case .none = outgoing { forwarded.addDefaultPOSTContentType() }
                        #endif
                        next = .forward(forwarded, outgoing)
                    } else {
                        next = .fail(InterceptionError.invalidRewrittenURL(outcome.request.url.description).urlError)
                    }
                }
            }
        }
        let bytesSent = outcome.request.body?.count ?? outcome.editedFileParts?.count ?? body.knownLength
        var phase = RequestPhase(outcome: outcome, loadedBody: loadedBody, bytesSent: bytesSent, next: next)
        if case .stream = hop.body { phase.readAppBody = body }
        if let limit = captureBodyLimit {
            // A file-backed upload the rules edited is captured as sent: from its new file.
            var sent = body
            if outcome.editedFileParts != nil, case .forward(_, let outgoing) = next { sent = outgoing }
            phase.capturedBody = outcome.request.body ?? sent.capturedBytes(limit: limit)
        }
        return phase
    }
}

extension RequestPhase {
    /// The body to send: the app's when the rules did not read it, else the rules'; the
    /// edited parts of a file-backed upload are written to a new file, a chunk at a time.
    ///
    /// - Throws: the `URLError` ``RequestBody/load()`` documents, when the file cannot be written.
    fileprivate static func outgoing(_ body: RequestBody, loaded: Bool, outcome: RequestOutcome) throws -> RequestBody {
        if let parts = outcome.editedFileParts { return .spilled(try SpilledRequestBody(writing: parts)) }
        return loaded ? body.replacing(with: outcome.request.body) : body
    }
}

extension RequestBody {
    /// A file the body is in, for a body too large for memory (a spilled stream or the
    /// app's upload file); nil for a body in memory.
    var largeFile: MultipartSource? {
        switch self {
        case .spilled(let copy): return .file(copy.url, count: copy.count)
        case .file(let url): return .file(url, count: knownLength)
        case .none, .data, .uploadData, .stream, .fromDelegate: return nil
        }
    }

    /// The bytes of a body of at most `limit` bytes, for a capture; nil for a larger body
    /// or one the app's delegate streams (reading it would consume it).
    func capturedBytes(limit: Int) -> [UInt8]? {
        switch self {
        case .data, .uploadData, .file, .spilled:
            guard knownLength <= limit, let data = try? load() else { return nil }
            return [UInt8](data)
        case .none, .stream, .fromDelegate:
            return nil
        }
    }
}
