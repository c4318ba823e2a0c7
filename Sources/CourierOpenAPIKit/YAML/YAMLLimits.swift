/// The bounds the YAML reader keeps to, so that no input — however hostile — makes it recurse
/// without end, allocate without end or take more than linear time.
enum YAMLLimits {
    /// How deeply collections may nest, aliases included: 512 levels.
    ///
    /// Real OpenAPI documents nest a few dozen levels at most (Stripe's, the deepest seen, about
    /// 30). Destroying or comparing a ``DocumentValue`` recurses once per level, so the bound keeps
    /// every later walk of the value safe on a thread's smallest stack as well.
    static let maximumDepth = 512

    /// How many nodes aliases may repeat in one stream: the larger of 100,000 and the input's
    /// size in bytes.
    ///
    /// An alias copies a value without copying its storage, but whatever walks the result — a
    /// generator, an encoder — visits every copy; ten nested aliases of ten aliases each would
    /// otherwise stand for 10¹⁰ nodes ("billion laughs"). A document can hold at most about one
    /// node per two bytes, so this budget lets aliases at most about triple what a reader walks,
    /// while the floor keeps small hand-written files that lean on anchors working.
    static func aliasNodeBudget(inputSize: Int) -> Int { max(100_000, inputSize) }

    /// How long an implicit key may be, in bytes, as YAML 1.2 bounds it (1024 characters): also
    /// what keeps the scanner's look-ahead, and so its time, linear.
    static let maximumImplicitKeyLength = 1024
}
