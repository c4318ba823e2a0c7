#!/usr/bin/env python3
"""Courier's platform audit: nothing above the deployment floor, or the oldest compiler, without a
guard. See Sources/Courier/Courier.docc/Platforms.md for what each rule protects and why.

    audit.py sources [PATH...]   the rules of rules.py over Swift files (by default the library, then
                                 the executables and tests, where test frameworks are allowed)
    audit.py package             Package.swift: floor, tools version, what the products contain
    audit.py survey [TARGET...]  compiler facts: every referenced declaration whose Apple
                                 availability is above the floor must sit behind a guard (every
                                 Swift target of the last `swift build --build-tests` by default)
    audit.py self-test           each fixture in fixtures/ must produce exactly the findings it
                                 declares in its `// expect:` line
    audit.py survey-self-test    the survey must flag exactly the marked lines of
                                 fixtures/survey/SurveyFixture.swift
Exit status 1 when anything is found.
"""

import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import guards  # noqa: E402
import rules  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
# What an app links: the library products' sources. The rest (every other folder of Sources, and
# Tests) is built for macOS in CI, at the same floor and with the same compilers, so the rules apply
# there too, test frameworks allowed.
LIBRARY_DIRS = ["Sources/Courier", "Sources/CourierTesting", "Plugins"]
LIBRARY_PRODUCTS = {"Courier", "CourierPlugins", "CourierTesting"}
TEST_ONLY_TARGETS = {"CourierTestSupport"}
# Code written for Xcode 26 apps, not for Courier's compilers: AppCorpusTests builds it only with a
# Swift 6.2 compiler or later (and skips, saying so, under Xcode 16's), as the apps it stands for.
XCODE26_ONLY_DIRS = ["Tests/AppCorpus"]


def swift_files(paths):
    for path in paths:
        full = os.path.join(ROOT, path)
        if os.path.isfile(full):
            yield full
            continue
        for directory, _, names in sorted(os.walk(full)):
            if any(os.path.relpath(directory, ROOT).startswith(skipped) for skipped in XCODE26_ONLY_DIRS):
                continue
            for name in sorted(names):
                if name.endswith(".swift"):
                    yield os.path.join(directory, name)


def line_of(code, offset):
    return code.count("\n", 0, offset) + 1


def matching_open_paren(code, close):
    depth = 0
    for index in range(close, -1, -1):
        if code[index] == ")":
            depth += 1
        elif code[index] == "(":
            depth -= 1
            if depth == 0:
                return index
    return 0


def statement_start(code, offset):
    """Where the statement holding `offset` starts: after the last `{`, `}`, `;` or blank line."""
    cut = max(code.rfind(c, 0, offset) for c in "{};")
    blank = code.rfind("\n\n", 0, offset)
    return max(cut, blank) + 1


def typed_throws_storage(code, contexts):
    """Typed-throws function types kept in properties, typealiases or generic arguments: their
    metadata (reflection, casts, generic instantiation) needs the Swift 6.0 runtime. A function's
    own signature and a closure parameter need none."""
    for match in rules.TYPED_THROWS_FUNCTION_TYPE.finditer(code):
        opening = matching_open_paren(code, match.start())
        if rules.DECLARATION_BEFORE_PARAMETERS.search(code[:opening]):
            continue
        statement = code[statement_start(code, opening) : opening]
        before = re.sub(r"(@\w+|\bsending\b|\s|\()+$", "", statement)
        stored = re.search(r"(^|\s)(let|var)\s", statement) and not re.search(r"\b(func|init|subscript)\b", statement)
        generic = before.endswith("<") or (before.endswith(",") and statement.count("<") > statement.count(">"))
        if "typealias" in statement or stored or generic:
            line = line_of(code, match.start())
            if not contexts[line - 1].available_from(rules.STDLIB_6_0):
                yield line, "typed-throws-storage", (
                    "a typed-throws function type stored, aliased or used as a generic argument needs "
                    "metadata the Swift 6.0 runtime adds; store a Result-returning or untyped closure")


def iterators_without_next(code):
    """AsyncIteratorProtocol conformers must implement next() themselves: the default one, written
    over next(isolation:), needs the Swift 6.0 runtime (SE-0421)."""
    for match in re.finditer(r"\b(struct|class|enum|actor|extension)\s+[\w.]+[^{]*\bAsyncIteratorProtocol\b[^{]*\{",
                             code):
        depth, index = 1, match.end()
        while index < len(code) and depth:
            depth += {"{": 1, "}": -1}.get(code[index], 0)
            index += 1
        if not re.search(r"\bfunc\s+next\s*\(\s*\)", code[match.end() : index]):
            yield line_of(code, match.start()), "iterator-next", (
                "an AsyncIteratorProtocol conformer must implement next(): before Swift 6.0 runtimes "
                "`for try await` calls it, and the default one needs macOS 15 / iOS 18 (SE-0421)")


