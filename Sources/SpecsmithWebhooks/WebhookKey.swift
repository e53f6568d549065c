import Foundation

#if Webhooks
    import Crypto

    /// A secret made into an HMAC-SHA256 key as its scheme reads it: Standard Webhooks' `whsec_<base64>` decoded,
    /// Stripe's and GitHub's text as it is.
    struct WebhookKey {
        private let key: SymmetricKey

        init(_ secret: String, scheme: WebhookScheme.Kind) throws(WebhookError) {
            switch scheme {
            case .standardWebhooks:
                var encoded = secret.hasPrefix("whsec_") ? String(secret.dropFirst("whsec_".count)) : secret
                // Secrets are sometimes written without base64's padding.
                encoded += String(repeating: "=", count: (4 - encoded.count % 4) % 4)
                guard let bytes = Data(base64Encoded: encoded), !bytes.isEmpty else {
                    throw .invalidSecret(
                        reason: "a Standard Webhooks secret is whsec_ and base64, not \"\(secret.prefix(8))…\""
                    )
                }
                key = SymmetricKey(data: bytes)
            case .stripe, .github, .bearer:
                guard !secret.isEmpty else { throw .invalidSecret(reason: "the secret is empty") }
                key = SymmetricKey(data: Data(secret.utf8))
            }
        }

        /// The HMAC-SHA256 of `prefix` followed by `body`.
        func authenticationCode(prefix: String, body: some DataProtocol) -> AuthenticationCode {
            var hmac = HMAC<SHA256>(key: key)
            hmac.update(data: Data(prefix.utf8))
            hmac.update(data: body)
            return AuthenticationCode(code: hmac.finalize())
        }
    }

    /// Whether a bearer token is `secret`, compared in time that depends on neither where nor whether they differ:
    /// their SHA-256 digests, which swift-crypto compares in constant time.
    func tokensMatch(_ token: String, _ secret: String) -> Bool {
        SHA256.hash(data: Data(token.utf8)) == SHA256.hash(data: Data(secret.utf8))
    }

    /// An HMAC-SHA256, compared in constant time.
    struct AuthenticationCode {
        let code: HMAC<SHA256>.MAC

        /// Whether `signature` is this code, compared in time that does not depend on where they differ.
        func matches(_ signature: [UInt8]) -> Bool {
            code == signature
        }

        /// The code's bytes.
        var bytes: [UInt8] { Array(code) }
    }
#else
    #error(
        "SpecsmithWebhooks needs the package trait Webhooks: in Package.swift, `.package(url: …, from: …, traits: [\"Webhooks\"])`; in Xcode, tick Webhooks among the package's traits; Specsmith's own build: `swift build --enable-all-traits`"
    )

    // Without the trait, stand-ins of what swift-crypto makes, so that the trait's error is the only one: they are
    // never built into anything.

    /// A stand-in: without the trait, nothing is signed or verified.
    struct WebhookKey {
        init(_ secret: String, scheme: WebhookScheme.Kind) throws(WebhookError) {
            throw .invalidSecret(reason: "SpecsmithWebhooks was built without its trait Webhooks")
        }

        func authenticationCode(prefix: String, body: some DataProtocol) -> AuthenticationCode { AuthenticationCode() }
    }

    /// A stand-in: without the trait, no token matches.
    func tokensMatch(_ token: String, _ secret: String) -> Bool { false }

    /// A stand-in: without the trait, no code matches.
    struct AuthenticationCode {
        func matches(_ signature: [UInt8]) -> Bool { false }

        var bytes: [UInt8] { [] }
    }
#endif
