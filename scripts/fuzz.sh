#!/usr/bin/env bash
# Fuzzes the parsers of untrusted input with libFuzzer and AddressSanitizer (LeakSanitizer on).
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]   fuzz one target for SECONDS
#   scripts/fuzz.sh all SECONDS [libFuzzer options...]      every target in turn, SECONDS each
#   scripts/fuzz.sh build TARGET|all                        build only; prints each binary's path
#   scripts/fuzz.sh list                                    the targets
#   scripts/fuzz.sh check                                   whether this toolchain can build them
#                                                           (exit 2 and the reason when it cannot)
#
# Targets are the folders of Fuzz/ that hold a main.swift harness exporting LLVMFuzzerTestOneInput
# (Fuzz/Shared/*.swift is compiled into every harness):
#   png         ImageDecoder on PNG seeds (chunk CRCs repaired so mutations reach libpng's parsers)
#   jpeg        ImageDecoder on JPEG seeds (also reaches ICCProfile through APP2 markers)
#   contract    ContractLoader.parse: the JSON parser and contract validation
#   provenance  ProvenanceLoader.parse: the JSON parser and the provenance schema
#   catalog     AssetContentsParser.parse: an asset catalog's Contents.json, every asset kind
#   xcuitest    XCUITestDumpParser.parse and HierarchyImporter: XCUIApplication().debugDescription text
#   uiautomator UIAutomatorDumpParser.parse (its XML reader) and HierarchyImporter: uiautomator dumps
#               (seeded with real apps' dumps from Tests/ScreenAuditKitTests/Fixtures/appagent)
#   appium      AppiumSourceParser.parse and HierarchyImporter: Appium's iOS page source
#   detector    TextDetector.detect and TextRegion on any pixels (an image of up to 256 × 256 in the bytes)
#   pngwrite    FastPNGEncoder on any pixels, read back by libpng with every checksum checked
# To add one: write Fuzz/NAME/main.swift (and Fuzz/seeds/NAME/), then add NAME to `dictionary_for`,
# `max_len_for` and `add_seeds` below; a harness that imports another package module needs it in
# MODULES.
#
# How it builds (SwiftPM is not used: its sanitizer flags would instrument and link every product):
# the package modules a harness can import are compiled from Sources/ with swiftc
# -sanitize=fuzzer,address (coverage and ASan in our Swift code), the C shim with the toolchain's
# clang -fsanitize=fuzzer-no-link,address, and each harness is linked against them with the
# toolchain's libFuzzer (with lld on Linux, the system linker on macOS). libpng and libjpeg are the
# system's, not instrumented. Objects are rebuilt only when their sources, the flags or the
# compiler change. A clean build takes about a minute and a half on two cores (ScreenAuditKit is
# most of it).
#
# Each run: seeds (Fuzz/seeds/TARGET plus the repository's samples, contracts or provenance files,
# plus FUZZ_REAL_SCREENS for images) are copied fresh; the corpus libFuzzer grows is kept in
# FUZZ_BUILD between runs. libFuzzer's options: -max_total_time=SECONDS -timeout=10
# -rss_limit_mb=2048 -malloc_limit_mb=512 (no input may make one allocation that large; decoding
# is capped well below it), the target's dictionary and max_len, then whatever options follow
# SECONDS (later ones win).
#
# Environment (defaults in brackets):
#   FUZZ_BUILD         build folder: objects, binaries, corpora, logs [.build/fuzz]
#   FUZZ_ARTIFACTS     where crashing inputs are written, one folder per target [fuzz-artifacts]
#   FUZZ_REAL_SCREENS  real screenshots added to the png and jpeg seeds, if the folder exists
#                      [../shared/corpus/real-screens beside the repository; skipped when absent]
#   FUZZ_VERBOSE=1     show libFuzzer's output as it runs (it is always in FUZZ_BUILD/logs/)
#   FUZZ_JOBS          how many targets fuzz at once, each for SECONDS [1]; CI runs two on its two cores
#   SWIFTC             the Swift compiler; clang, lld and libFuzzer come from its toolchain
#                      [swiftc on PATH; on macOS the one `xcrun --find swiftc` gives]
#
# Runs with bash 3.2 and BSD tools as macOS ships them. On macOS it needs a toolchain with a
# libFuzzer runtime (libclang_rt.fuzzer_osx.a): Xcode's has none; another toolchain may
# (TOOLCHAINS=..., or SWIFTC=/path/to/its/swiftc), and `check` tells whether it does.
#
# Prints one line per target: runs, duration, exec/s, peak RSS, corpus size and the result.
# Exit status: 0 when every target ran clean; 1 when any found a crash, leak, timeout or
# out-of-memory (the input's path is printed; re-run it with `$(scripts/fuzz.sh build TARGET) FILE`);
# 2 on a usage or build error.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"

