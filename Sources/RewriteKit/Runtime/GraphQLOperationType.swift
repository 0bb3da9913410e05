/// The type of a GraphQL operation, as `graphql type` reads it.
enum GraphQLOperationType: String, Sendable {
    case query, mutation, subscription
}
