/// The names the secret-redaction tests run through every place a value can appear: how real APIs
/// spell secrets, and names that look alike but are harmless. Add a spelling here and every
/// matrix test covers it.
public enum SecretSpellings {
    /// Names whose values must never be shown, in the spellings real APIs use.
    public static let secret: [String] = [
        // OAuth and OpenID Connect tokens, every separator and case
        "access_token", "accessToken", "access-token", "AccessToken", "ACCESS_TOKEN", "accesstoken", "Access-Token",
        "refresh_token", "refreshToken", "id_token", "idToken", "token", "Token", "auth_token", "oauth_token",
        "csrf_token", "X-CSRF-Token", "x-auth-token", "X-Auth-Token", "X-Amz-Security-Token", "sessionToken",
        // client secrets and passwords
        "client_secret", "clientSecret", "client-secret", "secret", "app_secret", "password", "Password", "PASSWORD",
        "passwd", "pwd", "new_password", "newPassword", "password_confirmation", "passwordConfirmation",
        "passphrase",
        // nested keys, last component
        "user[password]", "user.password", "user[profile][password]", "data.attributes.accessToken",
        "credentials[client_secret]", "tokens[0]",
        // API keys
        "api_key", "api-key", "apiKey", "ApiKey", "apikey", "APIKEY", "X-API-Key", "x-api-key", "X-Api-Key",
        "X-Goog-Api-Key", "x-rapidapi-key", "Ocp-Apim-Subscription-Key", "key", "aws_secret_access_key",
        "private_key", "privateKey",
        // credentials headers and cookies
        "authorization", "Authorization", "proxy-authorization", "Proxy-Authorization", "cookie", "Cookie",
        "set-cookie", "Set-Cookie",
        // signatures and sessions
        "signature", "X-Amz-Signature", "X-Hub-Signature-256", "sig", "session_id", "sessionId", "JSESSIONID",
        "PHPSESSID", "code_verifier", "client_assertion", "otp",
        // lowercased compounds (HTTP/2 header names), and two harmless names hidden on purpose
        "passwordconfirmation", "newpassword", "secretanswer", "passwordless", "secretary", "credentials",
    ]

    /// Names that look like secrets but are not, whose values stay visible.
    public static let harmless: [String] = [
        "token_type", "tokenType", "expires_in", "author", "authority", "keyboard", "monkey", "tokenizer",
        "max_tokens", "prompt_tokens", "token_count", "tokenexpiry", "page", "user", "name", "email",
        "code", "session", "Accept", "Content-Type", "User-Agent", "public_key", "sort_key", "idempotency_key",
        "signature_method", "cookies_enabled", "X-Request-Id", "Access-Control-Allow-Credentials", "WWW-Authenticate",
        "Access-Control-Allow-Headers", "X-Amz-Credential",
    ]

    /// Whether `name` can be a header name (an RFC 9110 token), for the places that are headers.
    public static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                    || "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
    }
}
