/// One worded message of the catalogue together with the identifier of its kind.
package struct DiagnosticMessage: Sendable, Hashable {
    /// The kind of problem.
    let identifier: DiagnosticID
    /// The wording, lower case, quoting source text.
    let text: String

    init(_ identifier: DiagnosticID, _ text: String) {
        self.identifier = identifier
        self.text = text
    }
}
