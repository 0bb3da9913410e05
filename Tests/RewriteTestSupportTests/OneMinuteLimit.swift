import Testing

/// A minute for each test of a suite, where the system has Swift Testing's time limits
/// (macOS 13, iOS 16, tvOS 16); older systems run the suite without one.
let oneMinuteLimit: any SuiteTrait = {
    if #available(macOS 13, iOS 16, tvOS 16, *) {
        return TimeLimitTrait.timeLimit(.minutes(1))
    }
    return ConditionTrait.enabled(if: true)
}()