usage() {
    echo "usage: scripts/fuzz.sh TARGET|all SECONDS [libFuzzer options...]" >&2
    echo "       scripts/fuzz.sh build TARGET|all" >&2
    echo "       scripts/fuzz.sh list" >&2
    echo "       scripts/fuzz.sh check" >&2
    echo "targets: $(targets | tr '\n' ' ')" >&2
    exit 2
}

targets() {
    local harness
    for harness in Fuzz/*/main.swift; do
        [ -e "$harness" ] && basename "$(dirname "$harness")"
    done
}

is_target() { [ -f "Fuzz/$1/main.swift" ]; }

# The libFuzzer dictionary (Fuzz/dict/NAME.dict) and -max_len of each target. max_len keeps a
# mutated multi-megabyte screenshot from costing 30 to 120 ms per run; the real screenshots are still
# read, cut to their first max_len bytes (their headers and colour chunks).
dictionary_for() {
    case "$1" in
        png) echo png ;;
        jpeg) echo jpeg ;;
        contract | provenance) echo json ;;
        catalog) echo catalog ;;
        xcuitest) echo xcuitest ;;
        uiautomator) echo uiautomator ;;
        appium) echo appium ;;
        *) echo "" ;;
    esac
}

max_len_for() {
    case "$1" in
        png | jpeg) echo 65536 ;;
        detector | pngwrite) echo 32768 ;;
        *) echo 262144 ;;
    esac
}

# Copies the seeds of TARGET into a folder: the committed ones, then the repository's own inputs.
add_seeds() {
    local target=$1 into=$2
    if [ -d "Fuzz/seeds/$target" ]; then
        copy_files "$into" committed Fuzz/seeds/"$target"/*
    fi
    case "$target" in
        png)
            copy_files "$into" samples Samples/*.png
            copy_with_signature "$into" real 89504e470d0a1a0a "$real_screens"
            ;;
        jpeg)
            copy_with_signature "$into" real ffd8ff "$real_screens"
            ;;
        contract) copy_files "$into" repo Contracts/*.json ;;
        xcuitest) copy_files "$into" samples Samples/hierarchies/*/*.txt ;;
        uiautomator)
            # Real apps' dumps too (Chrome, Settings: system bars, lists, covered and cut nodes),
            # so mutations start from the trees the element model meets.
            copy_files "$into" samples Samples/hierarchies/*/*.xml
            copy_files "$into" real Tests/ScreenAuditKitTests/Fixtures/appagent/*.xml
            ;;
        provenance) copy_files "$into" repo Provenance/*.json ;;
        catalog)
            # One Contents.json of each kind from the quest-art catalog.
            local kind file
            for kind in imageset colorset; do
                file=$(find Assets -path "*.$kind/Contents.json" 2>/dev/null | sort | head -1 || true)
                if [ -n "$file" ]; then cp "$file" "$into/repo-$kind.json"; fi
            done
            ;;
    esac
}

copy_files() {
    local into=$1 prefix=$2 file
    shift 2
    for file in "$@"; do
        [ -f "$file" ] && cp "$file" "$into/$prefix-$(basename "$file")"
    done
    return 0
}

# Copies the files of a folder whose first bytes are SIGNATURE (hex): the real screenshots include
# JPEGs named .png, so the name says nothing.
copy_with_signature() {
    local into=$1 prefix=$2 signature=$3 folder=$4 file
    [ -d "$folder" ] || return 0
    for file in "$folder"/*; do
        [ -f "$file" ] || continue
        if [ "$(head -c $((${#signature} / 2)) "$file" | od -An -tx1 | tr -d ' \n')" = "$signature" ]; then
            cp "$file" "$into/$prefix-$(basename "$file")"
        fi
    done
}

# ---------------------------------------------------------------- arguments

[ $# -ge 1 ] || usage
command=$1
shift
case "$command" in
    list)
        targets
        exit 0
        ;;
    build)
        [ $# -eq 1 ] || usage
        selected=$1
        ;;
    check)
        [ $# -eq 0 ] || usage
        selected=""
        ;;
    *)
        [ $# -ge 1 ] || usage
        selected=$command
        seconds=$1
        shift
        [[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "error: SECONDS must be a whole number above 0, got '$seconds'" >&2; usage; }
        ;;
esac
jobs=${FUZZ_JOBS:-1}
case $jobs in ''|*[!0-9]*|0) echo "error: FUZZ_JOBS must be a positive whole number (got '$jobs')" >&2; exit 2 ;; esac
if [ "$command" = check ]; then
    run_targets=""
elif [ "$selected" = all ]; then
    run_targets=$(targets)
elif is_target "$selected"; then
    run_targets=$selected
else
    echo "error: no fuzz target '$selected' (no Fuzz/$selected/main.swift)" >&2
    usage
fi

build=${FUZZ_BUILD:-$repo/.build/fuzz}
artifacts=${FUZZ_ARTIFACTS:-$repo/fuzz-artifacts}
real_screens=${FUZZ_REAL_SCREENS:-$repo/../shared/corpus/real-screens}
mkdir -p "$build"
build=$(cd "$build" && pwd)

# ---------------------------------------------------------------- toolchain

os=$(uname -s)
# /usr/bin/swiftc on macOS is xcrun's trampoline, with no toolchain beside it: ask xcrun for the real
# one (it follows TOOLCHAINS and xcode-select).
if [ -z "${SWIFTC:-}" ] && [ "$os" = Darwin ] && command -v xcrun >/dev/null; then
    swiftc=$(xcrun --find swiftc 2>/dev/null || true)
else
    swiftc=$(command -v "${SWIFTC:-swiftc}" || true)
fi
[ -n "$swiftc" ] || { echo "error: swiftc not found (set SWIFTC)" >&2; exit 2; }
# readlink -f is in macOS only from 12.3 on; without it the path is taken as it is.
toolchain_bin=$(dirname "$(readlink -f "$swiftc" 2>/dev/null || echo "$swiftc")")
clang=$toolchain_bin/clang
[ -x "$clang" ] || { echo "error: no clang next to $swiftc; the shim must be built by the toolchain's clang" >&2; exit 2; }
if [ -z "$(find "$("$clang" -print-resource-dir)/lib" -name 'libclang_rt.fuzzer*.a' 2>/dev/null)" ]; then
    echo "error: the toolchain at $toolchain_bin has no libFuzzer runtime (libclang_rt.fuzzer*.a)" >&2
    exit 2
fi
# Xcode's toolchain has no llvm-ar; the system ar writes the same archives.
archiver=$toolchain_bin/llvm-ar
[ -x "$archiver" ] || archiver=$(command -v ar || true)
[ -n "$archiver" ] || { echo "error: neither llvm-ar in $toolchain_bin nor ar is there to archive the objects" >&2; exit 2; }
demangler=$toolchain_bin/swift-demangle
[ -x "$demangler" ] || demangler="cat"
case "$os" in
    Darwin) pkg_config_hint="brew install pkgconf libpng jpeg-turbo" ;;
    *) pkg_config_hint="apt-get install pkg-config" ;;
esac
command -v pkg-config >/dev/null || { echo "error: pkg-config is needed ($pkg_config_hint)" >&2; exit 2; }
pkg-config --exists libpng libjpeg || { echo "error: pkg-config finds no libpng or libjpeg ($pkg_config_hint)" >&2; exit 2; }
if [ "$command" = check ]; then
    echo "ok: $toolchain_bin has a libFuzzer runtime"
    exit 0
fi
read -r -a c_flags <<<"$(pkg-config --cflags libpng libjpeg)"
# zlib too: the shim takes the CRC-32 of the chunks FastPNGEncoder writes from it (Package.swift
# links it the same way; macOS has it in the SDK, with no zlib.pc to ask).
read -r -a link_flags <<<"$(pkg-config --libs libpng libjpeg) $(pkg-config --libs zlib 2>/dev/null || echo -lz)"
if [ -x "$toolchain_bin/llvm-symbolizer" ] && [ -z "${ASAN_SYMBOLIZER_PATH:-}" ]; then
    export ASAN_SYMBOLIZER_PATH=$toolchain_bin/llvm-symbolizer
fi

# ---------------------------------------------------------------- build

# The package modules a harness may import, in dependency order (as in Package.swift); each is
# compiled with every earlier one visible, and a harness links those up to the last it imports.
MODULES=(ColorScience Imaging ScreenContracts ScreenAuditKit)

# One package name for every module, as SwiftPM gives them (for `package` declarations).
swift_flags=(-swift-version 6 -package-name screenauditkit -O -g -sanitize=fuzzer,address -module-cache-path "$build/module-cache")
# ${array[@]+...} keeps bash 3.2 (set -u) from calling an empty array unbound.
shim_flags=(-O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address -ISources/CImagingShim/include ${c_flags[@]+"${c_flags[@]}"})
# lld is the Linux toolchain's linker for libFuzzer; on macOS the system linker does it.
linker_flags=()
[ "$os" = Darwin ] || linker_flags=(-use-ld=lld)
objects=$build/obj
mkdir -p "$objects" "$build/bin" "$build/include/CImagingShim"

compiler_id=$("$swiftc" --version 2>&1; "$clang" --version 2>&1)

# macOS has shasum, not sha256sum; both print the digest first.
if command -v sha256sum >/dev/null; then
    sha256() { sha256sum; }
else
    sha256() { shasum -a 256; }
fi

# A digest of TEXT (flags, the digests a build depends on), the compilers and FILES' contents.
fingerprint() {
    local text=$1
    shift
    { echo "$compiler_id"; echo "$text"; echo "$*"; cat "$@"; } | sha256 | cut -d' ' -f1
}

up_to_date() { [ -f "$1.stamp" ] && [ "$(cat "$1.stamp")" = "$2" ]; }

# SwiftPM writes a module map for a C target's include folder; this is the same one.
cat >"$build/include/CImagingShim/module.modulemap.new" <<EOF
module CImagingShim {
    umbrella header "$repo/Sources/CImagingShim/include/CImagingShim.h"
    export *
}
EOF
cmp -s "$build/include/CImagingShim/module.modulemap.new" "$build/include/CImagingShim/module.modulemap" \
    || mv "$build/include/CImagingShim/module.modulemap.new" "$build/include/CImagingShim/module.modulemap"
rm -f "$build/include/CImagingShim/module.modulemap.new"
module_search=(-I "$objects" -I "$build/include/CImagingShim" -I Sources/CPNG -I Sources/CJPEG -Xcc "-I$repo/Sources/CImagingShim/include")
for flag in ${c_flags[@]+"${c_flags[@]}"}; do module_search+=(-Xcc "$flag"); done

build_failed() {
    echo "error: $1 did not build; the compiler's output is above" >&2
    exit 2
}

# How many of MODULES a target needs: up to the last one its harness imports, so that the image
# targets do not wait for (or break with) ScreenAuditKit.
module_count_for() {
    local target=$1 index=0 count=0 module
    for module in "${MODULES[@]}"; do
        index=$((index + 1))
        if grep -qE "^import $module\$" "Fuzz/$target"/*.swift Fuzz/Shared/*.swift 2>/dev/null; then count=$index; fi
    done
    echo "$count"
}

build_shim() {
    local sources=(Sources/CImagingShim/*.c Sources/CImagingShim/include/*.h) source objects_built=()
    shim_stamp=$(fingerprint "${shim_flags[*]}" "${sources[@]}")
    up_to_date "$objects/libCImagingShim" "$shim_stamp" && return 0
    echo "fuzz: building CImagingShim" >&2
    for source in Sources/CImagingShim/*.c; do
        nice -n 10 "$clang" -c "${shim_flags[@]}" "$source" -o "$objects/CImagingShim-$(basename "$source" .c).o" \
            || build_failed CImagingShim
        objects_built+=("$objects/CImagingShim-$(basename "$source" .c).o")
    done
    rm -f "$objects/libCImagingShim.a"
    "$archiver" rcs "$objects/libCImagingShim.a" "${objects_built[@]}"
    echo "$shim_stamp" >"$objects/libCImagingShim.stamp"
}

# Builds the first COUNT of MODULES; module_stamps[i] is the digest of module i and all before it.
module_stamps=()
build_modules() {
    local count=$1 index chain module sources source stamp
    # Swift sees the shim only through its header.
    chain=$(fingerprint "" Sources/CImagingShim/include/*.h)
    for ((index = 0; index < count; index++)); do
        module=${MODULES[$index]}
        # No mapfile: bash 3.2 has none.
        sources=()
        while IFS= read -r source; do sources+=("$source"); done < <(find "Sources/$module" -name '*.swift' | LC_ALL=C sort)
        stamp=$(fingerprint "$chain ${swift_flags[*]} ${module_search[*]}" "${sources[@]}")
        chain=$stamp
        module_stamps[$index]=$stamp
        up_to_date "$objects/lib$module" "$stamp" && continue
        echo "fuzz: building $module (${#sources[@]} files)" >&2
        nice -n 10 "$swiftc" "${swift_flags[@]}" "${module_search[@]}" -parse-as-library -wmo \
            -module-name "$module" -emit-module -emit-module-path "$objects/$module.swiftmodule" \
            -c "${sources[@]}" -o "$objects/$module.o" || build_failed "$module"
        rm -f "$objects/lib$module.a"
        "$archiver" rcs "$objects/lib$module.a" "$objects/$module.o"
        echo "$stamp" >"$objects/lib$module.stamp"
    done
}

build_target() {
    local target=$1 sources=() source stamp libraries=() count index prior=""
    while IFS= read -r source; do sources+=("$source"); done \
        < <(find "Fuzz/$target" Fuzz/Shared -maxdepth 1 -name '*.swift' 2>/dev/null | LC_ALL=C sort)
    count=$(module_count_for "$target")
    build_modules "$count"
    for ((index = count - 1; index >= 0; index--)); do libraries+=("$objects/lib${MODULES[$index]}.a"); done
    for ((index = 0; index < count; index++)); do prior="$prior ${module_stamps[$index]}"; done
    stamp=$(fingerprint "${prior# } $shim_stamp ${swift_flags[*]} ${link_flags[*]}" "${sources[@]}")
    up_to_date "$build/bin/fuzz-$target" "$stamp" && [ -x "$build/bin/fuzz-$target" ] && return 0
    echo "fuzz: building fuzz-$target" >&2
    nice -n 10 "$swiftc" "${swift_flags[@]}" "${module_search[@]}" -parse-as-library ${linker_flags[@]+"${linker_flags[@]}"} \
        -module-name "Fuzz_$target" "${sources[@]}" ${libraries[@]+"${libraries[@]}"} "$objects/libCImagingShim.a" \
        "${link_flags[@]}" -o "$build/bin/fuzz-$target" || build_failed "fuzz-$target"
    echo "$stamp" >"$build/bin/fuzz-$target.stamp"
}

build_shim
# The package modules first, one after another (each needs the one before), then the harnesses,
# FUZZ_JOBS at a time: linking them is independent.
most=0
for target in $run_targets; do
    count=$(module_count_for "$target")
    [ "$count" -gt "$most" ] && most=$count
done
build_modules "$most"
building=()
for target in $run_targets; do
    if [ "$jobs" -eq 1 ]; then
        build_target "$target"
        continue
    fi
    build_target "$target" &
    building+=($!)
    if [ ${#building[@]} -ge "$jobs" ]; then
        for pid in "${building[@]}"; do wait "$pid" || exit 2; done
        building=()
    fi
done
for pid in ${building[@]+"${building[@]}"}; do wait "$pid" || exit 2; done
if [ "$command" = build ]; then
    for target in $run_targets; do echo "$build/bin/fuzz-$target"; done
    exit 0
fi

# ---------------------------------------------------------------- run

stat_of() { sed -n "s/^stat::$1: *//p" "$2" | tail -1; }

