import Foundation
import Hummingbird
import SpecsmithServer

/// The to-dos, kept in memory.
actor TodoStore {
    private var todos = [
        Todo(id: 1, userId: 1, title: "delectus aut autem", completed: false),
        Todo(id: 2, userId: 1, title: "quis ut nam facilis", completed: false),
        Todo(id: 3, userId: 1, title: "fugiat veniam minus", completed: true),
        Todo(id: 4, userId: 2, title: "et porro tempora", completed: false),
    ]

    func todo(_ id: Int) -> Todo? { todos.first { $0.id == id } }

    func todos(of user: Int?) -> [Todo] { todos.filter { user == nil || $0.userId == user } }

    func add(_ new: NewTodo) -> Todo {
        let todo = Todo(id: (todos.map(\.id).max() ?? 0) + 1, userId: new.userId, title: new.title, completed: false)
        todos.append(todo)
        return todo
    }
}

/// The API's handlers: one method per endpoint of the spec, each given the request's typed values.
struct Todos: TodosService {
    let store: TodoStore

    func todo(id: Int) async throws -> Reply<Todo, Problem> {
        guard let todo = await store.todo(id) else { return .error(Problem(message: "No to-do \(id)."), status: 404) }
        return .answer(todo)
    }

    func todos(userId: Int?) async throws -> [Todo] {
        await store.todos(of: userId)
    }

    func createTodo(body: NewTodo) async throws -> Reply<Todo, Problem> {
        guard !body.title.isEmpty else { return .error(Problem(message: "A to-do needs a title."), status: 400) }
        return .answer(await store.add(body))
    }

    /// A request that does not follow the spec is answered 400 with this body, the spec's error type.
    func errorBody(for problems: RequestProblems) -> Problem {
        Problem(message: problems.message)
    }
}

/// Takes a POST's `X-HTTP-Method-Override` (clients behind proxies that pass only GET and POST send one) as its
/// method before the router chooses a route: a router middleware would run only once a route is chosen, for
/// the method the request came with.
struct MethodOverride<Responder: HTTPResponder>: HTTPResponder {
    let responder: Responder

    func respond(to request: Request, context: Responder.Context) async throws -> Response {
        guard request.method == .post,
            let override = request.headers.first(where: { $0.name.canonicalName == "x-http-method-override" }),
            let method = HTTPRequest.Method(override.value)
        else {
            return try await responder.respond(to: request, context: context)
        }
        var head = request.head
        head.method = method
        return try await responder.respond(to: Request(head: head, body: request.body), context: context)
    }
}

let router = Router()
let todos = Todos(store: TodoStore())
// At the spec's paths (`/todos/1`), and again under a version for clients that put one before every path
// (`/v1/todos/1`); `router.group("v1")` would take that version alone.
todos.registerRoutes(on: router)
todos.registerRoutes(on: router.group("{version}"))
let port = ProcessInfo.processInfo.environment["PORT"].flatMap(Int.init) ?? 8080
let app = Application(
    responder: MethodOverride(responder: router.buildResponder()),
    configuration: .init(address: .hostname("127.0.0.1", port: port)),
    onServerRunning: { channel in
        // Written at once, unbuffered, for whoever waits for it (CI reads the port from it).
        let line = "Listening on http://127.0.0.1:\(channel.localAddress?.port ?? port)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }
)
try await app.runService()
