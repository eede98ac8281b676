#!/usr/bin/env python3
"""Seeds and a libFuzzer dictionary for one fuzz target, taken from the shipped corpus (used by scripts/fuzz).

    fuzz-seeds.py TARGET SEED_DIR DICT_FILE [--limit N]

Each target gets inputs in the shape its entry point reads:
  vast         VAST and VMAP documents (Corpus/vast, Corpus/vmap, Corpus/hostile, Corpus/malformed);
  chain        a wrapper chain as one input: the documents of a Corpus/chains case joined with the target's
               separator, each mapped URI rewritten to the in-memory address of its document, so that
               mutations start from chains that resolve, loop and break, not from single documents;
  params       one parameter string per case of the Corpus/params tables;
  expectation  expectation files (`*.expect.json`) and whole parameter tables;
  profiles     VAST and VMAP documents (Corpus/profiles, Corpus/vmap, Corpus/vast), each headed by the
               profile options its expectation gives (`#options key=value;...`), some also by a pause
               timeline (`#timeline event@time,...`), as Sources/FuzzProfiles reads them;
  results      saved results files: the reports' golden one, and, when a corpus run has left Reports/results.json,
               small files of a few of its cases each, spread over the run.
The dictionary holds the tokens mutations should be able to insert whole: element and attribute names, macro
tokens and short attribute values for XML; keys and values for parameter strings; member names for JSON.
"""
import argparse
import collections
import json
import os
import re
import sys

HOP_SEPARATOR = "\n--hop--\n"   # as Sources/FuzzChain splits its input
HOP_LIMIT = 16                  # the documents FuzzChain reads at most
FUZZ_ADDRESS = "https://fuzz.test/{}"
DICTIONARY_LIMIT = 1500
# The profile option keys and pause timeline events (Sources/Profiles: ProfileOptions.keys, PauseTimelineEvent.Kind).
PROFILE_OPTION_KEYS = ["formats", "slot", "orientation", "mode", "platform", "persist-carousel", "failed-images",
                       "boundaries", "lead-time-ms", "duration", "cue-points", "break-offset"]
TIMELINE_EVENTS = ["play", "pause", "resume", "seek", "timeshift", "close", "container-hidden", "container-shown",
                   "container-missing", "container-registered", "source-change"]
TIMELINE_SEED = "play@0,pause@12,resume@15,pause@20,close@22,seek@30,pause@31"


def spread(paths, limit):
    """At most `limit` of the sorted `paths`, taken evenly across the list (every folder, not the first few)."""
    paths = sorted(paths)
    if len(paths) <= limit:
        return paths
    step = len(paths) / limit
    return [paths[int(i * step)] for i in range(limit)]


def files_under(root, folder, suffix):
    """The files below `root/folder` whose names end in `suffix`."""
    return [os.path.join(directory, n) for directory, _, names in os.walk(os.path.join(root, folder))
            for n in names if n.endswith(suffix)]


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def table_cases(path):
    """The parameter strings of a Corpus/params table: the fifth column of each case line."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            columns = line.split("\t")
            if len(columns) >= 5:
                yield columns[4]


def chain_input(case_dir):
    """One FuzzChain input for a chain case: its root first, then every mapped document, URIs rewritten."""
    with open(os.path.join(case_dir, "chain.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    root = manifest.get("root")
    if not isinstance(root, str):
        return None
    files = [root]
    addresses = {}
    for uri, name in sorted((manifest.get("map") or {}).items()):
        if not isinstance(name, str):
            continue  # a mapped failure (no document): the address stays unanswered
        if name not in files:
            files.append(name)
        addresses[uri] = FUZZ_ADDRESS.format(files.index(name))
    files = files[:HOP_LIMIT]
    documents = []
    for name in files:
        path = os.path.join(case_dir, name)
        if not os.path.isfile(path):
            return None
        # As bytes: some hops are deliberately not UTF-8. Longest first, so that no address is rewritten
        # inside a longer one.
        data = read_bytes(path)
        for uri in sorted(addresses, key=len, reverse=True):
            data = data.replace(uri.encode(), addresses[uri].encode())
        documents.append(data)
    return HOP_SEPARATOR.encode().join(documents)


XML_ELEMENT = re.compile(rb"<([A-Za-z_][\w.:-]{0,40})")
XML_ATTRIBUTE = re.compile(rb"\s([A-Za-z_][\w.:-]{0,40})=\"([^\"<&]{0,24})\"")
MACRO = re.compile(rb"\[[A-Z][A-Z0-9_]{1,40}\]")
JSON_MEMBER = re.compile(rb"\"([A-Za-z_][\w.-]{0,40})\"\s*:")


def profile_options(document_path):
    """The profile options the expectation next to `document_path` gives, every profile's, in order."""
    expectation = document_path[:-len(".xml")] + ".expect.json"
    if not os.path.isfile(expectation):
        return []
    with open(expectation, encoding="utf-8") as f:
        try:
            profiles = json.load(f).get("profiles") or {}
        except (ValueError, AttributeError):
            return []
    options = []
    for value in profiles.values():
        if isinstance(value, dict):
            options += [o for o in value.get("options") or [] if isinstance(o, str) and o not in options]
    return options


