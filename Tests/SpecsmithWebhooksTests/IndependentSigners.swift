import Foundation

/// Webhook signers and verifiers that are not ours: PyPI's `standardwebhooks` and `stripe` packages and
/// Python's `hmac`, run as a Python program that reads a JSON request on its standard input and answers JSON.
///
/// Without the packages, the tests that need them are skipped, unless `SPECSMITH_REQUIRE_WEBHOOK_SIGNERS=1`
/// (CI installs them) makes their absence a failure.
enum IndependentSigners {
    /// Whether CI requires the packages.
    static let required = ProcessInfo.processInfo.environment["SPECSMITH_REQUIRE_WEBHOOK_SIGNERS"] == "1"

    /// Whether `python3` imports both packages.
    static let available: Bool = {
        let answer = try? run(["action": "probe"])
        return answer?["ok"] as? Bool == true
    }()

    /// Whether the tests run: the packages are there, or CI requires them (and the run fails without them).
    static let enabled = available || required

    /// What the Python program does with a request: signs or verifies a body, as `action` says.
    static let program = #"""
        import base64, hashlib, hmac, json, sys
        from datetime import datetime, timezone
        request = json.loads(sys.stdin.read())
        action = request["action"]
        if action == "probe":
            import standardwebhooks, stripe
            print(json.dumps({"ok": True}))
            sys.exit(0)
        body = base64.b64decode(request.get("body", ""))
        secret = request.get("secret", "")
        answer = {}
        if action == "standard-sign":
            import standardwebhooks
            timestamp = datetime.fromtimestamp(request["timestamp"], tz=timezone.utc)
            signatures = [standardwebhooks.Webhook(s).sign(request["id"], timestamp, body.decode())
                          for s in request["secrets"]]
            answer = {"webhook-id": request["id"], "webhook-timestamp": str(request["timestamp"]),
                      "webhook-signature": " ".join(signatures)}
        elif action == "standard-verify":
            import standardwebhooks
            try:
                standardwebhooks.Webhook(secret).verify(body, request["headers"], json_parse=False)
                answer = {"verified": True}
            except Exception as error:
                answer = {"verified": False, "error": str(error)}
        elif action == "stripe-sign":
            import stripe
            answer = {"Stripe-Signature": stripe.WebhookSignature.generate_signature_header(
                body.decode(), secret, timestamp=request["timestamp"])}
        elif action == "stripe-verify":
            import stripe
            try:
                headers = {k.lower(): v for (k, v) in request["headers"].items()}
                stripe.WebhookSignature.verify_header(body, headers.get("stripe-signature"), secret, 300)
                answer = {"verified": True}
            except Exception as error:
                answer = {"verified": False, "error": str(error)}
        elif action == "github-sign":
            digest = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
            answer = {"X-Hub-Signature-256": "sha256=" + digest, "X-GitHub-Delivery": request["id"]}
        elif action == "github-verify":
            digest = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
            sent = {k.lower(): v for (k, v) in request["headers"].items()}.get("x-hub-signature-256", "")
            answer = {"verified": hmac.compare_digest("sha256=" + digest, sent)}
        print(json.dumps(answer))
        """#

    /// Runs the program on `request` and returns its answer.
    static func run(_ request: [String: Any]) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: request))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SignerFailure(
                message: "python3 exited with \(process.terminationStatus) for \(request["action"] ?? "")"
            )
        }
        guard let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw SignerFailure(message: "python3 answered \(String(decoding: data, as: UTF8.self))")
        }
        return answer
    }

    /// The headers a signer answered, as strings.
    static func headers(_ answer: [String: Any]) -> [String: String] {
        answer.compactMapValues { $0 as? String }
    }
}

/// The Python program failed.
struct SignerFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
