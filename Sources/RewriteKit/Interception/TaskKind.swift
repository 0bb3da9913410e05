import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which kind of URLSession task an intercepted request belongs to.
enum TaskKind: Equatable {
    case data
    case upload
    case download
    case other

    init(_ task: URLSessionTask?) {
        switch task {
        case is URLSessionUploadTask: self = .upload
        case is URLSessionDataTask: self = .data
        case is URLSessionDownloadTask: self = .download
        default: self = .other
        }
    }
}
