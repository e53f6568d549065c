#!/usr/bin/env python3
"""Drives the official `openai` and `stripe` Python SDKs (PyPI) against the generated servers of Specs/Chat.yaml
and Specs/Payments.yaml (`example-servers NAME`, over the services their tests use) and against `specsmith-mock`
of the same specs, and Slack's `slack_sdk` and DigitalOcean's `pydo` against the servers generated from cuts of
their own descriptions (Specs/SlackWeb.yaml, Specs/DigitalOcean.yaml), and checks that every call the specs cover goes through the SDK: the answer parses into the
SDK's typed object with the expected fields, errors arrive as the SDK's typed exceptions, and lists and nested
objects sent in the SDK's own encoding (`expand[0]=…`, `address[line1]=…`, `line_items[10][price]=…`) arrive.
An independent client, not ours: what the APIs' own users send.

    scripts/sdk-check.py [--bin .build/debug] [--log] [--strict]
    scripts/sdk-check.py --chat URL --payments URL [--headers-from FILE ...] [--mock auto|yes|no]

Without URLs it starts the four targets itself from `--bin` (`example-servers Chat`, `example-servers Payments`,
`specsmith-mock Specs/Chat.yaml`, `specsmith-mock Specs/Payments.yaml`), checks each, and stops them. The openai
SDK takes its base URL as given (the servers serve the specs' `/v1`); the stripe SDK puts `/v1/…` after its
`api_base`, which is the server's host (the mock reads a path below the spec's base path too).

One line per check: PASS / FAIL / XFAIL (a known gap, with its reason; a failure only with --strict) / XPASS
(a known gap that did not show) / SKIP. Exit 1 when any check fails. `--log` prints every request and answer
(bytes, truncated) to stderr through a logging proxy. CI runs it (.ci/run).
"""
from __future__ import annotations

import argparse
import base64
import http.client
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import openai
import pydo
import slack_sdk
import stripe
from azure.core.exceptions import HttpResponseError
from slack_sdk.errors import SlackApiError

# ----------------------------------------------------------------------------------------------------------
# A forwarding proxy: maps a path prefix, and optionally logs requests and answers.


class _Proxy:
    def __init__(self, upstream: str, strip: str = "", log: bool = False, label: str = ""):
        parts = urllib.parse.urlsplit(upstream)
        self.scheme, self.host, self.port = parts.scheme, parts.hostname, parts.port or 80
        self.upstream_path = parts.path.rstrip("/")
        self.strip, self.log, self.label = strip, log, label
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _forward(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                path = self.path
                if proxy.strip and path.startswith(proxy.strip):
                    path = path[len(proxy.strip):] or "/"
                target = proxy.upstream_path + path
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
                connection = http.client.HTTPConnection(proxy.host, proxy.port, timeout=60)
                try:
                    connection.request(self.command, target, body=body or None, headers=headers)
                    answer = connection.getresponse()
                    payload = answer.read()
                except Exception as error:  # the upstream is gone
                    payload = f"proxy: {error}".encode()
                    self.send_response(502)
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                    return
                finally:
                    connection.close()
                if proxy.log:
                    _log(f"\n>>> [{proxy.label}] {self.command} {self.path}" + (f"  (→ {target})" if target != self.path else ""))
                    for k, v in self.headers.items():
                        if not k.lower().startswith("x-stainless") and k.lower() not in ("user-agent", "x-stripe-client-user-agent"):
                            _log(f"    {k}: {v}")
                    if body:
                        _log(f"    {_short(body)}")
                    _log(f"<<< {answer.status} {answer.reason}")
                    for k, v in answer.getheaders():
                        _log(f"    {k}: {v}")
                    if payload:
                        _log(f"    {_short(payload)}")
                self.send_response(answer.status, answer.reason)
                for k, v in answer.getheaders():
                    if k.lower() not in ("content-length", "transfer-encoding", "connection", "date", "server"):
                        self.send_header(k, v)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _forward

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}"


def _short(data: bytes, limit: int = 1200) -> str:
    text = repr(data)
    return text if len(text) <= limit else text[:limit] + f"… ({len(data)} bytes)"


_log_lock = threading.Lock()


def _log(line: str):
    with _log_lock:
        print(line, file=sys.stderr, flush=True)


# ----------------------------------------------------------------------------------------------------------
# Checks


class Checks:
    def __init__(self, strict: bool):
        self.strict = strict
        self.counts = {"PASS": 0, "FAIL": 0, "XFAIL": 0, "XPASS": 0, "SKIP": 0}

    def _line(self, status: str, name: str, detail: str):
        self.counts[status] += 1
        detail = " ".join(str(detail).split())
        if len(detail) > 400:
            detail = detail[:400] + "…"
        print(f"{status} {name} {detail}".rstrip(), flush=True)

    def run(self, name: str, fn, known: str | None = None, skip: str | None = None):
        """`fn` returns a detail string when the check holds, raises otherwise. `known` names a known
        difference between the spec and the real API (or a known gap) that makes the check fail today."""
        if skip:
            self._line("SKIP", name, skip)
            return
        try:
            detail = fn() or ""
        except Exception as error:  # noqa: BLE001 - every failure is reported, with its type
            detail = f"{type(error).__module__}.{type(error).__name__}: {error}"
            if isinstance(error, AssertionError):
                detail = str(error)
            if known:
                self._line("FAIL" if self.strict else "XFAIL", name, f"[known: {known}] {detail}")
            else:
                self._line("FAIL", name, detail)
                if "--traceback" in sys.argv:
                    traceback.print_exc()
            return
        if known:
            self._line("XPASS", name, f"[known difference did not show: {known}] {detail}")
        else:
            self._line("PASS", name, detail)

    @property
    def failed(self) -> bool:
        return self.counts["FAIL"] > 0


def expect(condition: bool, message: str):
    if not condition:
        raise AssertionError(message)


def expect_raises(exception_class, call, check=None) -> str:
    """Runs `call`; it must raise `exception_class` (exactly that class or a subclass, as the SDK maps it)."""
    try:
        result = call()
    except exception_class as error:
        if check:
            check(error)
        return f"{type(error).__name__}: {error}"
    except Exception as error:  # noqa: BLE001
        raise AssertionError(
            f"expected {exception_class.__name__}, got {type(error).__module__}.{type(error).__name__}: {error}"
        ) from error
    raise AssertionError(f"expected {exception_class.__name__}, got an answer: {_brief(result)}")


