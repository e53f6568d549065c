// Round trips with a real jupyter-server (Tornado, from PyPI), through the client the build plugin generates
// from the Swagger 2.0 description the server serves at `/api/spec.yaml` (`Jupyter.openapi.yaml`, which run.sh
// fetches): files and folders, checkpoints, kernels and sessions of a real Python kernel, terminals, config and
// the user. Every answer is written back and compared with what the server sent.
import Foundation
import RoundTrip
import SpecsmithRuntime

let environment = ProcessInfo.processInfo.environment
let base = environment["JUPYTER_URL"] ?? "http://127.0.0.1:8888"
let token = environment["JUPYTER_TOKEN"] ?? "testtoken"
let trips = RoundTrips(server: "Jupyter")
let jupyter = JupyterClient(
    baseURL: URL(string: base)!,
    middleware: [HeaderMiddleware("Authorization", "token \(token)"), trips.exchanges]
)
let run = UUID().uuidString.prefix(8).lowercased()
let folder = "rt-\(run)"

// MARK: The server

await trips.answer("the API's version") { try await jupyter.getApi() }
await trips.answer("the server's status") { try await jupyter.getApiStatus() }
await trips.answer("the current user") { try await jupyter.getApiMe() }
await trips.answer("the current user and what they may change") {
    try await jupyter.getApiMe(permissions: #"{"identity": ["read"]}"#)
}
await trips.done("the description") {
    let text = try await jupyter.getApiSpecYaml()
    trips.expect("the description", text.contains("Jupyter Server API"), "not the description")
}
// The description names a kernel spec's file `KernelSpecFile`; the server sends it as `spec`, and its resources
// as logos of each size.
await trips.answer("the kernel specs", undocumented: ["spec", "logo-32x32", "logo-64x64", "logo-svg"]) {
    try await jupyter.getApiKernelspecs()
}
await trips.answer("a config section") { try await jupyter.getApiConfigSectionName("rt_\(run)") }
await trips.answer("update a config section") {
    try await jupyter.patchApiConfigSectionName("rt_\(run)", body: ["Round": ["trips": 1]])
}

// MARK: Files and folders

await trips.answer("make a folder") {
    try await jupyter.putApiContentsPath(folder, body: PutApiContentsPathRequest(type: "directory"))
}
let untitled = await trips.answer("make an untitled file") {
    try await jupyter.postApiContentsPath(folder, body: PostApiContentsPathRequest(ext: ".txt", type: "file"))
}
if let untitled {
    trips.expect(
        "make an untitled file",
        untitled.type == .file && untitled.name.hasSuffix(".txt"),
        "made \(untitled.name)"
    )
    let renamed = "\(folder)/notes.txt"
    await trips.answer("rename a file") {
        try await jupyter.patchApiContentsPath(untitled.path, body: PatchApiContentsPathRequest(path: renamed))
    }
    let saved = await trips.answer("save text into a file") {
        try await jupyter.putApiContentsPath(
            renamed,
            body: PutApiContentsPathRequest(type: "file", format: "text", content: "hello, round trips\n")
        )
    }
    trips.expect("save text into a file", saved?.size == 19, "size \(String(describing: saved?.size))")
    let read = await trips.answer("read a file") { try await jupyter.getApiContentsPath(renamed) }
    trips.expect(
        "read a file",
        read?.content == "hello, round trips\n" && read?.format == "text",
        "read \(String(describing: read?.content))"
    )
    let encoded = await trips.answer("read a file as Base64 with its hash") {
        try await jupyter.getApiContentsPath(renamed, format: .base64, hash: 1)
    }
    trips.expect(
        "read a file as Base64 with its hash",
        encoded?.content.flatMap { Data(base64Encoded: $0.replacingOccurrences(of: "\n", with: "")) }
            == Data("hello, round trips\n".utf8)
            && encoded?.hash != nil,
        "read \(String(describing: encoded?.content))"
    )
    await trips.answer("read a file without its content") { try await jupyter.getApiContentsPath(renamed, content: 0) }
    let withHeaders = await trips.answer("read a file with its headers") {
        try await jupyter.getApiContentsPathWithHeaders(renamed).body
    }
    _ = withHeaders
    await trips.refused("read a file as a folder", status: 400) {
        try await jupyter.getApiContentsPath(renamed, type: .directory)
    }
    await trips.answer("copy a file") {
        try await jupyter.postApiContentsPath(folder, body: PostApiContentsPathRequest(copyFrom: renamed))
    }
    await trips.mistaken(
        "read a folder",
        because: "a folder's `content` is a list of contents; the description says it is text"
    ) { try await jupyter.getApiContentsPath(folder) }
    await trips.answer("read a folder without its content") { try await jupyter.getApiContentsPath(folder, content: 0) }

    // MARK: Checkpoints
    if let checkpoint = await trips.answer(
        "make a checkpoint",
        { try await jupyter.postApiContentsPathCheckpoints(path: renamed) }
    ) {
        let checkpoints = await trips.answer("list checkpoints") {
            try await jupyter.getApiContentsPathCheckpoints(path: renamed)
        }
        trips.expect("list checkpoints", checkpoints?.map(\.id) == [checkpoint.id], "listed \(checkpoints ?? [])")
        await trips.answer("change a checkpointed file") {
            try await jupyter.putApiContentsPath(
                renamed,
                body: PutApiContentsPathRequest(type: "file", format: "text", content: "changed\n")
            )
        }
        await trips.done("restore a checkpoint") {
            try await jupyter.postApiContentsPathCheckpointsCheckpointId(path: renamed, checkpointId: checkpoint.id)
        }
        let restored = await trips.answer("read a restored file") { try await jupyter.getApiContentsPath(renamed) }
        trips.expect(
            "restore a checkpoint",
            restored?.content == "hello, round trips\n",
            "read \(String(describing: restored?.content))"
        )
        await trips.done("delete a checkpoint") {
            try await jupyter.deleteApiContentsPathCheckpointsCheckpointId(path: renamed, checkpointId: checkpoint.id)
        }
    }
    await trips.answer("resolve a path") { try await jupyter.getApiResolvePath(renamed) }
    await trips.done("delete a file") { try await jupyter.deleteApiContentsPath(renamed) }
    await trips.refused("read a deleted file", status: 404) { try await jupyter.getApiContentsPath(renamed) }
}

// MARK: Kernels and sessions of a real Python kernel

if let kernel = await trips.answer(
    "start a kernel",
    { try await jupyter.postApiKernels(body: PostApiKernelsRequest(name: "python3")) }
) {
    await trips.answer("read a kernel") { try await jupyter.getApiKernelsKernelId(kernel.id) }
    let kernels = await trips.answer("list kernels") { try await jupyter.getApiKernels() }
    trips.expect("list kernels", (kernels ?? []).contains { $0.id == kernel.id }, "the kernel is not listed")
    await trips.done("interrupt a kernel") { try await jupyter.postApiKernelsKernelIdInterrupt(kernelId: kernel.id) }
    await trips.answer("restart a kernel") { try await jupyter.postApiKernelsKernelIdRestart(kernelId: kernel.id) }
    let notebook = "\(folder)/analysis.ipynb"
    if let session = await trips.answer(
        "start a session on that kernel",
        undocumented: ["notebook"],
        {
            try await jupyter.postApiSessions(
                body: Session(
                    path: notebook,
                    name: "analysis.ipynb",
                    type: "notebook",
                    kernel: Kernel(id: kernel.id, name: "python3")
                )
            )
        }
    ), let id = session.id {
        trips.expect(
            "start a session on that kernel",
            session.kernel?.id == kernel.id,
            "another kernel: \(String(describing: session.kernel))"
        )
        await trips.answer("read a session", undocumented: ["notebook"]) { try await jupyter.getApiSessionsSession(id) }
        await trips.answer("list sessions", undocumented: ["notebook"]) { try await jupyter.getApiSessions() }
        await trips.answer("rename a session", undocumented: ["notebook"]) {
            try await jupyter.patchApiSessionsSession(
                id,
                body: Session(id: id, path: "\(folder)/renamed.ipynb", name: "renamed.ipynb")
            )
        }
        await trips.done("end a session") { try await jupyter.deleteApiSessionsSession(id) }
        await trips.refused("read an ended session", status: 404) { try await jupyter.getApiSessionsSession(id) }
    }
    await trips.done("shut a kernel down") { try await jupyter.deleteApiKernelsKernelId(kernel.id) }
    await trips.refused("read a kernel that was shut down", status: 404) {
        try await jupyter.getApiKernelsKernelId(kernel.id)
    }
}
// A session's kernel is asked for by name; the description's `Kernel` requires an id too, which a new kernel
// does not have yet: the server starts a kernel of that name whatever the id says.
if let id = await trips.answer(
    "start a session with a new kernel",
    undocumented: ["notebook"],
    {
        try await jupyter.postApiSessions(
            body: Session(path: "\(folder)/other.ipynb", type: "notebook", kernel: Kernel(id: UUID(), name: "python3"))
        )
    }
)?.id {
    await trips.done("end a session and its kernel") { try await jupyter.deleteApiSessionsSession(id) }
}
if let id = await trips.answer(
    "start a session with its headers",
    undocumented: ["notebook"],
    {
        try await jupyter.postApiSessionsWithHeaders(body: Session(path: "\(folder)/third.ipynb", type: "notebook"))
            .body
    }
)?.id {
    await trips.done("end a session") { try await jupyter.deleteApiSessionsSession(id) }
}

// MARK: Terminals

if let terminal = await trips.answer("open a terminal", { try await jupyter.postApiTerminals() }) {
    await trips.answer("read a terminal") { try await jupyter.getApiTerminalsTerminalId(terminal.name) }
    await trips.answer("list terminals") { try await jupyter.getApiTerminals() }
    await trips.done("close a terminal") { try await jupyter.deleteApiTerminalsTerminalId(terminal.name) }
}
await trips.done("delete a folder") { try await jupyter.deleteApiContentsPath(folder) }

let allPassed = trips.finish()
exit(allPassed ? 0 : 1)
