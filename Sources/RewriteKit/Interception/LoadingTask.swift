import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the interceptor learns about the app's task when loading starts.
///
/// On swift-corelibs-foundation some facts have no public API, and are read once here
/// from corelibs' stored properties (``StoredProperty``): the task's session (`session`),
/// the body of an upload task (`knownBody`), whether it is an async call
/// (`_callCompletionHandlerInline`), and how the app receives the body (the session's
/// task registry). A fact that cannot be read is a ``CorelibsFact`` in ``missedFacts``,
/// never a silent guess: the protocol reports it and keeps the task out of the rules where
/// carrying it would go wrong. `CorelibsReflectionTests` fail if one is missed here.
struct LoadingTask: @unchecked Sendable {
    /// The kinds of task that need different handling.
    enum Kind: Equatable {
        case data, upload, download, other
    }

    /// The app's task, when URLSession made the protocol with one.
    let task: URLSessionTask?
    /// Data, upload, download or other.
    let kind: Kind
    /// Whether the app gets the body chunk by chunk (a session data delegate) rather than
    /// in one piece (a completion handler or async/await). corelibs keeps only the last
    /// chunk for completion handlers, so their body must arrive in one `didLoad`; Apple
    /// platforms accumulate every chunk for every caller.
    let receivesChunks: Bool
    /// The session that owns the task (corelibs; nil on Apple platforms, where the loader
    /// talks to the app's delegates itself).
    let session: URLSession?
    /// The delegate of one call (`data(for:delegate:)`, `upload(for:from:delegate:)` …) on
    /// corelibs, which keeps it in the session's task registry, not in `task.delegate`. A
    /// plain load gives it the response (corelibs' client does that for any protocol), each
    /// chunk of data and upload progress (corelibs' own HTTP protocol does those itself, so
    /// the interceptor must).
    let perCallDelegate: URLSessionTaskDelegate?
    /// An upload task's body as the task holds it (corelibs).
    let uploadBody: UploadBody?
    /// The corelibs facts this task needed and could not read (always empty on Apple platforms).
    let missedFacts: [CorelibsFactMiss]

    /// The body an upload task carries.
    enum UploadBody {
        /// `uploadTask(with:from:)`.
        case data(Data)
        /// `uploadTask(with:fromFile:)`.
        case file(URL)
        /// A stream (a data task's `httpBodyStream` seen through the task).
        case stream(InputStream)
        /// `uploadTask(withStreamedRequest:)`: the delegate provides a stream on request.
        case fromDelegate
        /// No body.
        case none
    }