def _brief(value) -> str:
    try:
        if hasattr(value, "to_dict"):
            value = value.to_dict()
        text = json.dumps(value, default=str)
    except Exception:  # noqa: BLE001
        text = repr(value)
    return text[:300]


def is_mock(url: str) -> bool:
    """The mock answers every request, even a path of no endpoint, with `X-Mock-Problems` or `Server: specsmith-mock`."""
    parts = urllib.parse.urlsplit(url)
    probe = f"{parts.scheme}://{parts.netloc}/sdk-check-probe-{int(time.time())}"
    try:
        with urllib.request.urlopen(probe, timeout=10) as answer:
            headers = answer.headers
    except urllib.error.HTTPError as error:
        headers = error.headers
    except Exception:  # noqa: BLE001
        return False
    return "specsmith-mock" in (headers.get("Server") or "") or headers.get("X-Mock-Problems") is not None


# ----------------------------------------------------------------------------------------------------------
# Chat, through the openai SDK


def chat_checks(c: Checks, base_url: str, key: str, mock: bool, extra_headers: dict[str, str], keys: bool):
    client = openai.OpenAI(
        api_key=key, base_url=base_url, max_retries=0, timeout=30, default_headers=extra_headers or None
    )
    server = not mock
    user_hi = [{"role": "user", "content": "Hi"}]

    def prefer(value: str) -> dict:
        return {"Prefer": value}

    # --- chat.completions.create, plain
    def plain():
        r = client.chat.completions.create(model="gpt-test", messages=user_hi)
        expect(type(r).__name__ == "ChatCompletion", f"type {type(r).__name__}")
        expect(r.object == "chat.completion" and isinstance(r.id, str) and isinstance(r.created, int), _brief(r))
        expect(len(r.choices) >= 1 and r.choices[0].message.role in ("system", "developer", "user", "assistant", "tool"), _brief(r))
        if server:
            expect(r.choices[0].message.content == "Hello there" and r.choices[0].finish_reason == "stop", _brief(r))
        return f"id={r.id} content={r.choices[0].message.content!r}"

    c.run("chat.completions.create", plain)

    def plain_stream_false():
        r = client.chat.completions.create(model="gpt-test", messages=user_hi, stream=False)
        expect(type(r).__name__ == "ChatCompletion", f"type {type(r).__name__}: {_brief(r)}")
        return '"stream": false → the plain answer'

    c.run("chat.completions.create.stream-false", plain_stream_false)

    def every_field():
        tool = {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "The weather in a city.",
                "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
                "strict": True,
            },
        }
        messages = [
            {"role": "developer", "content": "Be brief."},
            {"role": "system", "content": "You are a test."},
            {
                "role": "user",
                "name": "ann",
                "content": [
                    {"type": "text", "text": "What is in this image?"},
                    {"type": "image_url", "image_url": {"url": "https://example.com/cat.png", "detail": "low"}},
                ],
            },
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}
                ],
            },
            {"role": "tool", "tool_call_id": "call_1", "content": "sunny"},
        ]
        r = client.chat.completions.create(
            model="gpt-test",
            messages=messages,
            tools=[tool],
            tool_choice={"type": "function", "function": {"name": "get_weather"}},
            response_format={"type": "json_schema", "json_schema": {"name": "w", "schema": {"type": "object"}}},
            temperature=0.2,
            max_completion_tokens=16,
            seed=42,
            metadata={"order": "6735"},
            user="user-1",
        )
        expect(type(r).__name__ == "ChatCompletion", _brief(r))
        r2 = client.chat.completions.create(
            model="gpt-test", messages=user_hi, tools=[tool], tool_choice="auto", response_format={"type": "text"}
        )
        expect(type(r2).__name__ == "ChatCompletion", _brief(r2))
        return "parts, image_url, tool_calls, tools, tool_choice (object and mode), response_format, seed, metadata accepted"

    c.run("chat.completions.create.every-field", every_field)

    # --- stream
    def stream():
        chunks = list(
            client.chat.completions.create(
                model="gpt-test", messages=user_hi, stream=True, stream_options={"include_usage": True}
            )
        )
        expect(chunks and all(type(x).__name__ == "ChatCompletionChunk" for x in chunks), [type(x).__name__ for x in chunks])
        expect(all(x.object == "chat.completion.chunk" for x in chunks), _brief([x.to_dict() for x in chunks]))
        text = "".join(x.choices[0].delta.content or "" for x in chunks if x.choices)
        if server:
            expect(text == "Hello there", f"text {text!r}")
        else:
            expect(text, "no text")
        return f"{len(chunks)} chunks, text {text!r}, ended by [DONE] or the end of the body"

    c.run("chat.completions.create.stream", stream)

    if server:
        def stream_tokens():
            chunks = list(client.chat.completions.create(model="gpt-test", messages=user_hi, stream=True, max_completion_tokens=5))
            expect(len(chunks) == 5, f"{len(chunks)} chunks for max_completion_tokens=5")
            return "5 chunks for max_completion_tokens=5"

        c.run("chat.completions.create.stream.max_completion_tokens", stream_tokens)

    def stream_error():
        seen = []

        def consume():
            kwargs = dict(model="overloaded", messages=user_hi, stream=True)
            if mock:
                kwargs = dict(model="gpt-test", messages=user_hi, stream=True, extra_headers=prefer("error-event=1"))
            for chunk in client.chat.completions.create(**kwargs):
                seen.append(chunk)

        def check(e):
            expect(not isinstance(e, openai.APIStatusError), f"{type(e).__name__} is a status error")
            expect(seen, "the error came before any chunk")
            expect(isinstance(e.body, dict) and e.message == e.body.get("message"), f"body {e.body!r}")
            if server:
                expect(e.message == "The server is overloaded." and e.type == "server_error", f"{e.message!r} {e.type!r}")

        detail = expect_raises(openai.APIError, consume, check)
        return f"after {len(seen)} chunks: {detail}"

    c.run("chat.completions.create.stream.error-chunk", stream_error)

    # --- errors
    def bad_request():
        def check(e):
            expect(e.status_code == 400, e.status_code)
            expect("wizard" in e.message, f"message does not name the bad value: {e.message!r}")
            expect(isinstance(e.body, dict) and isinstance(e.body.get("message"), str), f"body {e.body!r}")
            if server:
                expect(e.type == "invalid_request_error", f"type {e.type!r}")

        return expect_raises(
            openai.BadRequestError,
            lambda: client.chat.completions.create(model="gpt-test", messages=[{"role": "wizard", "content": "Hi"}]),
            check,
        )

    c.run("chat.errors.400-BadRequestError", bad_request)

    def bad_stream_request():
        # Refused before the stream starts: an HTTP status, typed as for any call.
        return expect_raises(
            openai.BadRequestError,
            lambda: list(client.chat.completions.create(model="gpt-test", messages=[{"role": "wizard", "content": "Hi"}], stream=True)),
        )

    c.run("chat.errors.400-stream-BadRequestError", bad_stream_request)

    def no_credentials():
        def check(e):
            expect(e.status_code == 401 and isinstance(e.body, dict) and e.body.get("message"), f"{e.status_code} {e.body!r}")

        return expect_raises(
            openai.AuthenticationError,
            lambda: client.chat.completions.create(
                model="gpt-test", messages=user_hi, extra_headers={"Authorization": openai.Omit()}
            ),
            check,
        )

    c.run("chat.errors.401-no-credentials-AuthenticationError", no_credentials)

    def wrong_key():
        other = client.with_options(api_key="sk-wrong")
        return expect_raises(openai.AuthenticationError, lambda: other.models.list())

    c.run(
        "chat.errors.401-wrong-key-AuthenticationError",
        wrong_key,
        skip="the mock takes any bearer token unless started with --token" if mock and not keys else None,
    )

    def not_found():
        def check(e):
            expect(e.status_code == 404 and isinstance(e.body, dict), f"{e.status_code} {e.body!r}")
            if server:
                expect(e.message == "Error code: 404 - No model nope." and e.type == "not_found", f"{e.message!r} {e.type!r}")

        if mock:
            call = lambda: client.chat.completions.create(model="nope", messages=user_hi, extra_headers=prefer("code=404"))
        else:
            call = lambda: client.chat.completions.create(model="nope", messages=user_hi)
        return expect_raises(openai.NotFoundError, call, check)

    c.run("chat.errors.404-NotFoundError", not_found)

    if mock:
        for status, cls in ((403, openai.PermissionDeniedError), (429, openai.RateLimitError), (500, openai.InternalServerError)):
            c.run(
                f"chat.errors.{status}-{cls.__name__}",
                lambda status=status, cls=cls: expect_raises(
                    cls, lambda: client.models.list(extra_headers=prefer(f"code={status}"))
                ),
            )

    # --- models
    def models_list():
        page = client.models.list()
        data = list(page)
        expect(data and all(type(m).__name__ == "Model" for m in data), _brief(page.to_dict()))
        expect(all(isinstance(m.id, str) and m.object == "model" and isinstance(m.created, int) for m in data), _brief(page.to_dict()))
        if server:
            expect([m.id for m in data] == ["gpt-test"] and data[0].owned_by == "tests", _brief(page.to_dict()))
        return f"ids {[m.id for m in data]}"

    c.run("models.list", models_list)

    def models_retrieve():
        m = client.models.retrieve("gpt-test")
        expect(type(m).__name__ == "Model" and m.object == "model" and isinstance(m.owned_by, str), _brief(m))
        if server:
            expect(m.id == "gpt-test", _brief(m))
        return f"id {m.id}"

    c.run("models.retrieve", models_retrieve)

    def models_retrieve_odd_id():
        odd = "ft:gpt-test:acme:custom/v2:abc 1"
        m = client.models.retrieve(odd)
        if server:
            expect(m.id == odd, f"sent {odd!r}, answered {m.id!r}")
        return f"id {m.id!r}"

    c.run("models.retrieve.path-escaping", models_retrieve_odd_id)

    # --- audio
    def speech():
        r = client.audio.speech.create(model="tts-1", input="Hello", voice="alloy")
        data = r.read()
        expect(isinstance(data, bytes), type(data))
        if server:
            expect(data == b"Hello", f"audio {data!r}")
        return f"{len(data)} bytes, {r.response.headers.get('content-type')}"

    c.run("audio.speech.create", speech)

    def speech_sse():
        with client.audio.speech.with_streaming_response.create(
            model="tts-1", input="Hello", voice="alloy", stream_format="sse"
        ) as r:
            expect("text/event-stream" in (r.headers.get("content-type") or ""), r.headers.get("content-type"))
            events = [json.loads(line[5:].strip()) for line in r.iter_lines() if line.startswith("data:")]
        expect(events and all(isinstance(e.get("type"), str) for e in events), events)
        if server:
            expect(
                [e["type"] for e in events] == ["speech.audio.delta", "speech.audio.done"]
                and base64.b64decode(events[0]["audio"]) == b"Hello",
                events,
            )
        return f"{len(events)} events {[e['type'] for e in events]}"

    c.run("audio.speech.create.stream_format-sse", speech_sse)

    def transcription():
        t = client.audio.transcriptions.create(
            file=("hello.wav", b"RIFF-hello", "audio/wav"), model="whisper-1", language="en"
        )
        expect(type(t).__name__ == "Transcription" and isinstance(t.text, str), _brief(t))
        if server:
            expect(t.text == "hello.wav: RIFF-hello (en)", f"text {t.text!r}")
        return f"text {t.text!r}"

    c.run("audio.transcriptions.create", transcription)

    def transcription_large():
        audio = b"RIFF" + bytes(2 * 1024 * 1024)  # a minute of real audio is about this size
        t = client.audio.transcriptions.create(file=("long.wav", audio, "audio/wav"), model="whisper-1")
        expect(type(t).__name__ == "Transcription" and isinstance(t.text, str), _brief(t))
        return f"{len(audio)} bytes uploaded"

    c.run("audio.transcriptions.create.2MiB", transcription_large)

    def transcription_stream():
        events = list(
            client.audio.transcriptions.create(file=("hello.wav", b"RIFF-hello", "audio/wav"), model="whisper-1", stream=True)
        )
        kinds = [type(e).__name__ for e in events]
        expect(events and kinds[-1] == "TranscriptionTextDoneEvent", kinds)
        expect(all(k in ("TranscriptionTextDeltaEvent", "TranscriptionTextDoneEvent") for k in kinds), kinds)
        deltas = "".join(e.delta for e in events if e.type == "transcript.text.delta")
        expect(deltas == events[-1].text, f"deltas {deltas!r} ≠ text {events[-1].text!r}")
        return f"{kinds}, text {events[-1].text!r}"

    c.run("audio.transcriptions.create.stream", transcription_stream)

    # --- responses: each event's data says its `type`, as OpenAI sends it; the SDK types events by it
    def responses_stream_typed():
        events = list(client.responses.create(model="gpt-test", input="Hi", stream=True))
        kinds = [type(e).__name__ for e in events]
        expect(kinds[0] == "ResponseCreatedEvent" and kinds[-1] == "ResponseCompletedEvent", f"SDK classes {kinds}")
        expect("ResponseTextDeltaEvent" in kinds, kinds)
        expect(events[0].response.id and events[0].response.status == "in_progress", _brief(events[0].to_dict()))
        text = "".join(e.delta for e in events if e.type == "response.output_text.delta")
        expect(text, kinds)
        numbers = [e.sequence_number for e in events]
        expect(numbers == sorted(numbers), f"sequence numbers {numbers}")
        if server:
            expect(text == "Hello" and events[-1].response.status == "completed", _brief(events[-1].to_dict()))
        return f"{kinds}, text {text!r}"

    c.run("responses.create.stream.typed-events", responses_stream_typed)

    def responses_stream_error():
        seen = []

        def consume():
            kwargs = dict(model="gpt-test", input="fail", stream=True)
            if mock:
                kwargs = dict(model="gpt-test", input="Hi", stream=True, extra_headers=prefer("error-event=1"))
            for event in client.responses.create(**kwargs):
                seen.append(event)

        def check(e):
            expect(not isinstance(e, openai.APIStatusError), type(e).__name__)
            expect(seen, "the error came before any event")
            if server:
                expect(e.message == "Overloaded." and e.type == "overloaded", f"{e.message!r} {e.type!r}")

        detail = expect_raises(openai.APIError, consume, check)
        return f"after {len(seen)} events: {detail}"

    c.run("responses.create.stream.error-event", responses_stream_error)


