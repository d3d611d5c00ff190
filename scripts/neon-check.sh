#!/usr/bin/env bash
# Runs the vector paths of Sources/CImagingShim/png.c that this machine's own CPU never takes:
# scripts/neon/png_paths_test.c is built for the host and for aarch64 (with the cross gcc, and
# with clang where one can target aarch64), the aarch64 builds run under qemu-user, and every run
# must match the scalar reference and give the host run's digests. See docs/macos.md#neon-the-paths-apple-silicon-runs-tested-on-x86-64.
#
#   scripts/neon-check.sh
#
# Exit 0: every build and run matched. 1: a mismatch, crash or build failure (named above it).
# 77: skipped, a toolchain piece is missing (what to install is printed).
#
# Environment: SAK_ARM64_SYSROOT, a folder holding arm64 libpng and zlib (usr/include/...,
# usr/lib/aarch64-linux-gnu/libpng16.a, libz.a), for when they are not installed multiarch;
# /opt/arm64-sysroot is looked at too. NEON_CLANG: the clang to try (else clang on PATH, then
# /opt/swift/usr/bin/clang). CC: the host compiler (default cc).
#
# Kept to bash 3.2 (indexed arrays only) and POSIX tools so that it also runs on macOS, where the
# host build is itself the NEON one.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
shim="$root/Sources/CImagingShim"
driver="$root/scripts/neon/png_paths_test.c"
started=$(date +%s)

skip() {
    echo "neon-check: SKIPPED: $1"
    cat <<'EOF'
neon-check: on Debian 12 (x86-64), as root, from Debian's own archive:
    dpkg --add-architecture arm64 && apt-get update
    apt-get install -y --no-install-recommends gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
    # (and, for the host build, pkg-config libpng-dev zlib1g-dev, which .ci/run installs already)
    # arm64 libpng and zlib are unpacked into a folder, not installed: installing libpng-dev:arm64
    # pulls in arm64 libc6-dev and upgrades the host's own libpng, zlib, libssl, krb5 and more in
    # lockstep with it (20 upgrades on the Debian 12 image this was written on).
    (cd "$(mktemp -d)" && apt-get download libpng16-16:arm64 libpng-dev:arm64 zlib1g:arm64 zlib1g-dev:arm64 &&
        for deb in *.deb; do dpkg-deb -x "$deb" /opt/arm64-sysroot; done)
EOF
    exit 77
}

fail_count=0
failed() {
    echo "neon-check: FAILED: $1"
    fail_count=$((fail_count + 1))
}

cc_host=${CC:-cc}
command -v "$cc_host" >/dev/null 2>&1 || skip "no host C compiler ($cc_host)"
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libpng; then
    host_flags="$(pkg-config --cflags --libs libpng) -lz"
else
    skip "no host libpng/zlib found by pkg-config"
fi

case "$(uname -m)" in
    aarch64|arm64) host_is_arm=1 ;;
    *) host_is_arm=0 ;;
esac

# The mnemonics png.c's NEON intrinsics compile to, per function, with the compilers' own
# auto-vectorisation off, so they can only come from the intrinsics. Without this check a NEON
# branch that stopped being compiled (a changed #if) would leave the scalar code passing for it.
# sak_widen_rgb is static and usually inlined into sak_png_read_rgba, so either name counts.
# One line: BWK awk (macOS's) refuses a -v value with a newline in it.
neon_expectations="sak_png_up_filter_rgb:ld4 sak_png_up_filter_rgb:st3 sak_png_up_filter_rgb:uminv"
neon_expectations="$neon_expectations sak_same_color_run:uminv sak_same_color_run:cmeq"
neon_expectations="$neon_expectations sak_widen_rgb|sak_png_read_rgba:ld3 sak_widen_rgb|sak_png_read_rgba:st4"

