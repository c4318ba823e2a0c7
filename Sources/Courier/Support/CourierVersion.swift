/// Courier's version.
public enum CourierVersion {
    /// The version of this build, e.g. `"1.0.0"`.
    public static let current = "0.2.0"
}