# ----------------------------------------------------------------------------------------------------------
# Payments, through the stripe SDK


def payments_checks(c: Checks, api_base: str, key: str, mock: bool, extra_headers: dict[str, str], keys: bool):
    client = stripe.StripeClient(key, base_addresses={"api": api_base}, max_network_retries=0)
    server = not mock
    v1 = client.v1
    base_time = 1_767_225_600  # the test service's charges: ch_n created base_time + n days

    def opts(prefer: str | None = None) -> dict:
        headers = dict(extra_headers)
        if prefer:
            headers["Prefer"] = prefer
        return {"headers": headers} if headers else {}

    def is_class(value, cls, object_name):
        expect(isinstance(value, cls), f"{type(value).__name__}, not {cls.__name__}: {_brief(value)}")
        expect(getattr(value, "object", None) == object_name, f"object {getattr(value, 'object', None)!r}")

    address = {"line1": "1 Main St", "line2": "Flat 2", "city": "Paris", "postal_code": "75001", "country": "FR"}

    # --- customers
    def customer_create():
        r = v1.customers.create(
            {
                "email": "bo@example.com",
                "name": "Bo",
                "description": "New [customer] & co",
                "address": address,
                "metadata": {"order_id": "6735", "tier": "gold", "note": "a&b=c d/é+[x]"},
            },
            options=opts(),
        )
        is_class(r, stripe.Customer, "customer")
        expect(isinstance(r.id, str) and isinstance(r.created, int) and isinstance(r.metadata, stripe.StripeObject), _brief(r))
        if server:
            expect(r.id == "cus_2" and r.email == "bo@example.com" and r.name == "Bo", _brief(r))
            expect(r.description == "New [customer] & co", f"description {r.description!r}")
            sent = {"order_id": "6735", "tier": "gold", "note": "a&b=c d/é+[x]"}
            expect(r.metadata.to_dict() == sent, f"metadata {r.metadata.to_dict()} ≠ {sent}")
        return f"id {r.id}, metadata {r.metadata.to_dict()}"

    c.run("customers.create", customer_create)

    def customer_create_address_missing_city():
        partial = {k: v for k, v in address.items() if k != "city"}

        def check(e):
            expect(e.http_status == 400 and "city" in (e.user_message or ""), f"{e.http_status} {e.user_message!r}")

        return expect_raises(
            stripe.InvalidRequestError,
            lambda: v1.customers.create({"email": "bo@example.com", "address": partial}, options=opts()),
            check,
        ) + " (address[...] read as an object)"

    c.run("customers.create.address-brackets-arrive", customer_create_address_missing_city)

    def customer_retrieve():
        r = v1.customers.retrieve("cus_1", {"expand": ["default_payment_method"]}, options=opts())
        is_class(r, stripe.Customer, "customer")
        if server:
            expect(r.id == "cus_1" and r.email == "ann@example.com" and r.metadata.to_dict() == {"tier": "gold"}, _brief(r))
            # `expand[0]=default_payment_method` arrived: the server answers the payment method whole.
            is_class(r.default_payment_method, stripe.PaymentMethod, "payment_method")
            plain = v1.customers.retrieve("cus_1", options=opts())
            expect(plain.default_payment_method == "pm_1", f"unexpanded {plain.default_payment_method!r}")
        return f"id {r.id}, default_payment_method expanded by expand[0]=…"

    c.run("customers.retrieve", customer_retrieve)

    def customer_missing():
        def check(e):
            expect(e.http_status == 404, e.http_status)
            expect(e.error is not None and e.error.type is not None, f"error {e.error}")
            if server:
                expect(e.code == "resource_missing" and e.user_message == "No such object: cus_404", f"{e.code} {e.user_message!r}")

        return expect_raises(
            stripe.InvalidRequestError,
            lambda: v1.customers.retrieve("cus_404", options=opts("code=404" if mock else None)),
            check,
        )

    c.run("customers.retrieve.404-InvalidRequestError", customer_missing)

    def customer_update():
        r = v1.customers.update("cus_1", {"name": "Ann B", "metadata": {"vip": "yes"}}, options=opts())
        is_class(r, stripe.Customer, "customer")
        if server:
            expect(r.name == "Ann B" and r.metadata.to_dict().get("vip") == "yes", _brief(r))
        return f"name {r.name!r}"

    c.run("customers.update", customer_update)

    def customer_update_clear():
        r = v1.customers.update("cus_1", {"description": "", "metadata": {"tier": ""}}, options=opts())
        is_class(r, stripe.Customer, "customer")
        if server:
            expect(getattr(r, "description", None) in (None, "") and "tier" not in r.metadata.to_dict(), _brief(r))
        return "description and metadata[tier] cleared with empty strings"

    c.run("customers.update.clear-with-empty-string", customer_update_clear)

    # --- charges
    since = base_time + 3 * 86_400

    def charges_list():
        page = v1.charges.list({"customer": "cus_1", "limit": 2, "created": {"gte": since}}, options=opts())
        is_class(page, stripe.ListObject, "list")
        expect(all(isinstance(x, stripe.Charge) for x in page.data), [type(x).__name__ for x in page.data])
        if server:
            expect([x.id for x in page.data] == ["ch_5", "ch_4"] and page.has_more is True, _brief(page))
        return f"{[x.id for x in page.data]} has_more={page.has_more}"

    c.run("charges.list", charges_list)

    def charges_auto_paging():
        page = v1.charges.list({"customer": "cus_1", "limit": 2, "created": {"gte": since}}, options=opts())
        ids = []
        for charge in page.auto_paging_iter():
            ids.append(charge.id)
            expect(len(ids) <= 50, "more than 50 charges: the pages do not end")
        if server:
            expect(ids == ["ch_5", "ch_4", "ch_3"], f"ids {ids} (created[gte] and starting_after should give ch_5, ch_4, ch_3)")
        return f"ids {ids} (second page by starting_after, created[gte] kept)"

    c.run("charges.list.auto_paging_iter", charges_auto_paging)

    def charge_retrieve():
        r = v1.charges.retrieve("ch_1", {"expand": ["customer"]}, options=opts())
        is_class(r, stripe.Charge, "charge")
        expect(isinstance(r.amount, int) and isinstance(r.paid, bool), _brief(r))
        if server:
            expect(r.id == "ch_1" and r.amount == 100 and r.currency == "eur" and r.status == "succeeded", _brief(r))
        return f"id {r.id} amount {r.amount} {r.currency}"

    c.run("charges.retrieve", charge_retrieve)

    def charge_missing():
        def check(e):
            expect(e.http_status == 404, e.http_status)
            if server:
                expect(e.code == "resource_missing", e.code)

        return expect_raises(
            stripe.InvalidRequestError, lambda: v1.charges.retrieve("ch_9", options=opts("code=404" if mock else None)), check
        )

    c.run("charges.retrieve.404-InvalidRequestError", charge_missing)

    # --- refunds
    def refund():
        r = v1.refunds.create({"charge": "ch_1", "amount": 50, "reason": "requested_by_customer"}, options=opts())
        is_class(r, stripe.Refund, "refund")
        if server:
            expect(r.amount == 50 and r.charge == "ch_1" and r.reason == "requested_by_customer" and r.status == "succeeded", _brief(r))
        return f"id {r.id} amount {r.amount} reason {r.reason}"

    c.run("refunds.create", refund)

    def refund_bad_reason():
        def check(e):
            expect(e.http_status == 400 and "because" in (e.user_message or ""), f"{e.http_status} {e.user_message!r}")

        return expect_raises(
            stripe.InvalidRequestError,
            lambda: v1.refunds.create({"charge": "ch_1", "reason": "because"}, options=opts()),
            check,
        )

    c.run("refunds.create.400-InvalidRequestError", refund_bad_reason)

    if server:
        c.run(
            "refunds.create.unknown-charge-404",
            lambda: expect_raises(stripe.InvalidRequestError, lambda: v1.refunds.create({"charge": "ch_9"}, options=opts())),
        )

    # --- checkout
    def checkout():
        r = v1.checkout.sessions.create(
            {
                "mode": "payment",
                "line_items": [{"price": "price_1", "quantity": 2}, {"price": "price_2", "quantity": 3}],
                "success_url": "https://example.com/done?session={CHECKOUT_SESSION_ID}",
                "expand": ["line_items"],
            },
            options=opts(),
        )
        is_class(r, stripe.checkout.Session, "checkout.session")
        if server:
            expect(r.amount_total == 500 and r.mode == "payment", f"amount_total {r.amount_total} (2+3 items at 100)")
        return f"id {r.id} mode {r.mode} amount_total {r.amount_total}"

    c.run("checkout.sessions.create", checkout)

    def checkout_missing_price():
        # Twelve items, the eleventh without its price: line_items[10][…] must be read as an item of its own.
        items = [{"price": f"price_{n}", "quantity": 1} for n in range(12)]
        del items[10]["price"]

        def check(e):
            message = e.user_message or ""
            expect(e.http_status == 400 and "price" in message and "line_items[10]" in message, f"{e.http_status} {message!r}")

        return expect_raises(
            stripe.InvalidRequestError,
            lambda: v1.checkout.sessions.create(
                {"mode": "payment", "line_items": items, "success_url": "https://example.com/"}, options=opts()
            ),
            check,
        ) + " (line_items[10][…] read as the eleventh item)"

    def checkout_many_items():
        items = [{"price": f"price_{n}", "quantity": n + 1} for n in range(12)]
        r = v1.checkout.sessions.create({"mode": "payment", "line_items": items, "success_url": "https://example.com/"}, options=opts())
        is_class(r, stripe.checkout.Session, "checkout.session")
        if server:
            expect(r.amount_total == 100 * sum(range(1, 13)), f"amount_total {r.amount_total}, expected {100 * sum(range(1, 13))}")
        return f"12 items, amount_total {r.amount_total}"

    c.run("checkout.sessions.create.twelve-items", checkout_many_items)

    c.run("checkout.sessions.create.line_items-brackets-arrive", checkout_missing_price)

    # --- events
    def events():
        page = v1.events.list(
            {"type": "charge.succeeded", "created": {"gte": base_time, "lt": base_time + 86_400}}, options=opts()
        )
        is_class(page, stripe.ListObject, "list")
        for event in page.data:
            is_class(event, stripe.Event, "event")
            inner = event.data.object
            expect(isinstance(inner, (stripe.Charge, stripe.Customer, stripe.Refund)), f"data.object is {type(inner).__name__}")
        return f"{len(page.data)} events" + (f", data.object {type(page.data[0].data.object).__name__}" if page.data else "")

    c.run("events.list", events)

    def events_bad_range():
        def check(e):
            expect(e.http_status == 400 and "created" in (e.user_message or ""), f"{e.http_status} {e.user_message!r}")

        return expect_raises(
            stripe.InvalidRequestError,
            lambda: v1.events.list({"created": {"gte": "notadate"}}, options=opts()),
            check,
        ) + " (created[gte] read as the range's bound)"

    c.run("events.list.created-brackets-arrive", events_bad_range)

    # --- auth and other statuses
    def wrong_key():
        other = stripe.StripeClient("sk_wrong", base_addresses={"api": api_base}, max_network_retries=0)
        return expect_raises(stripe.AuthenticationError, lambda: other.v1.customers.retrieve("cus_1", options=opts()))

    c.run(
        "errors.401-wrong-key-AuthenticationError",
        wrong_key,
        skip="the mock takes any bearer token unless started with --token" if mock and not keys else None,
    )
    if mock:
        for status, cls in (
            (401, stripe.AuthenticationError),
            (402, stripe.CardError),
            (403, stripe.PermissionError),
            (429, stripe.RateLimitError),
            (500, stripe.APIError),
        ):
            c.run(
                f"errors.{status}-{cls.__name__}",
                lambda status=status, cls=cls: expect_raises(
                    cls, lambda: v1.customers.retrieve("cus_1", options=opts(f"code={status}"))
                ),
            )

    # --- the global API (stripe.api_base), as older apps call it
    def global_api():
        saved = (stripe.api_key, stripe.api_base, stripe.max_network_retries)
        stripe.api_key, stripe.api_base, stripe.max_network_retries = key, api_base, 0
        try:
            created = stripe.Customer.create(email="g@example.com", metadata={"a": "b"})
            is_class(created, stripe.Customer, "customer")
            got = stripe.Customer.retrieve("cus_1")
            is_class(got, stripe.Customer, "customer")
            charges = stripe.Charge.list(limit=2, created={"gte": since})
            ids = [x.id for x in charges.auto_paging_iter()]
            if server:
                expect(ids == ["ch_5", "ch_4", "ch_3"], ids)
            return f"Customer.create, Customer.retrieve, Charge.list → {ids}"
        finally:
            stripe.api_key, stripe.api_base, stripe.max_network_retries = saved

    c.run("global-api.stripe.api_base", global_api, skip="needs no extra headers" if extra_headers else None)