cross_gcc=""
qemu=""
arm_root=""
clang=""
if [ "$host_is_arm" -eq 0 ]; then
    command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 && cross_gcc=aarch64-linux-gnu-gcc
    [ -n "$cross_gcc" ] || skip "no aarch64 cross compiler (aarch64-linux-gnu-gcc)"
    for candidate in qemu-aarch64 qemu-aarch64-static; do
        if command -v "$candidate" >/dev/null 2>&1; then qemu=$candidate; break; fi
    done
    [ -n "$qemu" ] || skip "no qemu-aarch64 (qemu-user)"
    command -v aarch64-linux-gnu-objdump >/dev/null 2>&1 || skip "no aarch64-linux-gnu-objdump (binutils-aarch64-linux-gnu)"
    for candidate in "${SAK_ARM64_SYSROOT:-}" /opt/arm64-sysroot /; do
        [ -n "$candidate" ] || continue
        lib="$candidate/usr/lib/aarch64-linux-gnu"
        if [ -f "$lib/libpng16.a" ] && [ -f "$lib/libz.a" ] && [ -f "$candidate/usr/include/libpng16/png.h" ] &&
            [ -f "$candidate/usr/include/zlib.h" ]; then
            arm_root=$candidate
            break
        fi
    done
    [ -n "$arm_root" ] ||
        skip "no arm64 libpng16.a/libz.a (looked in \$SAK_ARM64_SYSROOT, /opt/arm64-sysroot, multiarch /usr/lib/aarch64-linux-gnu)"

    # clang is optional: it is the compiler Apple silicon builds use, so its NEON code generation
    # is the closer one, but gcc's run alone still covers the paths.
    for candidate in "${NEON_CLANG:-}" clang /opt/swift/usr/bin/clang; do
        [ -n "$candidate" ] || continue
        command -v "$candidate" >/dev/null 2>&1 || continue
        clang=$candidate
        break
    done
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/neon-check.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Only the five arm64 headers, never all of the sysroot's /usr/include: with multiarch that is
# the host's own, and its glibc headers would shadow the cross compiler's.
if [ "$host_is_arm" -eq 0 ]; then
    mkdir "$work/arm64-include"
    for header in libpng16/png.h libpng16/pngconf.h libpng16/pnglibconf.h zlib.h zconf.h; do
        source_header="$arm_root/usr/include/$header"
        [ -f "$arm_root/usr/include/aarch64-linux-gnu/$(basename "$header")" ] &&
            source_header="$arm_root/usr/include/aarch64-linux-gnu/$(basename "$header")"
        ln -s "$source_header" "$work/arm64-include/$(basename "$header")"
    done
    arm_lib="$arm_root/usr/lib/aarch64-linux-gnu"
fi

# Arrays, not flag strings, so that a checkout path with spaces survives.
common_flags=(-std=gnu11 -O2 -Wall -Wextra "-I$shim/include" "-I$shim")
builds=""

build() {
    name=$1
    shift
    echo "== build $name"
    if "$@" >"$work/$name.build.log" 2>&1; then status=0; else status=$?; fi
    cat "$work/$name.build.log"
    if [ "$status" -eq 0 ]; then builds="$builds $name"; else failed "could not build $name"; fi
}

# Prints every expectation that $2 (an object file) does not meet, as function:mnemonic. Mach-O
# symbols carry a leading underscore and Apple's syntax suffixes the arrangement (ld4.16b).
missing_neon() {
    "$1" -d --no-show-raw-insn "$2" | awk -v expectations="$neon_expectations" '
        /^[0-9a-f]+ <[^>]+>:$/ { fn = $2; gsub(/[<>:]/, "", fn); sub(/^_/, "", fn); next }
        NF >= 2 { m = $2; sub(/\..*/, "", m); seen[fn ":" m] = 1 }
        END {
            n = split(expectations, list, " ")
            for (i = 1; i <= n; i++) {
                if (list[i] == "") continue
                split(list[i], pair, ":")
                k = split(pair[1], names, "|")
                found = 0
                for (j = 1; j <= k; j++) if ((names[j] ":" pair[2]) in seen) found = 1
                if (!found) missing = missing (missing == "" ? "" : " ") list[i]
            }
            if (missing != "") print missing
        }'
}

