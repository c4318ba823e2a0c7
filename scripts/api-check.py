#!/usr/bin/env python3
"""Keeps the public API from changing by accident.

    scripts/api-check.py              check both: the listing is current, and every break since the
                                      last release is in CHANGELOG.md under a newer version
    scripts/api-check.py --update     rewrite the listing (Tests/API/public-api.txt); review its diff
    scripts/api-check.py --self-test  plant a break in a scratch package and require the check to
                                      fail on it, then pass once the changelog lists it

1. The listing. `swift package dump-symbol-graph` gives every public declaration of the library
   products' modules; scripts/api_listing.py writes them one a line, grouped by module and capability,
   into Tests/API/public-api.txt, which is committed: a review sees the surface change in the diff,
   and this check fails when the file is not what the code declares.
2. The breaks. Tests/API/baseline.txt records the last release (its version and commit; CI clones the
   whole history, so no tag is needed). `swift package diagnose-api-breaking-changes <commit>` lists
   what breaks since then; each break must be named in CHANGELOG.md, in a section above the
   baseline's version heading (`## [Unreleased]` or the next version), by the declaration's name as
   the tool prints it (`CourierVersion.current`, `Response.init(statusCode:data:request:response:)`),
   usually in backticks with its one-line migration. An unlisted break fails the check.

Run from the package's root (or pass --package DIR). Needs python3 and the Swift toolchain.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import api_listing  # noqa: E402

LISTING = "Tests/API/public-api.txt"
BASELINE = "Tests/API/baseline.txt"
CHANGELOG = "CHANGELOG.md"


def run(command, cwd, check=True):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if check and result.returncode != 0:
        sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
        raise SystemExit(f"api-check: `{' '.join(command)}` failed ({result.returncode})")
    return result


def library_modules(package):
    """The targets of the package's library products, in product order."""
    manifest = json.loads(run(["swift", "package", "dump-package"], package).stdout)
    modules = []
    for product in manifest["products"]:
        if "library" in product["type"]:
            modules += [target for target in product["targets"] if target not in modules]
    return modules


def current_listing(package):
    run(["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public"], package)
    bin_path = run(["swift", "build", "--show-bin-path"], package).stdout.strip()
    directory = os.path.join(os.path.dirname(bin_path), "symbolgraph")
    return api_listing.listing(directory, library_modules(package))


def read_baseline(package):
    fields = {}
    for line in open(os.path.join(package, BASELINE)):
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition(" ")
            fields[key] = value.strip()
    return fields["version"], fields["commit"]


def newer_sections(changelog, baseline_version):
    """The changelog's text above the baseline version's heading (the versions after it)."""
    heading = re.compile(r"^## \[([^\]]+)\]", re.MULTILINE)
    for match in heading.finditer(changelog):
        if match.group(1) == baseline_version:
            return changelog[:match.start()]
    raise SystemExit(f"api-check: {CHANGELOG} has no `## [{baseline_version}]` heading for the baseline")


def breaking_changes(package, commit, baseline_dir):
    """The tool's `API breakage: …` messages, without the emoji."""
    products = [p for p in library_modules(package)]
    command = ["swift", "package", "diagnose-api-breaking-changes", commit,
               "--baseline-dir", baseline_dir, "--products"] + products
    result = run(command, package, check=False)
    output = result.stdout + result.stderr
    breaks = [line.split("API breakage:", 1)[1].strip() for line in output.splitlines() if "API breakage:" in line]
    if result.returncode != 0 and not breaks:
        sys.stderr.write(output[-6000:])
        raise SystemExit("api-check: diagnose-api-breaking-changes failed before comparing (above)")
    return breaks


def package_declarations(baseline_dir, commit):
    """Qualified names of the baseline's `package` declarations: the digester compares them too (its
    dump marks them `isInternal`), but no user of the package can name them, so their changes break
    nobody."""
    names = set()

    def walk(node, path):
        kind = node.get("kind")
        qualified = path if kind == "Root" else path + [node.get("printedName") or node.get("name") or ""]
        if kind not in ("Root", "Import") and node.get("isInternal"):
            names.add(".".join(qualified))
        if kind in ("Root", "TypeDecl"):
            for child in node.get("children", []):
                walk(child, qualified)

    folder = os.path.join(baseline_dir, commit)
    for file in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if file.endswith(".json"):
            walk(json.load(open(os.path.join(folder, file)))["ABIRoot"], [])
    return names


def declaration_name(message):
    """`var CourierVersion.current has been removed` → `CourierVersion.current`."""
    words = message.split()
    return words[1] if len(words) > 1 else message


