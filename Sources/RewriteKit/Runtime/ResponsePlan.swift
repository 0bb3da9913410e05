/// The response-phase work of one request (placeholder; the compiler fills it in).
struct ResponsePlan: Sendable {
}