run_target() {
    local target=$1
    shift
    local seeds=$build/seeds/$target corpus=$build/corpus/$target log=$build/logs/$target.log
    local options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=512 -print_final_stats=1
                   -max_len="$(max_len_for "$target")" -artifact_prefix="$artifacts/$target/")
    local dictionary
    dictionary=$(dictionary_for "$target")
    [ -n "$dictionary" ] && options+=(-dict="$repo/Fuzz/dict/$dictionary.dict")
    rm -rf "$seeds"
    mkdir -p "$seeds" "$corpus" "$artifacts/$target" "$(dirname "$log")"
    add_seeds "$target" "$seeds"

    local started status
    started=$(date +%s)
    set +e
    if [ "${FUZZ_VERBOSE:-0}" = 1 ]; then
        nice -n 10 "$build/bin/fuzz-$target" "${options[@]}" ${@+"$@"} "$corpus" "$seeds" 2>&1 | tee "$log"
        status=${PIPESTATUS[0]}
    else
        nice -n 10 "$build/bin/fuzz-$target" "${options[@]}" ${@+"$@"} "$corpus" "$seeds" >"$log" 2>&1
        status=$?
    fi
    set -e
    local elapsed=$(($(date +%s) - started))

    local runs rate rss inputs corpus_bytes result
    runs=$(stat_of number_of_executed_units "$log")
    [ -n "$runs" ] || runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -1)
    rate=$(stat_of average_exec_per_sec "$log")
    rss=$(stat_of peak_rss_mb "$log")
    # BSD wc pads its count with spaces.
    inputs=$(find "$corpus" -type f | wc -l | tr -d ' ')
    corpus_bytes=$(du -sk "$corpus" | cut -f1)
    # The sanitizer's or libFuzzer's verdict, and for a Swift trap the runtime's message.
    result=$(grep -m1 -oE "ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer): .*" "$log" \
        | sed -E 's/^ERROR: //; s/ on (unknown )?address.*//' || true)
    local swift_message
    swift_message=$(grep -m1 -oE "(Fatal error|Precondition failed|Assertion failed): .*" "$log" || true)
    [ -n "$swift_message" ] && result="$result ($swift_message)"
    if [ "$status" -eq 0 ] && [ -z "$result" ]; then
        result=ok
    elif [ -z "$result" ]; then
        result="libFuzzer exited with status $status"
    fi
    printf 'fuzz %s: %s runs in %s s (%s exec/s), peak RSS %s MB, corpus %s inputs (%s KB): %s\n' \
        "$target" "${runs:-?}" "$elapsed" "${rate:-?}" "${rss:-?}" "$inputs" "$corpus_bytes" "$result"
    if [ "$result" != ok ]; then
        local first
        first=$(grep -n -m1 -E "Fatal error|Precondition failed|^==[0-9]+==(ERROR|WARNING)|ERROR: libFuzzer" "$log" | cut -d: -f1 || true)
        echo "fuzz $target: libFuzzer's report (whole log: $log):"
        sed -n "${first:-1},\$p" "$log" | head -80 | if [ "$demangler" = cat ]; then cat; else "$demangler" --simplified; fi
        grep -oE "Test unit written to .*" "$log" | sed "s/^Test unit written to /fuzz $target: input: /" || true
        return 1
    fi
}

# FUZZ_JOBS targets at a time, each for SECONDS as before; their lines printed in target order as
# each batch ends.
failed=0
if [ "$jobs" -eq 1 ]; then
    for target in $run_targets; do
        # ${@+"$@"}: with no libFuzzer options, bash before 4.1 (macOS has 3.2) may call "$@" unbound.
        run_target "$target" ${@+"$@"} || failed=1
    done
    exit $failed
fi
reports=$(mktemp -d)
batch=()
run_batch() {
    local target pids=() index=0
    for target in ${batch[@]+"${batch[@]}"}; do
        run_target "$target" ${@+"$@"} >"$reports/$target" 2>&1 &
        pids+=($!)
    done
    for target in ${batch[@]+"${batch[@]}"}; do
        wait "${pids[$index]}" || failed=1
        cat "$reports/$target"
        index=$((index + 1))
    done
    batch=()
}
for target in $run_targets; do
    batch+=("$target")
    [ ${#batch[@]} -ge "$jobs" ] && run_batch ${@+"$@"}
done
run_batch ${@+"$@"}
rm -rf "$reports"
exit $failed
