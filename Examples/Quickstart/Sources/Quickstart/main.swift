import Foundation
import SpecsmithRuntime

// The client the build plugin generated from todos.specsmith.yaml. TODOS_BASE_URL points it at another
// server (CI starts one on loopback).
let client = TodosClient(
    baseURL: ProcessInfo.processInfo.environment["TODOS_BASE_URL"].flatMap(URL.init(string:))
        ?? TodosClient.defaultBaseURL
)

let todo = try await client.todo(id: 1)
print("\(todo.id): \(todo.title)\(todo.completed ? " (done)" : "")")

let open = try await client.todos(userId: todo.userId).filter { !$0.completed }
print("user \(todo.userId) has \(open.count) open to-dos")