def xml_tokens(data, counts):
    for name in XML_ELEMENT.findall(data):
        counts[b"<" + name] += 1
        counts[b"</" + name + b">"] += 1
    for name, value in XML_ATTRIBUTE.findall(data):
        counts[b" " + name + b"=\""] += 1
        if value:
            counts[b"\"" + value + b"\""] += 1
    for macro in MACRO.findall(data):
        counts[macro] += 1
    for token in (b"<![CDATA[", b"]]>", b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>", b"&amp;", b"<!--", b"-->"):
        counts[token] += 1


def parameter_tokens(text, counts):
    for segment in re.split(r"[,;|\n]", text):
        key, equals, value = segment.partition("=")
        key = key.strip()
        if key and len(key) <= 40:
            counts[(key + "=").encode()] += 1
        if equals and 0 < len(value) <= 24:
            counts[value.encode()] += 1
    for separator in (",", "=", ";", "|", "%20", "%2C"):
        counts[separator.encode()] += 1


def dictionary_line(token):
    escaped = "".join(
        "\\\\" if b == 0x5C else "\\\"" if b == 0x22 else chr(b) if 0x20 <= b < 0x7F else f"\\x{b:02X}"
        for b in token)
    return f"\"{escaped}\""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", choices=["vast", "chain", "params", "expectation", "profiles", "results"])
    parser.add_argument("seed_dir")
    parser.add_argument("dict_file")
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("--limit", type=int, default=400, help="seeds per source folder (default 400)")
    args = parser.parse_args()
    root = os.path.join(args.root, "Corpus")
    os.makedirs(args.seed_dir, exist_ok=True)

    seeds = []  # (name, bytes)
    counts = collections.Counter()
    if args.target == "vast":
        for folder in ("vast", "vmap", "hostile", "malformed"):
            for path in spread(files_under(root, folder, ".xml"), args.limit):
                seeds.append((os.path.relpath(path, root), read_bytes(path)))
    elif args.target == "chain":
        cases = sorted({os.path.dirname(p) for p in files_under(root, "chains", "chain.json")})
        for case in spread(cases, args.limit):
            data = chain_input(case)
            if data is not None:
                seeds.append((os.path.relpath(case, root) + ".chain", data))
    elif args.target == "params":
        for path in sorted(files_under(root, "params", ".tsv")):
            for i, text in enumerate(spread(list(table_cases(path)), args.limit)):
                seeds.append((f"{os.path.relpath(path, root)}-{i}", text.encode("utf-8")))
                parameter_tokens(text, counts)
    elif args.target == "profiles":
        paths = files_under(root, "profiles", ".xml") + spread(files_under(root, "vmap", ".xml"), args.limit) \
            + spread(files_under(root, "vast", ".xml"), args.limit // 2)
        for i, path in enumerate(sorted(set(paths))):
            header = ""
            options = profile_options(path)
            if options:
                header += "#options " + ";".join(options) + "\n"
            if i % 5 == 0:
                header += "#timeline " + TIMELINE_SEED + "\n"
            seeds.append((os.path.relpath(path, root), header.encode("utf-8") + read_bytes(path)))
        for key in PROFILE_OPTION_KEYS:
            counts[(key + "=").encode()] += 1
        for event in TIMELINE_EVENTS:
            counts[(event + "@").encode()] += 1
        for token in ("#options ", "#timeline ", ";", ",", "%", "#1", "00:00:00.001", "99999999999999"):
            counts[token.encode()] += 1
    elif args.target == "results":
        repository = os.path.dirname(root)
        golden = os.path.join(repository, "Tests", "ReportsTests", "Golden", "results.json")
        if os.path.isfile(golden):
            seeds.append(("golden-results.json", read_bytes(golden)))
        run = os.path.join(repository, "Reports", "results.json")
        if os.path.isfile(run):
            with open(run, encoding="utf-8") as f:
                saved = json.load(f)
            cases = saved.get("cases") or []
            # An eighth of the usual number: every seed renders every report format, about 0.1 s apiece under
            # the sanitizer, and libFuzzer runs all seeds before it mutates any.
            step = max(1, (len(cases) // 3) // max(1, args.limit // 8))
            for kept, start in enumerate(range(0, len(cases), 3 * step)):
                part = dict(saved, cases=cases[start:start + 3])
                seeds.append((f"run-{start}.json", json.dumps(part, sort_keys=True).encode("utf-8")))
                if kept % 5 == 0:
                    # The streamed form too: one case per line, then the run's info line.
                    lines = [json.dumps(c, sort_keys=True) for c in part["cases"]] + [json.dumps(saved.get("info"), sort_keys=True)]
                    seeds.append((f"run-{start}.jsonl", ("\n".join(lines) + "\n").encode("utf-8")))
    else:
        for folder in ("vast", "vmap", "hostile", "malformed", "rules", "profiles"):
            for path in spread(files_under(root, folder, ".expect.json"), args.limit):
                seeds.append((os.path.relpath(path, root), read_bytes(path)))
        for path in sorted(files_under(root, "params", ".tsv")):
            seeds.append((os.path.relpath(path, root), read_bytes(path)))

    for name, data in seeds:
        with open(os.path.join(args.seed_dir, name.replace(os.sep, "_")), "wb") as f:
            f.write(data)
        if args.target in ("vast", "chain", "profiles"):
            xml_tokens(data, counts)
        elif args.target in ("expectation", "results"):
            counts.update(b"\"" + m + b"\":" for m in JSON_MEMBER.findall(data))
    if args.target == "chain":
        counts[HOP_SEPARATOR.encode()] += 1
        for k in range(4):
            counts[FUZZ_ADDRESS.format(k).encode()] += 1

    # The most frequent tokens first; libFuzzer reads at most a few thousand entries usefully.
    tokens = [t for t, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])) if 0 < len(t) <= 64]
    with open(args.dict_file, "w", encoding="ascii") as f:
        for token in tokens[:DICTIONARY_LIMIT]:
            f.write(dictionary_line(token) + "\n")
    print(f"fuzz-seeds: {len(seeds)} seeds, {min(len(tokens), DICTIONARY_LIMIT)} dictionary entries for {args.target}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