# ----------------------------------------------------------------------------------------------------------


# ----------------------------------------------------------------------------------------------------------
# Slack's Web API (a cut of Slack's own description, Specs/SlackWeb.yaml), through slack_sdk's WebClient: it POSTs
# every call, its arguments as JSON (chat.postMessage) or a form (the others), with the token as a bearer, pages
# with `cursor` and `response_metadata.next_cursor`, and raises `SlackApiError` for an answer with `ok: false`.


def slack_checks(c: Checks, base_url: str, token: str):
    client = slack_sdk.WebClient(token=token, base_url=base_url.rstrip("/") + "/")
    made = {}

    def create():
        answer = client.conversations_create(name="general")
        expect(answer["ok"] is True and answer["channel"]["name"] == "general", _brief(answer.data))
        made["general"] = answer["channel"]["id"]
        private = client.conversations_create(name="secret", is_private=True)
        expect(private["channel"]["is_private"] is True, f"is_private arrived as {_brief(private.data)}")
        made["secret"] = private["channel"]["id"]
        return f"{made['general']}, {made['secret']} (is_private, sent as the form's 1, arrived)"

    c.run("slack conversations.create (a form, a Boolean as 1)", create)

    def post():
        texts = []
        for number in range(3):
            answer = client.chat_postMessage(channel=made["general"], text=f"hello {number}", unfurl_links=False)
            expect(answer["ok"] is True and answer["channel"] == made["general"], _brief(answer.data))
            expect(answer["message"]["text"] == f"hello {number}", _brief(answer.data))
            texts.append(answer["ts"])
        by_name = client.chat_postMessage(channel="secret", text="by name")
        expect(by_name["channel"] == made["secret"], _brief(by_name.data))
        return f"ts {', '.join(texts)}"

    c.run("slack chat.postMessage (JSON)", post)

    def listing():
        names = []
        pages = 0
        for page in client.conversations_list(limit=1):
            pages += 1
            names += [channel["name"] for channel in page["channels"]]
        expect(names == ["general", "secret"] and pages == 2, f"{pages} pages: {names}")
        return f"{pages} pages through response_metadata.next_cursor: {names}"

    c.run("slack conversations.list (cursor pages)", listing)

    def history():
        answer = client.conversations_history(channel=made["general"], limit=2)
        texts = [message["text"] for message in answer["messages"]]
        expect(texts == ["hello 2", "hello 1"] and answer["has_more"] is True, _brief(answer.data))
        return f"{texts}, has_more"

    c.run("slack conversations.history", history)

    def user():
        answer = client.users_info(user="U0001", include_locale=True)
        expect(answer["user"]["name"] == "ann" and answer["user"]["locale"] == "es-ES", _brief(answer.data))
        return f"{answer['user']['real_name']}, {answer['user']['locale']} (include_locale arrived)"

    c.run("slack users.info", user)

    def error(call, code):
        def check(failure):
            expect(failure.response["ok"] is False and failure.response["error"] == code, _brief(failure.response.data))

        return lambda: expect_raises(SlackApiError, call, check)

    c.run("slack error channel_not_found", error(lambda: client.chat_postMessage(channel="C404", text="x"), "channel_not_found"))
    c.run("slack error name_taken", error(lambda: client.conversations_create(name="general"), "name_taken"))
    c.run("slack error user_not_found", error(lambda: client.users_info(user="U404"), "user_not_found"))
    stranger = slack_sdk.WebClient(token="xoxb-wrong", base_url=base_url.rstrip("/") + "/")
    c.run("slack error invalid_auth", error(lambda: stranger.users_info(user="U0001"), "invalid_auth"))


