#!/usr/bin/env python3
"""Compares Courier's YAML reader with PyYAML on YAML files: the same JSON, and the time each takes.

    swift build -c release --product courier-yaml-json
    scripts/yaml-compare.py [--repeat N] FILE.yaml ...

For each file it prints the size, Courier's read time (release build, the fastest of N reads), PyYAML's
(CSafeLoader, libyaml's C parser, the fastest of N) and whether both give the same JSON: object members
compared in order, numbers as numbers; else the first differences, by JSON pointer.

PyYAML reads YAML 1.1. It is made to resolve plain scalars as YAML 1.2's core schema does, which is what
Courier's reader does, so that only real differences show:
  - booleans are true/false in three casings only (1.1 also takes yes/no/on/off/y/n);
  - integers are decimal, 0o octal or 0x hexadecimal (1.1 also takes 0b binary, 1_000, 1:30 sexagesimal,
    and reads 017 as octal, where 1.2 reads 17);
  - floats are the core pattern, 1e5 included (1.1 wants a dot, takes 1_0.5 and 1:30.5);
  - timestamps stay strings (1.1 makes dates of 2001-12-14);
  - merge keys (<<) stay on, as Courier's reader applies them too;
  - a node with a tag neither knows (`!Ref`, `!custom`) keeps its value as its kind of node reads it,
    as Courier's reader does (PyYAML's safe loader refuses such tags).
Two differences are left as they are. An anchor name may hold ':' in YAML 1.2 (`- &id:` names the
anchor "id:"), where PyYAML ends the name at the colon. And YAML 1.2 reads a scalar with the
non-specific tag `!` as a string (`! "false"` is "false"), where PyYAML resolves it as if it were plain
(false); PyYAML's own emitter writes such nodes when asked for quoted or block styles throughout.
A non-string key is compared as the text Courier's reader makes of it (200 -> "200", true -> "true",
null -> "null"), and infinity and NaN as the strings ".inf", "-.inf", ".nan" Courier's reader writes.
"""
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.environ.get("COURIER_YAML_JSON", os.path.join(ROOT, ".build", "release", "courier-yaml-json"))


class Core12Loader(yaml.CSafeLoader):
    """PyYAML's C loader with YAML 1.2 core-schema resolution."""


Core12Loader.yaml_implicit_resolvers = {}
_RESOLVERS = [
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    (
        "tag:yaml.org,2002:float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        "-+0123456789.",
    ),
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:merge", r"^(?:<<)$", "<"),
]
for _tag, _pattern, _first in _RESOLVERS:
    Core12Loader.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))


def _construct_int(loader, node):
    text = loader.construct_scalar(node)
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)


def _construct_float(loader, node):
    text = loader.construct_scalar(node)
    lowered = text.lower()
    if lowered.endswith(".inf"):
        return -math.inf if text.startswith("-") else math.inf
    if lowered == ".nan":
        return math.nan
    return float(text)


def _construct_by_kind(loader, suffix, node):
    if isinstance(node, yaml.MappingNode):
        return loader.construct_mapping(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node)
    return loader.construct_scalar(node)


Core12Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
Core12Loader.add_constructor("tag:yaml.org,2002:float", _construct_float)
Core12Loader.add_multi_constructor("!", _construct_by_kind)
Core12Loader.add_multi_constructor("tag:", _construct_by_kind)


def _key_text(key):
    if isinstance(key, bool):
        return "true" if key else "false"
    if key is None:
        return "null"
    if isinstance(key, float):
        return _special(key) or repr(key)
    return str(key)


def _special(number):
    if math.isnan(number):
        return ".nan"
    if math.isinf(number):
        return ".inf" if number > 0 else "-.inf"
    return None


def normalise(value):
    """PyYAML's value as Courier writes it: keys as text, infinity and NaN as strings."""
    if isinstance(value, dict):
        return [(_key_text(k), normalise(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [normalise(v) for v in value]
    if isinstance(value, float) and _special(value):
        return _special(value)
    if isinstance(value, (bytes, bytearray)):
        return value.decode("latin-1")
    return value


def normalise_json(value):
    if isinstance(value, dict):
        return [(k, normalise_json(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [normalise_json(v) for v in value]
    return value


def differences(ours, theirs, pointer="", found=None, limit=5):
    found = [] if found is None else found
    if len(found) >= limit:
        return found
    is_object = lambda v: isinstance(v, list) and all(isinstance(p, tuple) for p in v) and v != []
    if is_object(ours) and is_object(theirs):
        our_keys, their_keys = [k for k, _ in ours], [k for k, _ in theirs]
        if our_keys != their_keys:
            found.append(f"{pointer or '/'}: keys differ: {our_keys[:8]} vs {their_keys[:8]}")
            return found
        for (key, a), (_, b) in zip(ours, theirs):
            differences(a, b, f"{pointer}/{key}", found, limit)
    elif isinstance(ours, list) and isinstance(theirs, list):
        if len(ours) != len(theirs):
            found.append(f"{pointer or '/'}: {len(ours)} items vs {len(theirs)}")
            return found
        for index, (a, b) in enumerate(zip(ours, theirs)):
            differences(a, b, f"{pointer}/{index}", found, limit)
    elif ours != theirs or isinstance(ours, bool) != isinstance(theirs, bool):
        found.append(f"{pointer or '/'}: {ours!r} vs {theirs!r}")
    return found


def pyyaml_read(text, repeats):
    fastest, value = math.inf, None
    for _ in range(repeats):
        start = time.perf_counter()
        value = yaml.load(text, Loader=Core12Loader)
        fastest = min(fastest, time.perf_counter() - start)
    return value, fastest * 1000


def main(arguments):
    repeats = 1
    if arguments[:1] == ["--repeat"]:
        repeats, arguments = int(arguments[1]), arguments[2:]
    if not arguments:
        print(__doc__)
        return 2
    if not os.path.exists(TOOL):
        print(f"{TOOL} is missing: swift build -c release --product courier-yaml-json", file=sys.stderr)
        return 2
    print("| Document | Size | Courier (ms) | PyYAML CSafeLoader (ms) | Same JSON |")
    print("| --- | ---: | ---: | ---: | --- |")
    status = 0
    with tempfile.TemporaryDirectory() as scratch:
        for path in arguments:
            out = os.path.join(scratch, "out.json")
            run = subprocess.run([TOOL, "--repeat", str(repeats), path, out], capture_output=True, text=True)
            fields = run.stdout.strip().split("\t")
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            try:
                theirs, their_ms = pyyaml_read(text, repeats)
                theirs, their_time = normalise(theirs), f"{their_ms:.1f}"
            except yaml.YAMLError as error:
                theirs, their_time = None, f"error: {str(error).splitlines()[0]}"
            name, size = os.path.basename(path), f"{os.path.getsize(path):,} B"
            if run.returncode != 0 or len(fields) != 3:
                print(f"| {name} | {size} | {' '.join(fields[1:]) or run.stderr.strip()} | {their_time} | no |")
                status = 1
                continue
            with open(out, encoding="utf-8") as handle:
                ours = normalise_json(json.load(handle))
            found = differences(ours, theirs) if theirs is not None else ["PyYAML refused it"]
            verdict = "identical" if not found else "; ".join(found)
            status |= bool(found)
            print(f"| {name} | {size} | {fields[2]} | {their_time} | {verdict} |")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
