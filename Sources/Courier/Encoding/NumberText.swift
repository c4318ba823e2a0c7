/// Floating-point numbers as URL encoding writes them.
///
/// Alamofire wrote a number as `"\(value as NSNumber)"`, which on Apple platforms formats a
/// `Double` with `%0.16g` and a `Float` with `%0.7g` (NSNumber's `description(withLocale:)`): a
/// whole number has no fraction (`150`, not `150.0`), which servers that expect an integer rely
/// on. Courier writes whole numbers the same way, on every platform, and every other value as
/// Swift's shortest text that reads back as the same number, which is `%0.16g`'s text whenever
/// 16 digits are enough (Apple rounded `0.1 + 0.2` to `0.3`; Courier sends `0.30000000000000004`).
enum NumberText {
    /// `value` as text: `150`, `-0`, `2.5`, `1e-07`, `1e+16`, `nan`, `inf`.
    static func text(_ value: Double) -> String {
        if value.isFinite, value.rounded() == value, abs(value) < 1e16 {
            return value == 0 && value.sign == .minus ? "-0" : String(Int64(value))
        }
        return String(describing: value)
    }

    /// `value` as text, whole numbers below 10⁷ without a fraction, as `%0.7g` writes them.
    static func text(_ value: Float) -> String {
        if value.isFinite, value.rounded() == value, abs(value) < 1e7 {
            return value == 0 && value.sign == .minus ? "-0" : String(Int64(value))
        }
        return String(describing: value)
    }
}
