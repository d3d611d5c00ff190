#!/usr/bin/env python3
"""Fails when the package uses a toolchain declaration that Apple ships later than the package's
declared macOS minimum.

Linux never checks Apple availability, so a use of `String(validating:as:)` (macOS 15) in a package
declaring macOS 13 builds here and breaks every Mac. The facts are on this machine all the same:
the toolchain's modules record `@available(macOS …)` for every platform, and
`swift-symbolgraph-extract` writes them out per declaration, keyed by USR. The compiler's JSON AST
dump (`-dump-ast -dump-ast-format json`) names the USR of every declaration a source file refers
to, with its byte offset. Joining the two by USR is exact: `count` on `EnumeratedSequence`
(macOS 26) and `count` on `Array` are different USRs, where a text search could not tell them apart.

What it cannot see: code in `#if` branches that are inactive on Linux (`canImport(Darwin)`,
`os(macOS)`; listed, for review by hand), declarations whose module records no availability
(swift-corelibs-foundation's classes; listed with `--unannotated`), and C declarations.
See docs/macos.md.
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

# The toolchain modules a package can import that carry Apple availability. Those missing from a
# toolchain are skipped.
TOOLCHAIN_MODULES = [
    "Swift", "_Concurrency", "_StringProcessing", "Synchronization", "RegexBuilder", "Observation",
    "Distributed", "Dispatch", "Foundation", "FoundationEssentials", "FoundationInternationalization",
    "FoundationNetworking", "FoundationXML", "Testing", "XCTest",
]

# The modules that record no Apple availability on Linux (swift-corelibs-foundation and -libdispatch):
# what the package uses of them is listed with --unannotated, to be read against Apple's documentation.
UNANNOTATED_MODULES = {"Foundation", "FoundationXML", "FoundationNetworking", "Dispatch"}

# Flags of SwiftPM's compile command that produce outputs; the type-check that dumps the AST
# writes none.
DROPPED_FLAGS = {"-emit-dependencies", "-emit-module", "-incremental", "-c", "-enable-batch-mode",
                 "-serialize-diagnostics", "-parseable-output", "-emit-objc-header",
                 "-whole-module-optimization", "-wmo"}
DROPPED_FLAGS_WITH_VALUE = {"-emit-module-path", "-output-file-map", "-index-store-path",
                            "-emit-objc-header-path", "-emit-module-interface-path",
                            "-emit-private-module-interface-path", "-emit-package-module-interface-path"}


class Version(tuple):
    @staticmethod
    def of(introduced):
        return Version((introduced.get("major", 0), introduced.get("minor", 0), introduced.get("patch", 0)))

    def __str__(self):
        major, minor, patch = self
        return f"{major}.{minor}" + (f".{patch}" if patch else "")


def fail(message, code=2):
    print(f"check-availability: {message}", file=sys.stderr)
    sys.exit(code)


def declared_minimum(package_swift):
    text = open(package_swift, encoding="utf-8").read()
    match = re.search(r"\.macOS\(\s*\.v(\d+)(?:_(\d+))?\s*\)", text) or \
        re.search(r"\.macOS\(\s*\"(\d+)(?:\.(\d+))?(?:\.\d+)?\"\s*\)", text)
    if not match:
        fail(f"{package_swift}: no `.macOS(...)` in `platforms`; declare the minimum first")
    return Version((int(match.group(1)), int(match.group(2) or 0), 0))


def toolchain_info():
    info = json.loads(subprocess.run(["swiftc", "-print-target-info"], check=True,
                                     capture_output=True, text=True).stdout)
    version = subprocess.run(["swiftc", "--version"], check=True, capture_output=True, text=True).stdout
    return info["target"]["triple"], info["paths"]["runtimeLibraryImportPaths"], version


def extract_symbol_graphs(triple, import_paths, version, cache):
    """One symbol graph per toolchain module, cached by compiler version."""
    key = hashlib.sha256(version.encode()).hexdigest()[:16]
    folder = os.path.join(cache, key)
    done = os.path.join(folder, ".complete")
    if not os.path.exists(done):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        for module in TOOLCHAIN_MODULES:
            if not any(os.path.exists(os.path.join(p, module + ".swiftmodule")) for p in import_paths):
                continue
            result = subprocess.run(["swift-symbolgraph-extract", "-module-name", module, "-target", triple,
                                     "-output-dir", folder, "-minimum-access-level", "public"],
                                    capture_output=True, text=True)
            if result.returncode != 0:
                fail(f"swift-symbolgraph-extract could not read module {module}:\n{result.stderr[-2000:]}")
        open(done, "w").close()
    return folder


class Symbol:
    __slots__ = ("title", "introduced", "unavailable", "module", "kind")

    def __init__(self, title, introduced, unavailable, module, kind):
        self.title, self.introduced, self.unavailable = title, introduced, unavailable
        self.module, self.kind = module, kind


def load_symbols(folder):
    """USR -> Symbol, with macOS availability inherited from the enclosing type where a member
    declares none of its own; and requirement USR -> the USRs of its default implementations."""
    symbols, parents, defaults = {}, {}, {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".symbols.json"):
            continue
        graph = json.load(open(os.path.join(folder, name), encoding="utf-8"))
        module = graph["module"]["name"]
        for entry in graph["symbols"]:
            usr = entry["identifier"]["precise"]
            introduced, unavailable = None, False
            for item in entry.get("availability", []):
                if item.get("domain") != "macOS":
                    continue
                unavailable = unavailable or bool(item.get("isUnconditionallyUnavailable"))
                if "introduced" in item:
                    introduced = Version.of(item["introduced"])
            title = ".".join(entry.get("pathComponents") or [entry["names"]["title"]])
            previous = symbols.get(usr)
            if previous is None or (introduced and not previous.introduced):
                symbols[usr] = Symbol(title, introduced, unavailable, module, entry["kind"]["identifier"])
        for relation in graph.get("relationships", []):
            if relation["kind"] in ("memberOf", "optionalRequirementOf", "requirementOf"):
                parents.setdefault(relation["source"], relation["target"])
            elif relation["kind"] == "defaultImplementationOf":
                defaults.setdefault(relation["target"], set()).add(relation["source"])
    for usr, symbol in symbols.items():
        seen, parent = set(), parents.get(usr)
        while symbol.introduced is None and parent and parent not in seen:
            seen.add(parent)
            owner = symbols.get(parent)
            if owner is None:
                break
            symbol.introduced = owner.introduced
            symbol.unavailable = symbol.unavailable or owner.unavailable
            parent = parents.get(parent)
    return symbols, defaults


def newer_than(minimum, symbols, defaults, allowed):
    """The declarations a package declaring `minimum` cannot use, keyed by USR."""
    def usable(usr):
        symbol = symbols.get(usr)
        return symbol is not None and not symbol.unavailable and (symbol.introduced is None or symbol.introduced <= minimum)

    newer = {}
    for usr, symbol in symbols.items():
        if not (symbol.unavailable or (symbol.introduced and symbol.introduced > minimum)):
            continue
        # A requirement added to a protocol later (`FixedWidthInteger.&*`, macOS 15) is what the
        # Linux compiler names for every call; on an older system the call binds to the default
        # implementation that was there before.
        if any(usable(default) for default in defaults.get(usr, ())):
            continue
        # SE-0421: a `for await` loop calls `next(isolation:)` only where the deployment target
        # has it, and `next()` elsewhere; the Linux AST always names the newer one.
        if symbol.title.endswith("next(isolation:)"):
            continue
        if f"{symbol.module}.{symbol.title}" in allowed:
            continue
        newer[usr] = symbol
    return newer


def read_allowlist(path):
    """`Module.Type.member` lines checked by hand against Apple's documentation: declarations
    that a swift-foundation annotation dates later than Apple's own Foundation shipped them."""
    allowed = set()
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            entry = line.split("#", 1)[0].strip()
            if entry:
                allowed.add(entry)
    return allowed


