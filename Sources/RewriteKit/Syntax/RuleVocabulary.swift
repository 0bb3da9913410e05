/// The words of the rule language, each with a one-line summary from the language
/// reference: what an editor completes and shows on hover (`rewrite lsp`).
package enum RuleVocabulary {
    /// Where a word can be written.
    package enum Place: Sendable, CaseIterable {
        /// At the top level: `rule`.
        case topLevel
        /// In a rule: its clauses.
        case clause
        /// After `when`, `and`, `or`, `not`, `(`: a condition's subject.
        case subject
        /// In `request { }` or `response { }`: an action.
        case action
        /// After `fail`: an error name.
        case failure
        /// In `respond STATUS { }`: its parts.
        case respondPart
    }

    /// The words that can be written at `place`, in the reference's order.
    package static func words(at place: Place) -> [String] {
        switch place {
        case .topLevel: ["rule"]
        case .clause: Parser.clauseKeywords
        case .subject: ConditionSubject.keywords + ["not"]
        case .action: ActionKeyword.names
        case .failure: FailError.names
        case .respondPart: ["header", "body", "stream", "socket"]
        }
    }

    /// The reference's one-line summary of `word`, if it is a word of the language.
    package static func summary(of word: String) -> String? {
        summaries[word]
    }

    private static let summaries: [String: String] = [
        "rule": "`rule \"NAME\" { ... }`: a name, then clauses in any order.",
        "when": "`when CONDITION`: all `when` lines must hold (joined by `and`); a rule without one matches everything.",
        "request": "`request { ACTIONS }`: run on the outgoing request; `request each message { }` on each WebSocket message the app sends.",
        "response": "`response { ACTIONS }`, `response when CONDITION { ACTIONS }`: run on the incoming response; `response each message { }` on each message of a stream or WebSocket.",
        "respond": "`respond STATUS { header NAME VALUE; body VALUE | body json {...} | body file \"PATH\" }`: answer without the network.",
        "fail": "`fail ERROR`: fail the request without the network (offline, timeout, cancelled, refused, dns, network-lost, or `fail code N`).",
        "delay": "`delay DURATION`: hold the request before it is sent or answered.",
        "throttle": "`throttle SIZE/s`: release the response body at this rate.",
        "network": "`network \"3G\"` (or \"Slow 4G\", \"Fast 4G\", \"Offline\", \"100% Loss\"), `network { latency D; jitter D; down SIZE/s; up SIZE/s; loss P% [stall | fail E]; seed N }`: a simulated link the requests share.",
        "cache": "`cache DURATION`: keep a successful (2xx) response to a GET in memory and answer the same URL from it.",
        "stop": "`stop`: no later rule is considered for this request.",
        "times": "`times N`: the rule applies to its first N requests only.",
        "method": "`method`: GET, POST, … (case-insensitive).",
        "scheme": "`scheme`: the request URL's scheme.",
        "host": "`host`: the request URL's host (compared case-insensitively).",
        "port": "`port`: the request URL's port.",
        "path": "`path`: the request URL's path.",
        "url": "`url`: the whole request URL.",
        "query": "`query \"NAME\"`: a query parameter's value.",
        "header": "`header \"NAME\"`: a header's value (names case-insensitive); in `response when`, the response's.",
        "json": "`json \"PATH\"`: a value in the JSON body (`user.id`, `items[0].name`); in `response when`, the response body's.",
        "body": "`body`: the body as text.",
        "status": "`status`: the response status (response only).",
        "graphql": "`graphql operation`, `graphql type`, `graphql variables.PATH`: the GraphQL request's parts.",
        "event": "`event`: a server-sent event's name (only in `response each message when`).",
        "part": "`part \"NAME\"` (or `part filename \"GLOB\"`, `part content-type \"GLOB\"`): a part of a multipart body; tested as its text, `json \"PATH\"`, `header \"NAME\"`, `filename`, `content-type` or `size`; `part SELECTOR { ACTIONS }` edits each part picked.",
        "not": "`not CONDITION`: binds tightest, then `and`, then `or`.",
        "set-header": "`set-header NAME VALUE`: set a header, replacing its values.",
        "add-header": "`add-header NAME VALUE`: add a header value, keeping those there.",
        "remove-header": "`remove-header NAME`: remove a header.",
        "set-query": "`set-query NAME VALUE`: set a request query parameter.",
        "remove-query": "`remove-query NAME`: remove a request query parameter.",
        "set-url": "`set-url VALUE`: send the request to another URL (request only).",
        "set-host": "`set-host VALUE`: send the request to another host (request only).",
        "set-path": "`set-path VALUE`: send the request to another path (request only).",
        "set-scheme": "`set-scheme VALUE`: send the request with another scheme (request only).",
        "wrap-json": "`wrap-json KEY`: the body B becomes {\"KEY\": B}.",
        "inject-json": "`inject-json PATH VALUE`: set a field in a JSON object body, creating objects on the way.",
        "remove-json": "`remove-json PATH`: delete a field of a JSON body.",
        "replace-body": "`replace-body REGEX VALUE`: text substitution in the body.",
        "set-body": "`set-body VALUE`, `set-body file \"PATH\"`, `set-body multipart { ... }`: replace the body.",
        "set-status": "`set-status CODE`: change the response status (response only).",
        "remove-part": "`remove-part SELECTOR`: leave out each part of a multipart body the selector picks.",
        "add-part": "`add-part \"NAME\" [filename \"FILE\"] BODY`: add a last part to a multipart body.",
        "set-filename": "`set-filename VALUE`: inside `part { }`, rename the file the part carries.",
        "multipart": "`multipart { part \"NAME\" [filename \"FILE\"] BODY ... }`: a multipart/form-data body (`body`, `set-body`, `add-part`).",
        "log": "`log`: tell the app's observers the rule applied.",
        "tag": "`tag \"NAME\"`: tell the app's observers, with a name.",
        "offline": "`fail offline`: NSURLErrorNotConnectedToInternet (-1009).",
        "timeout": "`fail timeout`: NSURLErrorTimedOut (-1001).",
        "cancelled": "`fail cancelled`: NSURLErrorCancelled (-999).",
        "refused": "`fail refused`: NSURLErrorCannotConnectToHost (-1004).",
        "dns": "`fail dns`: NSURLErrorCannotFindHost (-1003).",
        "network-lost": "`fail network-lost`: NSURLErrorNetworkConnectionLost (-1005).",
        "code": "`fail code N [domain \"D\"] [message \"M\"]`: an error with this code (a URLError code such as -1009 unless a domain is given).",
        "stream": "`stream every DURATION { message ... }`, `stream file \"PATH\" every DURATION`: a streamed body.",
        "wait": "`wait DURATION`: in a `socket` script, pause before the next step.",
        "close": "`close CODE \"REASON\"`: in a `socket` script, close the conversation (1000 to 1003, 1007 to 1011).",
        "on": "`on message [when CONDITION] [times N] { ... }`: in a `socket` script, answer the app's messages.",
        "socket": "`respond 101 { socket { message ...; wait D; every D message ...; on message when C { ... }; close CODE \"REASON\" } }`: a stubbed WebSocket conversation.",
    ]
}