def check_file(path, library=True):
    text = open(path, encoding="utf-8").read()
    contexts, code = guards.contexts(text)
    findings = []
    lines = code.split("\n")
    for number, line in enumerate(lines, 1):
        for rule in rules.RULES:
            if rule.pattern.search(line) and not rule.satisfied_by(contexts[number - 1]):
                findings.append((number, rule.name, rule.why))
    for match in rules.TRAILING_COMMA.finditer(code):
        number = line_of(code, match.start())
        if not contexts[number - 1].compiler_at_least((6, 1)):
            findings.append((number, "trailing-comma", "a trailing comma in a parameter or argument list "
                             "(SE-0439) needs a Swift 6.1 compiler"))
    findings.extend(typed_throws_storage(code, contexts))
    findings.extend(iterators_without_next(code))
    if library:
        for match in rules.TEST_FRAMEWORK_IMPORT.finditer(code):
            findings.append((line_of(code, match.start()), "test-framework-import",
                             "library code must not import XCTest or Testing: an app links it"))
    return sorted(set(findings))


def report(path, findings):
    for number, name, why in findings:
        print(f"{os.path.relpath(path, ROOT)}:{number}: [{name}] {why}")


def command_sources(paths):
    failed = False
    others = [os.path.join("Sources", name) for name in sorted(os.listdir(os.path.join(ROOT, "Sources")))
              if os.path.join("Sources", name) not in LIBRARY_DIRS] + ["Tests"]
    groups = [(paths, True)] if paths else [(LIBRARY_DIRS, True), (others, False)]
    for group, library in groups:
        for path in swift_files(group):
            findings = check_file(path, library=library)
            report(path, findings)
            failed |= bool(findings)
    return failed


def dump_package():
    return json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                     capture_output=True, text=True).stdout)


def swift_targets():
    """Every target of the package that `swift build` compiled as Swift (C targets have no list)."""
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                              text=True).stdout.strip()
    names = [target["name"] for target in dump_package()["targets"] if target["type"] != "plugin"]
    return [name for name in names
            if os.path.exists(os.path.join(bin_path, name.replace("-", "_") + ".build", "sources"))]


def command_package():
    dump = dump_package()
    problems = []
    names = {"macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS"}
    declared = {names.get(p["platformName"], p["platformName"]): int(p["version"].split(".")[0])
                for p in dump["platforms"]}
    if declared != rules.FLOOR:
        problems.append(f"platforms are {declared}, the audit's floor is {rules.FLOOR} (rules.py, Platforms.md)")
    tools = dump["toolsVersion"]["_version"]
    if tuple(int(p) for p in tools.split(".")[:2]) > rules.COMPILER_FLOOR:
        problems.append(f"swift-tools-version {tools} is above the compiler floor {rules.COMPILER_FLOOR}")
    for product in dump["products"]:
        if "library" in product["type"] and set(product["targets"]) - LIBRARY_PRODUCTS:
            problems.append(f"library product {product['name']} holds {product['targets']}")
        if set(product["targets"]) & TEST_ONLY_TARGETS:
            problems.append(f"product {product['name']} holds test support {product['targets']}")
    for target in dump["targets"]:
        dependencies = {list(d.values())[0][0] for d in target["dependencies"]}
        if target["type"] != "test" and dependencies & TEST_ONLY_TARGETS:
            problems.append(f"{target['name']} depends on test support: an app could build it")
    for problem in problems:
        print(f"Package.swift: [package] {problem}")
    return bool(problems)


def command_self_test():
    failed = False
    for name in sorted(os.listdir(FIXTURES)):
        if not name.endswith(".swift"):
            continue
        path = os.path.join(FIXTURES, name)
        expected = set(re.search(r"// expect:(.*)", open(path).read()).group(1).split())
        found = {finding[1] for finding in check_file(path)}
        if found != expected:
            print(f"self-test: {name} gave {sorted(found) or 'nothing'}, expected {sorted(expected) or 'nothing'}")
            failed = True
    if not failed:
        print(f"self-test: every fixture in {os.path.relpath(FIXTURES, ROOT)} gave the findings it expects")
    return failed


def main(arguments):
    command = arguments[0] if arguments else "sources"
    if command == "sources":
        return command_sources(arguments[1:])
    if command == "package":
        return command_package()
    if command == "self-test":
        return command_self_test()
    if command == "survey":
        import survey

        return survey.run(ROOT, arguments[1:] or swift_targets(), check_file_contexts=guards.contexts)
    if command == "survey-self-test":
        import survey

        fixture = os.path.join(FIXTURES, "survey", "SurveyFixture.swift")
        return survey.self_test(ROOT, fixture, check_file_contexts=guards.contexts)
    print(__doc__)
    return True


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1:]) else 0)