def package_modules(package_root, manifest, only):
    """(name, compile arguments) of every Swift module whose sources are the package's own."""
    text = open(manifest, encoding="utf-8").read()
    modules = []
    for match in re.finditer(r'^  "C\.([^"]+?)-[^"]*\.module":\n((?:    .*\n)+)', text, re.M):
        name, body = match.group(1), match.group(2)
        inputs = re.search(r"^    inputs: (\[.*\])$", body, re.M)
        args = re.search(r"^    args: (\[.*\])$", body, re.M)
        if not inputs or not args:
            continue
        sources = [p for p in json.loads(inputs.group(1)) if p.endswith(".swift")]
        own = [p for p in sources if os.path.relpath(p, package_root).split(os.sep)[0] in ("Sources", "Tests")]
        if not own or (only and name not in only):
            continue
        modules.append((name, json.loads(args.group(1)), own))
    return sorted(modules)


def dump_arguments(args):
    kept, index = [], 0
    while index < len(args):
        arg = args[index]
        if arg in DROPPED_FLAGS or re.fullmatch(r"-j\d+", arg):
            index += 1
        elif arg in DROPPED_FLAGS_WITH_VALUE:
            index += 2
        else:
            kept.append(arg)
            index += 1
    return kept + ["-dump-ast", "-dump-ast-format", "json"]