    init(_ task: URLSessionTask?, hiding hidden: Set<String> = []) {
        self.task = task
        switch task {
        case is URLSessionUploadTask: kind = .upload
        case is URLSessionDataTask: kind = .data
        case is URLSessionDownloadTask: kind = .download
        default: kind = .other
        }
        #if canImport(FoundationNetworking)
        guard let task else {
            (session, uploadBody, receivesChunks, perCallDelegate, missedFacts) = (nil, nil, false, nil, [])
            return
        }
        var missed: [CorelibsFactMiss] = []
        if ExchangeContext.sharedQueueMember == nil { missed.append(.init(.sessionWorkQueue, keepsOut: false)) }
        // Every data and upload task reads its session: the registry tells whether a
        // session delegate, or the delegate of one call, hears it.
        let session = StoredProperty.value("session", of: task, hiding: hidden) as? URLSession
        self.session = session
        // The task's own delegate, else its session's (corelibs' public getter).
        let hasDelegate = task.delegate != nil
        if session == nil {
            // Without it nothing tells whether a delegate hears chunks; a task with a
            // delegate may rely on it (one without any takes its body whole).
            missed.append(.init(.taskSession, keepsOut: hasDelegate))
        }
        if kind == .upload {
            // nil for `uploadTask(withStreamedRequest:)`: the delegate gives the stream.
            let known = StoredProperty.value("knownBody", of: task, hiding: hidden)
            let body = known.map(Self.uploadBody)
            uploadBody = body ?? .fromDelegate
            if known == nil ? !StoredProperty.exists("knownBody", of: task, hiding: hidden) : body == nil {
                missed.append(.init(.uploadBody, keepsOut: true))
            }
        } else {
            uploadBody = nil
        }
        // The registry entry is an enum whose cases can only be told apart by `Mirror`,
        // which demangles the closure payload's type on every read (tens of µs). It is
        // read only when the answer can differ: for a call with its own delegate (the
        // async methods, which corelibs marks `_callCompletionHandlerInline`) and for a
        // task with a delegate (a completion handler or not). A completion handler or
        // async call without any delegate needs no entry: nobody hears chunks.
        let inline = StoredProperty.value("_callCompletionHandlerInline", of: task, hiding: hidden) as? Bool
        if inline == nil { missed.append(.init(.asyncCall, keepsOut: false)) }
        let isAsyncCall = inline ?? true
        var behaviour: (name: String, payload: Any?)?
        if let session, isAsyncCall || hasDelegate {
            behaviour = Self.registryBehaviour(of: task, in: session, hiding: hidden)
            if behaviour.map({ !Self.knownBehaviours.contains($0.name) }) ?? true {
                missed.append(.init(.taskRegistry, keepsOut: hasDelegate))
                behaviour = nil
            }
        }
        // Without a session delegate, "callDelegate" means nobody hears chunks: only a
        // completion handler (or nothing) takes the body.
        receivesChunks = behaviour?.name == "callDelegate" && hasDelegate
        if behaviour?.name == "dataCompletionHandlerWithTaskDelegate" {
            // `(completion, URLSessionTaskDelegate?)`: the second element, nil for a call
            // without a delegate of its own.
            let elements = behaviour?.payload.map { Array(Mirror(reflecting: $0).children) } ?? []
            perCallDelegate = elements.count == 2 ? Self.delegate(in: elements[1].value) : nil
            if elements.count != 2 { missed.append(.init(.perCallDelegate, keepsOut: true)) }
        } else {
            perCallDelegate = nil
        }
        missedFacts = missed
        #else
        session = nil
        uploadBody = nil
        receivesChunks = true
        perCallDelegate = nil
        missedFacts = []
        #endif
    }

    /// The delegate that hears this task's events: the task's own, else the session's.
    var delegate: URLSessionTaskDelegate? {
        task?.delegate
    }

    #if canImport(FoundationNetworking)
    /// `URLSessionTask._Body`: `.none`, `.data(DispatchData)`, `.file(URL)`, `.stream(InputStream)`;
    /// nil for a case of another shape.
    private static func uploadBody(_ body: Any) -> UploadBody? {
        let mirror = Mirror(reflecting: body)
        guard let payload = mirror.children.first else { return UploadBody.none }
        switch payload.value {
        case let data as DispatchData: return .data(Data(data))
        case let data as Data: return .data(data)
        case let url as URL: return .file(url)
        case let stream as InputStream: return .stream(stream)
        default: return nil
        }
    }

    /// The session's registry behaviour for the task: its case name (`callDelegate`,
    /// `dataCompletionHandler`, `dataCompletionHandlerWithTaskDelegate`, …) and payload,
    /// if it can be read. The registry is `[Int: _Behaviour]` keyed by task identifier;
    /// one cast reaches the entry without reflecting on every other task's.
    static func registryBehaviour(of task: URLSessionTask, in session: URLSession, hiding hidden: Set<String> = []) -> (name: String, payload: Any?)? {
        guard let registry = StoredProperty.value("taskRegistry", of: session, hiding: hidden),
              let behaviours = StoredProperty.value("behaviours", of: registry as AnyObject, hiding: hidden) as? any IntKeyedValues,
              let behaviour = behaviours.value(forKey: task.taskIdentifier)
        else { return nil }
        let mirror = Mirror(reflecting: behaviour)
        guard let payload = mirror.children.first else { return (String(describing: behaviour), nil) }
        return (payload.label ?? String(describing: behaviour), payload.value)
    }

    /// The registry's cases (`URLSession._TaskRegistry._Behaviour`) this reading knows.
    static let knownBehaviours: Set<String> = [
        "callDelegate", "dataCompletionHandler", "dataCompletionHandlerWithTaskDelegate",
        "downloadCompletionHandler", "downloadCompletionHandlerWithTaskDelegate",
    ]

    /// A delegate held in an optional inside reflected storage.
    private static func delegate(in value: Any) -> URLSessionTaskDelegate? {
        if let delegate = value as? URLSessionTaskDelegate { return delegate }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return nil }
        return mirror.children.first?.value as? URLSessionTaskDelegate
    }
    #endif
}
