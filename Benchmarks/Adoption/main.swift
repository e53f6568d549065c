// The Quickstart app (Examples/Quickstart) on swift-openapi-generator, for adoption.py: the same two calls.
import Foundation
import OpenAPIRuntime
import OpenAPIURLSession

let client = Client(
    serverURL: ProcessInfo.processInfo.environment["TODOS_BASE_URL"].flatMap(URL.init(string:))
        ?? URL(string: "https://jsonplaceholder.typicode.com")!,
    transport: URLSessionTransport()
)

let todo = try await client.todo(path: .init(id: 1)).ok.body.json
print("\(todo.id): \(todo.title)\(todo.completed ? " (done)" : "")")

let open = try await client.todos(query: .init(userId: todo.userId)).ok.body.json.filter { !$0.completed }
print("user \(todo.userId) has \(open.count) open to-dos")
