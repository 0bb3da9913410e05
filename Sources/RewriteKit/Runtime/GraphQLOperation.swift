/// The GraphQL operation a request carries, as the `graphql operation` and `graphql type`
/// subjects read it.
///
/// The name comes from the first of: a JSON body's `operationName` (a string), the
/// `operationName` query item, the `X-APOLLO-OPERATION-NAME` header, the first named
/// operation of the document. The document is the JSON body's `query` or the `query` query
/// item. The type is that of the operation with that name in the document (the first
/// operation when the name came from the document or there is none); without a document
/// it is unknown. A batched body (a JSON array) carries no single operation: only the
/// query item and the header can name one.
struct GraphQLOperation {
    /// The operation name; nil for an anonymous operation or a request that is not GraphQL.
    var name: String?
    /// The operation type; nil when no document says it.
    var type: GraphQLOperationType?

    /// The name of the Apollo header that carries the operation name.
    static let apolloHeader = "X-APOLLO-OPERATION-NAME"

    /// Reads the operation of `request`, whose body is `body`.
    init(request: HTTPRequest, body: BodyView?) {
        func bodyString(_ key: String) -> String? {
            guard case .string(let text)? = body?.jsonValue(at: JSONPath([.key(key)])) else { return nil }
            return text
        }
        let query = request.url.query
        let explicitName = bodyString("operationName")
            ?? QueryString.firstValue(named: "operationName", in: query).flatMap { $0.isEmpty ? nil : $0 }
            ?? request.headers[Self.apolloHeader].flatMap { $0.isEmpty ? nil : $0 }
        let document = (bodyString("query") ?? QueryString.firstValue(named: "query", in: query)).map(GraphQLDocument.init)
        name = explicitName ?? document?.firstName
        type = document?.operation(named: name)?.type ?? (explicitName == nil ? document?.operations.first?.type : nil)
    }
}