# ----------------------------------------------------------------------------------------------------------
# DigitalOcean (a cut of DigitalOcean's own description, spread over files: Specs/DigitalOcean.yaml), through pydo,
# DigitalOcean's official SDK (generated by AutoRest on azure-core): bodies and answers as dictionaries, pages by
# `page` and `per_page`, a droplet made from one name or several (a union of two bodies), domain records of
# several types (a union told apart by `type`, its mapping in another file). azure-core sends a bearer token over
# HTTPS only; each call says `enforce_https=False` for the server on loopback.


def digitalocean_checks(c: Checks, endpoint: str, token: str):
    client = pydo.Client(token=token, endpoint=endpoint)
    plain = {"enforce_https": False}
    made = {}

    def create_one():
        body = {"name": "web-1", "region": "nyc3", "size": "s-1vcpu-1gb", "image": "ubuntu-22-04-x64", "tags": ["web"]}
        answer = client.droplets.create(body=body, **plain)
        droplet = answer["droplet"]
        expect(droplet["name"] == "web-1" and droplet["tags"] == ["web"] and droplet["region"]["slug"] == "nyc3", _brief(answer))
        made["one"] = droplet["id"]
        return f"droplet {droplet['id']} (a single create: `name`)"

    c.run("digitalocean droplets.create (one)", create_one)

    def create_many():
        body = {"names": ["web-2", "web-3"], "size": "s-1vcpu-1gb", "image": 7555620, "tags": ["web"]}
        answer = client.droplets.create(body=body, **plain)
        names = [droplet["name"] for droplet in answer["droplets"]]
        expect(names == ["web-2", "web-3"], _brief(answer))
        made["many"] = [droplet["id"] for droplet in answer["droplets"]]
        return f"droplets {made['many']} (a multiple create: `names`, an image by id)"

    c.run("digitalocean droplets.create (several)", create_many)

    def get():
        answer = client.droplets.get(made["one"], **plain)
        expect(answer["droplet"]["id"] == made["one"] and answer["droplet"]["status"] == "new", _brief(answer))
        return answer["droplet"]["name"]

    c.run("digitalocean droplets.get", get)

    def pages():
        first = client.droplets.list(per_page=2, page=1, tag_name="web", **plain)
        second = client.droplets.list(per_page=2, page=2, tag_name="web", **plain)
        names = [d["name"] for d in first["droplets"]] + [d["name"] for d in second["droplets"]]
        expect(names == ["web-1", "web-2", "web-3"], f"{names}")
        expect(first["meta"]["total"] == 3 and "next" in first["links"]["pages"], _brief(first))
        return f"{names}, total {first['meta']['total']}, links.pages.next on the first page"

    c.run("digitalocean droplets.list (pages, tag_name)", pages)

    def destroy():
        expect(client.droplets.destroy(made["one"], **plain) is None, "an answer with a body")
        gone = client.droplets.get(made["one"], **plain)
        # pydo reads the documented 404 as an answer: the error's body.
        expect(gone.get("id") == "not_found", _brief(gone))
        return "204, then the 404's error body"

    c.run("digitalocean droplets.destroy", destroy)

    def tags():
        created = client.tags.create(body={"name": "web"}, **plain)["tag"]
        read = client.tags.get("web", **plain)["tag"]
        listed = [tag["name"] for tag in client.tags.list(**plain)["tags"]]
        expect(created["name"] == "web" and read["resources"]["droplets"]["count"] == 2 and listed == ["web"], _brief(read))
        expect(client.tags.delete("web", **plain) is None, "an answer with a body")
        return f"created, read ({read['resources']['count']} tagged), listed, deleted"

    c.run("digitalocean tags", tags)

    def domains():
        created = client.domains.create(body={"name": "example.com", "ip_address": "192.0.2.1"}, **plain)["domain"]
        read = client.domains.get("example.com", **plain)["domain"]
        listed = [domain["name"] for domain in client.domains.list(**plain)["domains"]]
        expect(created["name"] == read["name"] == "example.com" and listed == ["example.com"], _brief(read))
        return "created, read, listed"

    c.run("digitalocean domains", domains)

    def records():
        kinds = []
        for body in (
            {"type": "A", "name": "www", "data": "192.0.2.2", "ttl": 1800},
            {"type": "AAAA", "name": "www", "data": "2001:db8::1", "ttl": 1800},
            {"type": "MX", "name": "@", "data": "mail.example.com.", "priority": 10, "ttl": 3600},
            {"type": "TXT", "name": "@", "data": "v=spf1 -all", "ttl": 3600},
        ):
            record = client.domains.create_record("example.com", body=body, **plain)["domain_record"]
            expect(record["type"] == body["type"] and record["data"] == body["data"], _brief(record))
            kinds.append(record["type"])
            made[body["type"]] = record["id"]
        only = client.domains.list_records("example.com", type="AAAA", **plain)["domain_records"]
        expect([record["type"] for record in only] == ["AAAA"], _brief(only))
        return f"{kinds} made as their types; listed by type"

    c.run("digitalocean domain records (a union by type, its mapping in another file)", records)

    def patch():
        patched = client.domains.patch_record("example.com", made["AAAA"], body={"type": "AAAA", "ttl": 600}, **plain)
        read = client.domains.get_record("example.com", made["AAAA"], **plain)["domain_record"]
        expect(patched["domain_record"]["ttl"] == 600 and read["ttl"] == 600 and read["data"] == "2001:db8::1", _brief(read))
        expect(client.domains.delete_record("example.com", made["AAAA"], **plain) is None, "an answer with a body")
        expect(client.domains.delete("example.com", **plain) is None, "an answer with a body")
        return "the ttl changed, the data kept; record and domain deleted"

    c.run("digitalocean domain record patch", patch)

    def unauthorized():
        stranger = pydo.Client(token="dop_v1_wrong", endpoint=endpoint)
        return expect_raises(
            HttpResponseError,
            lambda: stranger.droplets.list(**plain),
            lambda error: expect(error.status_code == 401 and error.response.json()["id"] == "unauthorized", str(error)),
        )

    c.run("digitalocean error 401", unauthorized)


