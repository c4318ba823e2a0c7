"""Compiler facts behind the audit: which declarations each module really references, and the Apple
availability those declarations carry.

The type checker resolves every name (`swiftc -dump-ast -dump-ast-format json` gives each reference's
USR), and the toolchain's own modules keep their Apple `@available` attributes even on Linux
(`swift-symbolgraph-extract` lists them): the standard library, Concurrency, Synchronization and
swift-foundation's FoundationEssentials. A reference to a declaration introduced above the floor on
any Apple platform must sit behind a guard that promises that version, or in Linux-only code.

Limits, said plainly: only code the Linux compiler sees is surveyed (the `#if canImport(Darwin)`
branches are left to the rules of rules.py), overloads are resolved as on Linux, and the NSObject
parts of Foundation (URLSession, FileHandle, JSONSerialization) carry no Apple availability in
swift-corelibs-foundation; Platforms.md lists those from Apple's documentation.
"""

import bisect
import concurrent.futures
import glob
import hashlib
import json
import os
import re
import subprocess
import sys

import rules

TOOLCHAIN_MODULES = ["Swift", "_Concurrency", "Synchronization", "FoundationEssentials", "Foundation",
                     "FoundationNetworking", "Dispatch"]


def above_floor(availability):
    """The Apple versions in `availability` that are above the floor, as {platform: major}."""
    found = {}
    for entry in availability or []:
        platform = entry.get("domain")
        if platform not in rules.FLOOR:
            continue
        if entry.get("isUnconditionallyUnavailable"):
            found[platform] = 9999
        elif "introduced" in entry and entry["introduced"]["major"] > rules.FLOOR[platform]:
            found[platform] = entry["introduced"]["major"]
    return found


def symbol_index(cache):
    """USR -> (name, versions above the floor) for the toolchain's modules, cached per compiler."""
    version = subprocess.run(["swiftc", "--version"], capture_output=True, text=True).stdout
    path = os.path.join(cache, "symbols-" + hashlib.sha1(version.encode()).hexdigest()[:12] + ".json")
    if os.path.exists(path):
        return json.load(open(path))
    graphs = os.path.join(cache, "graphs")
    os.makedirs(graphs, exist_ok=True)
    target = re.search(r"Target:\s*(\S+)", version).group(1)
    for module in TOOLCHAIN_MODULES:
        subprocess.run(["swift-symbolgraph-extract", "-module-name", module, "-target", target,
                        "-output-dir", graphs, "-minimum-access-level", "public"], check=True,
                       capture_output=True)
    index, defaults = {}, []
    for graph in glob.glob(os.path.join(graphs, "*.symbols.json")):
        contents = json.load(open(graph))
        for symbol in contents["symbols"]:
            versions = above_floor(symbol.get("availability"))
            # A member copied onto each conforming type ("SYNTHESIZED") takes that type's
            # availability (Int128's, for one), not its own: only the original counts.
            if versions and "::SYNTHESIZED::" not in symbol["identifier"]["precise"]:
                index[symbol["identifier"]["precise"]] = [".".join(symbol["pathComponents"]), versions]
        defaults += [(r["source"].split("::")[0], r["target"]) for r in contents["relationships"]
                     if r["kind"] == "defaultImplementationOf"]
    # A requirement added later with a default implementation at the floor (`FixedWidthInteger.&*`,
    # say): compiling for an older OS, the type checker picks the default, which it may call.
    for implementation, requirement in defaults:
        if implementation not in index:
            index.pop(requirement, None)
    json.dump(index, open(path, "w"))
    return index


def json_documents(text):
    decoder, index = json.JSONDecoder(), 0
    while index < len(text):
        while index < len(text) and text[index].isspace():
            index += 1
        if index < len(text):
            document, index = decoder.raw_decode(text, index)
            yield document


def references(document):
    """(USR, byte offset) for every declaration a file's typed AST refers to."""
    found = []

    def walk(node, offset):
        if isinstance(node, dict):
            if node.get("_kind") == "for_each_stmt":
                # The loop's own `next` call is chosen for the deployment target: `next()` before
                # Swift 6.0 runtimes, `next(isolation:)` from them on (SE-0421).
                node = {key: value for key, value in node.items() if key != "next_call"}
            span = node.get("range")
            if isinstance(span, dict) and "start" in span:
                offset = span["start"]
            # A node the compiler made itself (the `next` call of a `for await` loop, say) is chosen
            # for the deployment target when compiling for Apple platforms: only written code counts.
            for key in ("decl", "decl_usr", "protocol"):
                value = node.get(key)
                if isinstance(value, str) and value.startswith("s:") and not node.get("implicit"):
                    found.append((value, offset))
            for value in node.values():
                walk(value, offset)
        elif isinstance(node, list):
            for value in node:
                walk(value, offset)

    walk(document, 0)
    return found


def package_name(root, bin_path):
    """The `-package-name` SwiftPM compiled with, so `package` declarations resolve: read from the
    build's own command lines, else derived as SwiftPM derives it (the folder's name, lowercased,
    every character that cannot be in an identifier made `_`): `ci-check` is `ci_check`."""
    # `.build/debug.yaml` holds them; the bin path is `.build/debug` or `.build/<triple>/debug`.
    for plan in sorted(glob.glob(os.path.join(os.path.dirname(bin_path), "*.yaml")) +
                       glob.glob(os.path.join(os.path.dirname(os.path.dirname(bin_path)), "*.yaml"))):
        found = re.search(r'"-package-name","([^"]+)"', open(plan).read())
        if found:
            return found.group(1)
    return derived_package_name(os.path.basename(os.path.abspath(root)))