RANGE = re.compile(rb'"range":\{"start":(\d+)')
DECL = re.compile(rb'"decl_usr":"([^"]+)"')
TYPE = re.compile(rb'"(?:type|interface_type|result|type_usr)":"(\$s[^"]+)"')
FILE_START = b'{"_kind":"source_file","filename":"'


def references(dump, type_fragments):
    """(file, byte offset, USR) for every declaration the dump refers to, and for every newer
    nominal type that appears in a declared or inferred type."""
    found = []
    starts = [m.start() for m in re.finditer(re.escape(FILE_START), dump)]
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(dump)
        chunk = dump[start:end]
        filename = chunk[len(FILE_START):chunk.index(b'"', len(FILE_START))].decode()
        events = [(m.start(), "range", int(m.group(1))) for m in RANGE.finditer(chunk)]
        events += [(m.start(), "decl", m.group(1).decode()) for m in DECL.finditer(chunk)]
        if type_fragments:
            events += [(m.start(), "type", m.group(1)) for m in TYPE.finditer(chunk)]
        events.sort(key=lambda event: event[0])
        offset = 0
        for _, kind, value in events:
            if kind == "range":
                offset = value
            elif kind == "decl":
                found.append((filename, offset, value))
            else:
                for fragment, usr in type_fragments:
                    if fragment in value:
                        found.append((filename, offset, usr))
    return found


def dumped_files(dump):
    return [m.group(1).decode() for m in re.finditer(re.escape(FILE_START) + rb'([^"]*)"', dump)]


class LineMap:
    def __init__(self):
        self.cache = {}

    def position(self, path, offset):
        if path not in self.cache:
            data = open(path, "rb").read()
            self.cache[path] = [0] + [i + 1 for i, byte in enumerate(data) if byte == 0x0A]
        lines = self.cache[path]
        low, high = 0, len(lines) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if lines[middle] <= offset:
                low = middle
            else:
                high = middle - 1
        return low + 1, offset - lines[low] + 1