def check(package, update):
    status = 0
    listing = current_listing(package)
    path = os.path.join(package, LISTING)
    if update:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, "w").write(listing)
        print(f"api-check: wrote {LISTING} ({listing.strip().splitlines()[-1].lstrip('# ')})")
    elif not os.path.exists(path) or open(path).read() != listing:
        old = open(path).read().splitlines() if os.path.exists(path) else []
        new = listing.splitlines()
        import difflib
        sys.stdout.writelines(line + "\n" for line in list(difflib.unified_diff(old, new, LISTING, "now", n=0, lineterm=""))[:80])
        print(f"api-check: {LISTING} is not the public API the code declares (diff above); "
              "run scripts/api-check.py --update, review the diff, and list any break in CHANGELOG.md.")
        status = 1
    else:
        print(f"api-check: {LISTING} is current ({listing.strip().splitlines()[-1].lstrip('# ')})")

    version, commit = read_baseline(package)
    changelog = newer_sections(open(os.path.join(package, CHANGELOG)).read(), version)
    baseline_dir = os.path.join(package, ".build", "api-baseline")
    reported = breaking_changes(package, commit, baseline_dir)
    # After the digester ran: on a clean clone, its run is what writes the baseline's dump.
    hidden = package_declarations(baseline_dir, run(["git", "rev-parse", commit], package).stdout.strip())
    breaks = [b for b in reported if declaration_name(b) not in hidden]
    unlisted = [b for b in breaks if declaration_name(b) not in changelog]
    print(f"api-check: {len(breaks)} breaking change(s) since {version} ({commit[:10]}), "
          f"{len(breaks) - len(unlisted)} listed in {CHANGELOG}")
    for message in unlisted:
        print(f"  not in {CHANGELOG}: {message}")
    if unlisted:
        print(f"api-check: name each break above in {CHANGELOG} under the next version, with its migration "
              f"(`{declaration_name(unlisted[0])}` …), or undo it.")
        status = 1
    return status


SCRATCH_MANIFEST = """// swift-tools-version: 6.0
import PackageDescription
let package = Package(name: "Scratch", products: [.library(name: "Scratch", targets: ["Scratch"])],
                      targets: [.target(name: "Scratch")])
"""


def self_test():
    """A scratch package whose second commit removes a public function: the check must fail naming it,
    and pass once the changelog lists it."""
    scratch = tempfile.mkdtemp(prefix="api-check-self-test-")
    try:
        def write(path, text):
            full = os.path.join(scratch, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            open(full, "w").write(text)

        def git(*args):
            return run(["git", "-c", "user.name=api-check", "-c", "user.email=api-check@localhost", *args], scratch)

        write("Package.swift", SCRATCH_MANIFEST)
        write("Sources/Scratch/Scratch.swift", "/// Kept.\npublic func kept() {}\n/// Removed later.\npublic func planted() {}\n")
        write(CHANGELOG, "# Changelog\n\n## [0.1.0] - 2026-01-01\n\n### Added\n- `kept()` and `planted()`.\n")
        git("init", "-q")
        git("add", "-A")
        git("commit", "-qm", "0.1.0")
        baseline = git("rev-parse", "HEAD").stdout.strip()
        write(BASELINE, f"version 0.1.0\ncommit {baseline}\n")
        write("Sources/Scratch/Scratch.swift", "/// Kept.\npublic func kept() {}\n")
        write(CHANGELOG, "# Changelog\n\n## [0.2.0] - 2026-02-01\n\n### Added\n- Nothing.\n\n"
              "## [0.1.0] - 2026-01-01\n\n### Added\n- `kept()` and `planted()`.\n")
        check(scratch, update=True)
        git("add", "-A")
        git("commit", "-qm", "a planted break")
        failed = check(scratch, update=False)
        if failed != 1:
            raise SystemExit("api-check self-test: a removed public function was not reported as a break")
        write(CHANGELOG, "# Changelog\n\n## [0.2.0] - 2026-02-01\n\n### Removed\n- `planted()`: call `kept()`.\n\n"
              "## [0.1.0] - 2026-01-01\n\n### Added\n- `kept()` and `planted()`.\n")
        if check(scratch, update=False) != 0:
            raise SystemExit("api-check self-test: a break the changelog lists still failed the check")
        write("Sources/Scratch/Scratch.swift", "/// Kept.\npublic func kept() {}\n/// New.\npublic func added() {}\n")
        if check(scratch, update=False) != 1:
            raise SystemExit("api-check self-test: a stale listing (a new public function) passed the check")
        print("api-check self-test: a planted break and a stale listing fail the check; a listed break passes.")
        return 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package", default=os.getcwd())
    parser.add_argument("--update", action="store_true")
    parser.add_argument("--self-test", action="store_true")
    arguments = parser.parse_args()
    if arguments.self_test:
        return self_test()
    return check(os.path.abspath(arguments.package), arguments.update)


if __name__ == "__main__":
    sys.exit(main())
