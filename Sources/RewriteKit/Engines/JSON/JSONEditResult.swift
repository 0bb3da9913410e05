/// The outcome of a JSON body edit: new bytes, or the reason the body was left alone.
///
/// An edit never produces half-edited or invalid output: either the whole edit
/// applies and the result is valid JSON, or the caller keeps its original bytes.
package enum JSONEditResult: Sendable, Equatable {
    /// The edited body; every byte outside the edited spot is the original's.
    case edited([UInt8])
    /// The body was not changed, for example `'user.id' not found`.
    case unchanged(reason: String)

    /// The result of an edit of a document: its bytes, or the reason it failed.
    init(_ result: Result<JSONDocument, JSONLocatorFailure>) {
        switch result {
        case .success(let document): self = .edited(document.bytes)
        case .failure(let failure): self = .unchanged(reason: failure.reason)
        }
    }

    /// The edited bytes, or `nil` when unchanged.
    package var editedBytes: [UInt8]? {
        if case .edited(let bytes) = self { return bytes }
        return nil
    }

    /// The reason the body was left alone, or `nil` when edited.
    var reason: String? {
        if case .unchanged(let reason) = self { return reason }
        return nil
    }

    /// The edited bytes, or `original` when the edit did not apply.
    func bytes(orOriginal original: [UInt8]) -> [UInt8] {
        editedBytes ?? original
    }
}
