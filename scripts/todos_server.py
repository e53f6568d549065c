#!/usr/bin/env python3
"""A stand-in for JSONPlaceholder's /todos on loopback, for the Quickstart app (Examples/Quickstart): what
scripts/check-quickstart-example.sh runs it against, and what Benchmarks/adoption.py runs both apps against.

    python3 scripts/todos_server.py PORT_FILE   # serves on a free port, written to PORT_FILE
"""
import json
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs, urlparse

TODOS = [
    {"userId": 1, "id": 1, "title": "delectus aut autem", "completed": False},
    {"userId": 1, "id": 2, "title": "quis ut nam facilis", "completed": False},
    {"userId": 1, "id": 3, "title": "fugiat veniam minus", "completed": True},
    {"userId": 2, "id": 4, "title": "et porro tempora", "completed": False},
]


class Todos(BaseHTTPRequestHandler):
    """GET /todos/1 and GET /todos[?userId=N], as JSON."""

    def do_GET(self):
        url = urlparse(self.path)
        if url.path == "/todos/1":
            body = TODOS[0]
        elif url.path == "/todos":
            user = parse_qs(url.query).get("userId", [None])[0]
            body = [t for t in TODOS if user is None or str(t["userId"]) == user]
        else:
            self.send_error(404)
            return
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    server = HTTPServer(("127.0.0.1", 0), Todos)
    with open(sys.argv[1], "w") as f:
        f.write(str(server.server_port))
    server.serve_forever()