def inactive_branches(package_root):
    """`#if` lines of the package's own sources that choose by platform: the Apple branch, or the
    `#else` of a Linux one, is code the Linux compiler does not type-check, so this check cannot
    see it."""
    found = []
    pattern = re.compile(r"^\s*#(?:if|elseif)\b.*(canImport\((?:Darwin|Glibc|Musl|os|ObjectiveC|AppKit|UIKit)\)|os\((?:macOS|iOS|tvOS|watchOS|visionOS|Linux)\))")
    for folder in ("Sources", "Tests"):
        for root, _, files in os.walk(os.path.join(package_root, folder)):
            for name in sorted(files):
                if name.endswith(".swift"):
                    path = os.path.join(root, name)
                    for number, line in enumerate(open(path, encoding="utf-8", errors="replace"), 1):
                        if pattern.search(line):
                            found.append((os.path.relpath(path, package_root), number, line.strip()))
    return sorted(found)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package", default=".", help="the package folder (default: .)")
    parser.add_argument("--scratch", default=None, help="SwiftPM's scratch folder (default: PACKAGE/.build)")
    parser.add_argument("--modules", default="", help="comma-separated module names to check (default: all of the package's)")
    parser.add_argument("--symbol-graphs", default=None,
                        help="where the toolchain's symbol graphs are cached (default: SCRATCH/availability)")
    parser.add_argument("--unannotated", action="store_true",
                        help="also list the toolchain declarations used whose module records no macOS availability")
    options = parser.parse_args()

    root = os.path.realpath(options.package)
    scratch = options.scratch or os.path.join(root, ".build")
    manifest = os.path.join(scratch, "debug.yaml")
    if not os.path.exists(manifest):
        fail(f"{manifest} is missing: build first (`swift build --build-tests`)")
    minimum = declared_minimum(os.path.join(root, "Package.swift"))
    triple, import_paths, version = toolchain_info()
    folder = extract_symbol_graphs(triple, import_paths, version,
                                   options.symbol_graphs or os.path.join(scratch, "availability"))
    symbols, defaults = load_symbols(folder)
    newer = newer_than(minimum, symbols, defaults,
                       read_allowlist(os.path.join(os.path.dirname(os.path.abspath(__file__)), "allowlist.txt")))
    # A nominal type's USR `s:<mangling>` appears inside the mangled types of declarations that
    # use it (`$s<...><mangling>...`), also where the type is only written, never constructed.
    # Types with a short standard mangling (`ScF`, TaskExecutor) would match inside unrelated
    # manglings: they are found where they are called, not where they are written.
    type_fragments = [(usr[2:].encode(), usr) for usr, s in newer.items()
                      if usr.startswith("s:") and re.search(r"\d+[A-Za-z_]{3,}", usr[2:])
                      and s.kind in ("swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias")]

    only = {name for name in options.modules.split(",") if name}
    modules = package_modules(root, manifest, only)
    if only and {module[0] for module in modules} != only:
        fail(f"no compile command for module(s) {', '.join(sorted(only - {module[0] for module in modules}))} in {manifest}")
    if not modules:
        fail(f"no Swift module of the package's own in {manifest}")

    def dump(module):
        name, args, own = module
        result = subprocess.run(dump_arguments(args), capture_output=True)
        if result.returncode != 0:
            fail(f"module {name} does not type-check for the AST dump (is the build current?):\n"
                 + result.stderr.decode(errors="replace")[-3000:])
        # The driver runs a one-file module's frontend in place, which dumps to standard output;
        # with more files it forwards each job's dump to standard error.
        found = references(result.stdout + result.stderr, type_fragments)
        dumped = {path for path, _, _ in found} | set(dumped_files(result.stdout + result.stderr))
        missing = sorted(os.path.relpath(p, root) for p in own if os.path.realpath(p) not in {os.path.realpath(d) for d in dumped})
        if missing:
            fail(f"module {name}: the AST dump holds no file {', '.join(missing)}; nothing of it would be checked")
        return found

    lines = LineMap()
    problems, unannotated, checked, files = {}, {}, 0, set()
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        found = [reference for module in pool.map(dump, modules) for reference in module]
    for path, offset, usr in found:
        files.add(path)
        checked += 1
        symbol = newer.get(usr)
        relative = os.path.relpath(path, root)
        if symbol is not None:
            line, column = lines.position(path, offset)
            problems[(relative, line, column, symbol.title)] = symbol
        elif options.unannotated:
            plain = symbols.get(usr)
            if plain is not None and plain.introduced is None and plain.module in UNANNOTATED_MODULES:
                unannotated.setdefault((plain.module, plain.title), set()).add(relative)

    for (relative, line, column, title), symbol in sorted(problems.items()):
        when = "unavailable on macOS" if symbol.unavailable else f"introduced in macOS {symbol.introduced}"
        # swift-foundation dates its declarations by its own releases; Apple's Foundation may have
        # shipped the same API years earlier.
        hint = (" (swift-foundation's date: if Apple's documentation gives an older one, add it to "
                "scripts/availability/allowlist.txt)") if symbol.module.startswith("Foundation") else ""
        print(f"{relative}:{line}:{column}: error: {symbol.module}.{title} is {when}; "
              f"Package.swift declares macOS {minimum}{hint}")
    if options.unannotated:
        print(f"\ntoolchain declarations used whose module records no macOS availability ({len(unannotated)}):")
        for (module, title), where in sorted(unannotated.items()):
            print(f"  {module}.{title}  ({len(where)} file{'s' if len(where) != 1 else ''})")
    branches = inactive_branches(root)
    if branches:
        print(f"\nnot type-checked on Linux, review by hand ({len(branches)} #if branches):")
        for relative, line, text in branches:
            print(f"  {relative}:{line}: {text}")
    summary = (f"{checked} references in {len(files)} files of {len(modules)} modules, against "
               f"{len(symbols)} toolchain declarations ({len(newer)} newer than macOS {minimum})")
    if problems:
        print(f"\ncheck-availability: FAILED: {len(problems)} use(s) of declarations newer than macOS {minimum}; {summary}")
        sys.exit(1)
    print(f"\ncheck-availability: passed: {summary}")


if __name__ == "__main__":
    main()
