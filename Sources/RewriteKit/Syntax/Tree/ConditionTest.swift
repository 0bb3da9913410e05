/// One test: `SUBJECT OPERATOR VALUE`, or `SUBJECT exists`.
struct ConditionTest: Sendable, Hashable {
    /// What is tested.
    let subject: ConditionSubject
    /// How it is tested.
    let op: ConditionOperator
    /// Where the operator is.
    let operatorRange: SourceRange
    /// What it is compared with; `nil` for `exists`.
    let value: Value?
    /// The whole test.
    let range: SourceRange

    /// Creates a test node.
    init(
        subject: ConditionSubject, op: ConditionOperator, operatorRange: SourceRange,
        value: Value?, range: SourceRange
    ) {
        self.subject = subject
        self.op = op
        self.operatorRange = operatorRange
        self.value = value
        self.range = range
    }
}