check_neon_object() {
    name=$1
    objdump=$2
    shift 2
    if ! "$@" -c "$shim/png.c" -o "$work/$name.png.o" >"$work/$name.object.log" 2>&1; then
        cat "$work/$name.object.log"
        failed "could not compile png.c alone for $name"
        return
    fi
    if ! missing=$(missing_neon "$objdump" "$work/$name.png.o"); then
        failed "$name: could not disassemble png.o with $objdump"
    elif [ -n "$missing" ]; then
        failed "$name: png.c's NEON code is not in the object (expected function:instruction pairs missing: $missing); if the intrinsics were rewritten, update neon_expectations in this script"
    else
        echo "   NEON instructions present in $name's png.o"
    fi
}

# pkg-config's output is meant to split into words.
# shellcheck disable=SC2086
build host "$cc_host" "${common_flags[@]}" "$driver" -o "$work/host" $host_flags -lm
if [ "$host_is_arm" -eq 1 ]; then
    no_autovectorize=(-fno-tree-vectorize)
    "$cc_host" --version 2>/dev/null | grep -q clang && no_autovectorize=(-fno-vectorize -fno-slp-vectorize)
    # shellcheck disable=SC2046
    check_neon_object host objdump "$cc_host" "${common_flags[@]}" $(pkg-config --cflags libpng) "${no_autovectorize[@]}"
else
    arm_flags=("${common_flags[@]}" -static "-I$work/arm64-include")
    arm_libs=("$arm_lib/libpng16.a" "$arm_lib/libz.a" -lm)
    build aarch64-gcc "$cross_gcc" "${arm_flags[@]}" "$driver" "${arm_libs[@]}" -o "$work/aarch64-gcc"
    check_neon_object aarch64-gcc aarch64-linux-gnu-objdump "$cross_gcc" "${arm_flags[@]}" -fno-tree-vectorize
    if [ -n "$clang" ]; then
        clang_flags=(--target=aarch64-linux-gnu --sysroot=/usr/aarch64-linux-gnu --gcc-toolchain=/usr -fuse-ld=lld)
        if echo 'int main(void) { return 0; }' >"$work/probe.c" &&
            "$clang" "${clang_flags[@]}" -static "$work/probe.c" -o "$work/probe" >/dev/null 2>&1 &&
            "$qemu" "$work/probe"; then
            build aarch64-clang "$clang" "${clang_flags[@]}" "${arm_flags[@]}" "$driver" "${arm_libs[@]}" \
                -o "$work/aarch64-clang"
            check_neon_object aarch64-clang aarch64-linux-gnu-objdump "$clang" "${clang_flags[@]}" "${arm_flags[@]}" \
                -fno-vectorize -fno-slp-vectorize
        else
            echo "== $clang cannot build an aarch64 Linux program here (it needs ld.lld beside it); gcc's build only"
        fi
    else
        echo "== no clang found; gcc's aarch64 build only"
    fi
fi

passed_runs=""
for name in $builds; do
    echo "== run $name"
    case "$name" in
        host) runner="" ;;
        *) runner=$qemu ;;
    esac
    set +e
    $runner "$work/$name" >"$work/$name.out" 2>"$work/$name.err"
    status=$?
    set -e
    grep -v '^digest ' "$work/$name.out" | head -60
    cat "$work/$name.err"
    case "$status" in
        0) passed_runs="$passed_runs $name" ;;
        1) failed "$name: png.c's output differs from the scalar reference (MISMATCH lines above)" ;;
        3) failed "$name: crashed (CRASH line above names the function and input)" ;;
        *) failed "$name: exited with status $status" ;;
    esac
done

# The same generated inputs on both architectures: the digests must agree with the host's. A run
# that already failed has said why; its digests would only repeat it.
if echo "$passed_runs" | grep -q ' host'; then
    grep '^digest ' "$work/host.out" >"$work/host.digests" || true
    for name in $passed_runs; do
        [ "$name" = host ] && continue
        grep '^digest ' "$work/$name.out" >"$work/$name.digests" || true
        if ! diff "$work/host.digests" "$work/$name.digests" >"$work/$name.diff"; then
            cat "$work/$name.diff"
            failed "$name: output digests differ from the host's (< host, > $name)"
        fi
    done
fi

elapsed=$(($(date +%s) - started))
if [ "$fail_count" -ne 0 ]; then
    echo "neon-check: $fail_count failure(s) in ${elapsed} s"
    exit 1
fi
echo "neon-check: OK (builds:$builds) in ${elapsed} s"