def read_headers_file(path: str) -> tuple[str | None, str | None, dict[str, str]]:
    """(name, url, headers) from the output of `example-servers NAME` or `specsmith-mock`."""
    name = url = None
    headers: dict[str, str] = {}
    with open(path, encoding="utf-8") as file:
        for line in file:
            line = line.strip()
            if line.startswith("header: "):
                header, _, value = line[len("header: "):].partition(": ")
                headers[header] = value
            elif m := re.match(r"serving (\S+) on (\S+)", line):
                name, url = m.group(1), m.group(2)
            elif m := re.match(r"Mock of (\S+) .* on (\S+)", line):
                name, url = m.group(1), m.group(2)
    return name, url, headers


class Targets:
    """The generated servers (`example-servers Chat`, `… Payments`) or the mocks of the two specs, started on free
    ports for the time of a `with`; yields the files their first lines went to, for `--headers-from`."""

    def __init__(self, binary: str, kind: str):
        self.commands = (
            [
                [os.path.join(binary, "example-servers"), name]
                for name in ("Chat", "Payments", "SlackWeb", "DigitalOcean")
            ]
            if kind == "servers"
            else [
                [os.path.join(binary, "specsmith-mock"), f"Specs/{name}.yaml", "--port", "0", "--quiet", "--token", token]
                for name, token in (("Chat", "authorized=sk-test"), ("Payments", "authorized=sk_test"))
            ]
        )
        self.processes = []

    def __enter__(self):
        files = []
        for command in self.commands:
            output = tempfile.NamedTemporaryFile(mode="w+", prefix="sdk-check-", suffix=".txt", delete=False)
            process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, text=True)
            self.processes.append(process)
            deadline = time.time() + 60
            while time.time() < deadline:
                output.seek(0)
                if re.search(r"^(serving|Mock of) ", output.read(), re.MULTILINE):
                    break
                if process.poll() is not None:
                    break
                time.sleep(0.1)
            else:
                self.__exit__(None, None, None)
                raise SystemExit(f"error: {' '.join(command)} did not start")
            files.append(output.name)
        return files

    def __exit__(self, *_):
        for process in self.processes:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/debug", help="where example-servers and specsmith-mock are")
    parser.add_argument("--chat", help="the Chat API's base URL")
    parser.add_argument("--payments", help="the Payments API's base URL")
    parser.add_argument("--slack", help="the Slack Web API's base URL (its generated server)")
    parser.add_argument("--digitalocean", help="the DigitalOcean API's base URL (its generated server)")
    parser.add_argument("--headers-from", action="append", default=[], metavar="FILE", help="output of example-servers or specsmith-mock (repeatable)")
    parser.add_argument("--chat-key", default=None, help="bearer token for Chat (default: from --headers-from, else sk-test)")
    parser.add_argument("--payments-key", default=None, help="bearer token for Payments (default: from --headers-from, else sk_test)")
    parser.add_argument("--mock", choices=["auto", "yes", "no"], default="auto", help="whether the targets are specsmith-mock (default: ask them)")
    parser.add_argument("--mock-keys", action="store_true", help="the mocks were started with --token: they refuse other keys")
    parser.add_argument("--log", action="store_true", help="print every request and answer to stderr")
    parser.add_argument("--strict", action="store_true", help="known differences (XFAIL) fail too")
    parser.add_argument("--traceback", action="store_true", help="print a traceback for each failure")
    args = parser.parse_args()

    found: dict[str, tuple[str | None, dict[str, str]]] = {}
    for path in args.headers_from:
        name, url, headers = read_headers_file(path)
        found[(name or "").lower()] = (url, headers)

    def target(name: str, url: str | None, key: str | None, default_key: str):
        from_file_url, headers = found.get(name, (None, {}))
        headers = dict(headers)
        auth = headers.pop("Authorization", "")
        if key is None:
            key = auth[len("Bearer "):] if auth.startswith("Bearer ") else default_key
        return url or from_file_url, key, headers

    if not (args.chat or args.payments or args.slack or args.digitalocean or args.headers_from):
        # Every target, started here: the generated servers, then the mocks.
        failed = False
        for kind in ("servers", "mocks"):
            with Targets(args.bin, kind) as files:
                print(f"## {kind}", flush=True)
                command = [sys.executable, __file__] + [arg for path in files for arg in ("--headers-from", path)]
                command += ["--log"] * args.log + ["--strict"] * args.strict + ["--mock-keys"] * (kind == "mocks")
                failed = subprocess.run(command).returncode != 0 or failed
        return 1 if failed else 0

    chat_url, chat_key, chat_headers = target("chat", args.chat, args.chat_key, "sk-test")
    pay_url, pay_key, pay_headers = target("payments", args.payments, args.payments_key, "sk_test")
    slack_url, slack_token, _ = target("slackweb", args.slack, None, "xoxb-sdk-check")
    ocean_url, ocean_token, _ = target("digitalocean", args.digitalocean, None, "dop_v1_sdk_check")
    if not chat_url and not pay_url and not slack_url and not ocean_url:
        parser.error("give --chat, --payments, --slack and/or --digitalocean (or --headers-from)")

    checks = Checks(strict=args.strict)
    print(
        f"# openai {openai.__version__}, stripe {stripe.VERSION}, slack_sdk {slack_sdk.version.__version__}, "
        f"pydo {getattr(pydo, '__version__', '?')}, "
        f"python {sys.version.split()[0]}",
        flush=True,
    )

    if chat_url:
        mock = is_mock(chat_url) if args.mock == "auto" else args.mock == "yes"
        base = chat_url.rstrip("/")
        if args.log:
            parts = urllib.parse.urlsplit(base)
            proxy = _Proxy(f"{parts.scheme}://{parts.netloc}", log=True, label="chat")
            base = proxy.url + parts.path
        print(f"# chat: {chat_url} ({'mock' if mock else 'server'}), openai base_url={base}", flush=True)
        chat_checks(checks, base, chat_key, mock, chat_headers, args.mock_keys)

    if pay_url:
        mock = is_mock(pay_url) if args.mock == "auto" else args.mock == "yes"
        url = pay_url.rstrip("/")
        # The SDK puts `/v1/…` after its base: the server's host (the mock also reads a path below its base path).
        api_base = url[: -len("/v1")] if url.endswith("/v1") else url
        if args.log:
            api_base = _Proxy(api_base, log=True, label="payments").url
        print(f"# payments: {pay_url} ({'mock' if mock else 'server'}), stripe api_base={api_base}", flush=True)
        payments_checks(checks, api_base, pay_key, mock, pay_headers, args.mock_keys)

    if slack_url:
        base = slack_url.rstrip("/")
        if args.log:
            parts = urllib.parse.urlsplit(base)
            base = _Proxy(f"{parts.scheme}://{parts.netloc}", log=True, label="slack").url + parts.path
        print(f"# slack: {slack_url} (server), slack_sdk base_url={base}/", flush=True)
        slack_checks(checks, base, slack_token)

    if ocean_url:
        endpoint = ocean_url.rstrip("/")
        if args.log:
            endpoint = _Proxy(endpoint, log=True, label="digitalocean").url
        print(f"# digitalocean: {ocean_url} (server), pydo endpoint={endpoint}", flush=True)
        digitalocean_checks(checks, endpoint, ocean_token)

    counts = checks.counts
    print("# " + ", ".join(f"{counts[k]} {k}" for k in ("PASS", "FAIL", "XFAIL", "XPASS", "SKIP")), flush=True)
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
