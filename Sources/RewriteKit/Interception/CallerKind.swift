import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the app receives the body of an intercepted task, which decides how the
/// interceptor must deliver it.
///
/// swift-corelibs-foundation keeps only the LAST `didLoad` chunk for tasks made
/// with a completion handler (and for async `data(for:)`, built on one), while
/// session delegates receive every chunk. Apple's Foundation accumulates chunks
/// for every caller. So on Linux a completion-handler task must get its body in
/// one piece, and a delegate task can stream.
enum CallerKind: Equatable {
    /// A session delegate receives chunks as they arrive.
    case streamingDelegate
    /// A completion handler (or async/await) receives the body at the end.
    case completionHandler

    /// Finds the caller kind of a task. Must run on the task's session queue
    /// (`startLoading` does), where corelibs itself reads its task registry.
    ///
    /// corelibs exposes no API for this, so it reads the session's task registry
    /// by reflection; if that ever fails it answers `.completionHandler`, which
    /// is always correct, only not incremental.
    static func of(_ task: URLSessionTask?) -> CallerKind {
        #if canImport(FoundationNetworking)
        guard let task, let behaviour = registryBehaviour(of: task) else { return .completionHandler }
        return behaviour == "callDelegate" ? .streamingDelegate : .completionHandler
        #else
        return .streamingDelegate
        #endif
    }

    #if canImport(FoundationNetworking)
    private static func registryBehaviour(of task: URLSessionTask) -> String? {
        guard let session = storedProperty("session", of: task).flatMap(unwrapped),
              let registry = storedProperty("taskRegistry", of: session),
              let behaviours = storedProperty("behaviours", of: registry) as? [Int: Any],
              let behaviour = behaviours[task.taskIdentifier]
        else { return nil }
        let mirror = Mirror(reflecting: behaviour)
        return mirror.children.first?.label ?? String(describing: behaviour)
    }

    private static func storedProperty(_ name: String, of subject: Any) -> Any? {
        var mirror: Mirror? = Mirror(reflecting: subject)
        while let current = mirror {
            if let child = current.children.first(where: { $0.label == name }) { return child.value }
            mirror = current.superclassMirror
        }
        return nil
    }

    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }
    #endif
}
