#!/usr/bin/env python3
"""Proves check_availability.py fails where it must: on a copy of the package that adds uses of
newer declarations to one module, it names each file, line and declaration; with the uses taken
out it passes. The copy lives in a temporary folder and is removed; the tree is not touched."""

import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK = os.path.join(HERE, "check_availability.py")
MODULE = "ColorScience"   # no dependencies: builds in seconds
PROBE = f"Sources/{MODULE}/AvailabilityProbe.swift"

NEWER = """\
// A use of each kind the check must see: a type written in a declaration, a member on a type the
// package declares old enough, and an initializer.
struct AvailabilityProbeNewer {
    var pair: InlineArray<2, Int>
    func count(_ values: [Int]) -> Int { values.enumerated().count }
}
"""
OLDER = """\
func availabilityProbeOlder(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)
}
"""


def run(command, cwd):
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True)


def expect(condition, message, output):
    if not condition:
        print(f"self-test FAILED: {message}\n--- check's output ---\n{output}", file=sys.stderr)
        sys.exit(1)
    print(f"  ok: {message}")


def line_of(text, needle):
    return next(number for number, line in enumerate(text.splitlines(), 1) if needle in line)


def main():
    version = subprocess.run(["swiftc", "--version"], capture_output=True, text=True).stdout
    match = re.search(r"Swift version (\d+)\.(\d+)", version)
    # InlineArray and EnumeratedSequence's Collection members, the probe's macOS 26 uses, are in
    # the standard library from Swift 6.2.
    if not match or (int(match.group(1)), int(match.group(2))) < (6, 2):
        print(f"self-test: skipped: the probe needs Swift 6.2's standard library; this is {version.strip() or 'no swiftc'}")
        return
    root = os.path.realpath(os.path.join(HERE, "..", ".."))
    with tempfile.TemporaryDirectory(prefix="availability-self-test-") as copy:
        for name in ("Package.swift", "Sources", "Tests"):
            source = os.path.join(root, name)
            (shutil.copytree if os.path.isdir(source) else shutil.copy)(source, os.path.join(copy, name))
        package = os.path.join(copy, "Package.swift")
        declared = open(package).read()
        graphs = os.path.join(root, ".build", "availability")

        def check_with(minimum, probe):
            open(package, "w").write(re.sub(r"\.macOS\(\.v\d+\)", f".macOS(.v{minimum})", declared))
            open(os.path.join(copy, PROBE), "w").write(probe)
            build = run(["swift", "build", "--target", MODULE], copy)
            if build.returncode != 0:
                print(build.stdout + build.stderr, file=sys.stderr)
                sys.exit("self-test: the copy does not build")
            result = run([sys.executable, CHECK, "--package", copy, "--modules", MODULE,
                          "--symbol-graphs", graphs], copy)
            return result.returncode, result.stdout + result.stderr

        probe = NEWER + OLDER
        inline, count = line_of(probe, "InlineArray<2"), line_of(probe, "enumerated()")
        validating = line_of(probe, "String(validating")

        print(f"self-test: {PROBE} in a copy, checked against macOS 15")
        status, output = check_with(15, probe)
        expect(status == 1, "exits 1", output)
        expect(re.search(rf"^{re.escape(PROBE)}:{inline}:\d+: error: Swift\.InlineArray is introduced in macOS 26", output, re.M),
               f"names line {inline} and InlineArray", output)
        expect(re.search(rf"^{re.escape(PROBE)}:{count}:\d+: error: Swift\.EnumeratedSequence\.count is introduced in macOS 26", output, re.M),
               f"names line {count} and EnumeratedSequence.count (not Array.count)", output)
        expect(f"{PROBE}:{validating}:" not in output, "does not name String(validating:as:), macOS 15", output)

        print("self-test: the same copy against macOS 13")
        status, output = check_with(13, probe)
        expect(status == 1 and re.search(rf"^{re.escape(PROBE)}:{validating}:\d+: error: Swift\.String\.init\(validating:as:\) is introduced in macOS 15", output, re.M),
               f"names line {validating} and String.init(validating:as:)", output)

        print("self-test: only the older use, against macOS 15")
        status, output = check_with(15, OLDER)
        expect(status == 0 and "check-availability: passed" in output, "passes", output)
    print("self-test: passed")


if __name__ == "__main__":
    main()
