import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the interceptor learns about the app's task when loading starts.
///
/// On swift-corelibs-foundation some facts have no public API, and are read once here,
/// by reflection (``StoredProperty``), from stored properties whose names hold from
/// corelibs 5.8 through 6.3: the task's session (`session`), the body of an upload task
/// (`knownBody`), and how the app receives the body (the session's task registry). Each
/// read falls back to a safe answer if the property is ever missing.
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
    /// The session that owns the task, when the task has a delegate to talk to (corelibs;
    /// nil on Apple platforms, where the loader talks to the app's delegate itself).
    let session: URLSession?
    /// An upload task's body as the task holds it (corelibs).
    let uploadBody: UploadBody?

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

    init(_ task: URLSessionTask?) {
        self.task = task
        switch task {
        case is URLSessionUploadTask: kind = .upload
        case is URLSessionDataTask: kind = .data
        case is URLSessionDownloadTask: kind = .download
        default: kind = .other
        }
        #if canImport(FoundationNetworking)
        // The session is needed only to talk to the app's delegate, so only a task with
        // one pays for reading it.
        let delegated = task?.delegate != nil
        let session = delegated ? task.flatMap { StoredProperty.value("session", of: $0) } as? URLSession : nil
        self.session = session
        if kind == .upload {
            uploadBody = task.flatMap { StoredProperty.value("knownBody", of: $0) }.map(Self.uploadBody) ?? .fromDelegate
        } else {
            uploadBody = nil
        }
        if let task, let session {
            receivesChunks = Self.registryBehaviour(of: task, in: session) == "callDelegate"
        } else {
            // No delegate hears the task: only a completion handler (or nothing) takes the body.
            receivesChunks = false
        }
        #else
        session = nil
        uploadBody = nil
        receivesChunks = true
        #endif
    }

    /// The delegate that hears this task's events: the task's own, else the session's.
    var delegate: URLSessionTaskDelegate? {
        task?.delegate
    }

    #if canImport(FoundationNetworking)
    /// `URLSessionTask._Body`: `.none`, `.data(DispatchData)`, `.file(URL)`, `.stream(InputStream)`.
    private static func uploadBody(_ body: Any) -> UploadBody {
        let mirror = Mirror(reflecting: body)
        guard let payload = mirror.children.first else { return .none }
        switch payload.value {
        case let data as DispatchData: return .data(Data(data))
        case let data as Data: return .data(data)
        case let url as URL: return .file(url)
        case let stream as InputStream: return .stream(stream)
        default: return .none
        }
    }

    /// The name of the session's registry behaviour for the task (`callDelegate`,
    /// `dataCompletionHandler`, …), if it can be read.
    private static func registryBehaviour(of task: URLSessionTask, in session: URLSession) -> String? {
        guard let registry = StoredProperty.value("taskRegistry", of: session),
              let behaviours = StoredProperty.value("behaviours", of: registry)
        else { return nil }
        let identifier = task.taskIdentifier
        for child in Mirror(reflecting: behaviours).children {
            let pair = Mirror(reflecting: child.value).children.map(\.value)
            guard pair.count == 2, pair[0] as? Int == identifier else { continue }
            let behaviour = Mirror(reflecting: pair[1])
            return behaviour.children.first?.label ?? String(describing: pair[1])
        }
        return nil
    }
    #endif
}
