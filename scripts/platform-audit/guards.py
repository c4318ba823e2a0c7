"""Where a line of Swift stands: which `#if` conditions and which availability guards enclose it.

A light reader, not a parser: comments and string literals are blanked first (keeping every line
and column), then braces are tracked with the text that opens each one, so that a line knows the
declarations and `if #available` blocks around it. That is enough for Courier's own code, whose
shape `swift format` keeps regular.
"""

import re

PLATFORMS = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")

# Conditions under which code is compiled for Linux only, so Apple availability does not apply.
LINUX_ONLY = re.compile(r"os\(Linux\)|canImport\((FoundationNetworking|Glibc|Musl)\)|!canImport\(Darwin\)|!\(canImport\(Darwin\)\)")


def linux_only(condition):
    """Whether an `#if` branch condition holds on Linux only (one term of an `&&`, never an `||`)."""
    condition = condition.replace(" ", "")
    if "||" in condition:
        return False
    return any(LINUX_ONLY.fullmatch(term) for term in condition.split("&&"))


def blank_comments_and_strings(text):
    """`text` with comments and string contents replaced by spaces; newlines stay put."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif text.startswith('"""', i):
            end = text.find('"""', i + 3)
            end = n if end < 0 else end + 3
            out.append('"' + re.sub(r"[^\n]", " ", text[i + 1 : end - 1]) + '"')
            i = end
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            out.append('"' + " " * (min(j, n) - i - 1) + '"')
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def availability(text):
    """The platform versions an `@available(...)` or `#available(...)` in `text` promises."""
    found = {}
    for args in re.findall(r"[@#]available\s*\(([^)]*)\)", text):
        for platform, version in re.findall(r"\b(" + "|".join(PLATFORMS) + r")\s+(\d+(?:\.\d+)*)", args):
            found[platform] = max(found.get(platform, ()), tuple(int(p) for p in version.split(".")))
        for platform in re.findall(r"\b(" + "|".join(PLATFORMS) + r")\s*,\s*unavailable", args):
            found[platform] = (9999,)
    return found


class Context:
    """What encloses one line: `#if` conditions and promised availability."""

    def __init__(self, conditions, available):
        self.conditions = conditions
        self.available = available

    def linux_only(self):
        return any(linux_only(c) for c in self.conditions)

    def compiler_at_least(self, version):
        for condition in self.conditions:
            for found in re.findall(r"compiler\(\s*>=\s*(\d+(?:\.\d+)*)\s*\)", condition):
                if not condition.startswith("!(") and tuple(int(p) for p in found.split(".")) >= version:
                    return True
        return False

    def available_from(self, needed):
        """Whether every Apple platform is promised at least the versions in `needed`."""
        if self.linux_only():
            return True
        return all(self.available.get(p, ()) >= (needed[p],) for p in PLATFORMS if p in needed)


def contexts(text):
    """One ``Context`` per line of `text` (index 0 is line 1), and the blanked text."""
    code = blank_comments_and_strings(text)
    result = []
    conditions = []  # the active `#if` branch conditions, as written (negated for `#else`)
    braces = []  # (header text, availability promised inside)
    guards = []  # (depth, availability): a `guard #available` promises the rest of its scope
    header = ""
    for line in code.split("\n"):
        stripped = line.strip()
        directive = re.match(r"#(if|elseif|else|endif)\b(.*)", stripped)
        if directive:
            kind, rest = directive.group(1), directive.group(2).strip()
            if kind == "if":
                conditions.append(rest)
            elif kind == "elseif" and conditions:
                conditions[-1] = rest
            elif kind == "else" and conditions:
                conditions[-1] = "!(" + conditions[-1] + ")"
            elif kind == "endif" and conditions:
                conditions.pop()
        promised = {}
        for _, scope in braces:
            for platform, version in scope.items():
                promised[platform] = max(promised.get(platform, ()), version)
        for _, scope in guards:
            for platform, version in scope.items():
                promised[platform] = max(promised.get(platform, ()), version)
        line_promise = availability(header + line)
        for platform, version in line_promise.items():
            promised[platform] = max(promised.get(platform, ()), version)
        result.append(Context(list(conditions), promised))
        if directive:
            continue
        if re.search(r"\bguard\s+#available", line):
            guards.append((len(braces), availability(line)))
        for char in line:
            if char == "{":
                braces.append((header, availability(header)))
                header = ""
            elif char == "}":
                if braces:
                    braces.pop()
                guards = [(depth, scope) for depth, scope in guards if depth <= len(braces)]
                header = ""
            else:
                header += char
        header += "\n"
        if stripped == "" or re.search(r"[;}]\s*$", stripped):
            header = ""
    return result, code