def derived_package_name(folder):
    """SwiftPM's `-package-name` for a root package in `folder`."""
    name = re.sub(r"[^A-Za-z0-9_]", "_", folder.lower())
    return "_" + name if name[:1].isdigit() else name


def dump_ast(root, bin_path, target, module):
    """The typed AST of `target`, from the sources list and modules of the last `swift build`."""
    sources = open(os.path.join(bin_path, module + ".build", "sources")).read().split()
    # The driver runs one frontend at a time unless told: `-j` with every core halves the survey.
    command = ["swiftc", "-j", str(os.cpu_count() or 1), "-module-name", module, "-dump-ast", "-dump-ast-format",
               "json", "-swift-version", "6",
               "-I", os.path.join(bin_path, "Modules"), "-package-name", package_name(root, bin_path),
               "-module-cache-path", os.path.join(bin_path, "ModuleCache"), "-DSWIFT_PACKAGE"]
    # Only a `main.swift` holds top-level code; an executable with an `@main` type is a library to swiftc.
    if not any(os.path.basename(source) == "main.swift" for source in sources):
        command.append("-parse-as-library")
    # The package's C targets (CCourierCurl): Swift code that imports them needs their module maps.
    for entry in sorted(os.listdir(bin_path)):
        module_map = os.path.join(bin_path, entry, "module.modulemap")
        if entry.endswith(".build") and os.path.isfile(module_map):
            command += ["-Xcc", "-fmodule-map-file=" + module_map]
    result = subprocess.run(command + sources, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"swiftc -dump-ast failed for {target}:\n{result.stderr[-2000:]}")
    return dump_text(result)


def dump_text(result):
    """The dump: on standard output for one file, on standard error when the driver batches files."""
    return result.stdout if result.stdout.strip() else result.stderr


def unguarded(root, document, index, check_file_contexts):
    """(path, line, message) for each reference in one file's AST above the floor without a guard,
    and how many references above the floor the file makes."""
    path = document["filename"]
    raw = open(path, "rb").read()
    line_starts = [0] + [match.end() for match in re.finditer(rb"\n", raw)]
    contexts, _ = check_file_contexts(raw.decode("utf-8"))
    found, counted = [], 0
    for usr, offset in sorted(set(references(document)), key=lambda r: r[1]):
        if usr not in index:
            continue
        counted += 1
        name, versions = index[usr]
        line = bisect.bisect_right(line_starts, offset)
        if not contexts[line - 1].available_from(versions):
            shown = ", ".join(f"{p} {v}" for p, v in sorted(versions.items()))
            found.append((os.path.relpath(path, root), line, f"{name} needs {shown}, and no guard promises it"))
    return found, counted


def prepare(root):
    """The build folder and the symbol index, or None when this compiler cannot dump JSON ASTs."""
    help_text = subprocess.run(["swiftc", "-frontend", "-help"], capture_output=True, text=True).stdout
    if "-dump-ast-format" not in help_text:
        return None
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=root, check=True, capture_output=True,
                              text=True).stdout.strip()
    return bin_path, symbol_index(os.path.join(root, ".build", "platform-audit"))


def run(root, targets, check_file_contexts):
    prepared = prepare(root)
    if prepared is None:
        print("survey: this compiler has no `-dump-ast-format json` (Swift 6.2 and later have it); skipped")
        return os.environ.get("CI") == "true"
    bin_path, index = prepared
    findings, counted = [], 0
    # Two compilers at a time keep every core busy through the small modules' start-up; the dumps
    # are read in the targets' order, so the findings print the same from run to run.
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        dumps = [pool.submit(dump_ast, root, bin_path, target, target.replace("-", "_")) for target in targets]
    for dump in dumps:
        for document in json_documents(dump.result()):
            found, count = unguarded(root, document, index, check_file_contexts)
            findings += found
            counted += count
    for path, line, message in findings:
        print(f"{path}:{line}: [survey] {message}")
    print(f"survey: {len(targets)} modules, {counted} references above the floor, "
          + ("some unguarded (above)" if findings else "every one guarded"))
    return bool(findings)


def self_test(root, fixture, check_file_contexts):
    """The survey must flag exactly the lines of `fixture` marked `// survey: flagged`, and name the
    package as SwiftPM does whatever the folder is called."""
    for folder, expected in (("Courier", "courier"), ("ci-check", "ci_check"), ("2nd.copy", "_2nd_copy")):
        if derived_package_name(folder) != expected:
            print(f"survey self-test: package name of {folder!r} is {derived_package_name(folder)!r}, not {expected!r}")
            return True
    prepared = prepare(root)
    if prepared is None:
        print("survey self-test: skipped, as the survey")
        return os.environ.get("CI") == "true"
    bin_path, index = prepared
    command = ["swiftc", "-module-name", "SurveyFixture", "-parse-as-library", "-dump-ast", "-dump-ast-format",
               "json", "-swift-version", "6", "-module-cache-path", os.path.join(bin_path, "ModuleCache"), fixture]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        print(f"survey self-test: the fixture does not compile:\n{result.stderr[-2000:]}")
        return True
    flagged = set()
    for document in json_documents(dump_text(result)):
        flagged |= {line for _, line, _ in unguarded(root, document, index, check_file_contexts)[0]}
    marked = {number for number, text in enumerate(open(fixture).read().split("\n"), 1)
              if "// survey: flagged" in text}
    if flagged != marked:
        print(f"survey self-test: flagged lines {sorted(flagged)}, the fixture marks {sorted(marked)}")
        return True
    print(f"survey self-test: {os.path.basename(fixture)} flagged exactly its {len(marked)} marked lines")
    return False


if __name__ == "__main__":
    sys.exit(1)
