#!/usr/bin/env bash
# Builds the C original (micro-Max 3.2 as published, and with original/self-deepening.patch)
# with gcc -O2 -std=gnu89, plain and instrumented, into an ignored directory.
#
#   scripts/build-original.sh [--nodes N] [--hash-bits B] [--out DIR]
#
# Plain builds (untouched source):   DIR/mm-old          DIR/mm-sd
# Instrumented builds (root trace):  DIR/mm-old-trace-nN-uB  DIR/mm-sd-trace-nN-uB
#   - #include <stdio.h>, <stdlib.h> added;
#   - the commented-out root printf enabled (one line per root iteration);
#   - the node limit literal 1e7 replaced by the macro NODES (default 1e7);
#   - the table size U made overridable: U = 2^B + 8 (default B = 24, the published 16777224).
# Prints the four paths, one per line: old, sd, old-trace, sd-trace.
# Each binary is built to a temporary name and renamed, so parallel callers never see half a file;
# a binary newer than its inputs is kept.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
nodes=1e7
bits=24
out="${UMAX_C_DIR:-$here/target/original}"
while [ $# -gt 0 ]; do
  case "$1" in
    --nodes) nodes="$2"; shift 2 ;;
    --hash-bits) bits="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "build-original.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
case "$nodes" in (''|*[!0-9e.]*) echo "build-original.sh: --nodes takes a number like 100000 or 1e7, not '$nodes'" >&2; exit 2 ;; esac
case "$bits" in (''|*[!0-9]*) echo "build-original.sh: --hash-bits takes a whole number, not '$bits'" >&2; exit 2 ;; esac
if [ "$bits" -lt 4 ] || [ "$bits" -gt 24 ]; then
  echo "build-original.sh: --hash-bits must be 4..24" >&2; exit 2
fi
command -v gcc >/dev/null || { echo "build-original.sh: gcc not found" >&2; exit 3; }
mkdir -p "$out"
src="$here/original/micro-max-3.2.c"
patchfile="$here/original/self-deepening.patch"
cflags=(-O2 -std=gnu89 -w)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# sources: old = untouched file; sd = untouched file + patch
cp "$src" "$tmp/old.c"
cp "$src" "$tmp/sd.c"
patch -s --no-backup-if-mismatch "$tmp/sd.c" < "$patchfile"

instrument() { # $1 = source in, $2 = source out
  sed -e '1i #include <stdio.h>\n#include <stdlib.h>' \
      -e 's|^/\*\(if(z==8)printf.*\);\*/$|\1;|' \
      -e 's/N<1e7/N<NODES/' \
      -e 's/^#define U 16777224$/#ifndef U\n#define U 16777224\n#endif/' "$1" > "$2"
  grep -q '^if(z==8)printf' "$2" && grep -q 'N<NODES' "$2" && grep -q '^#ifndef U' "$2" || {
    echo "build-original.sh: instrumenting $1 failed (source changed?)" >&2; exit 4; }
}

build() { # $1 = source, $2 = output, rest = extra flags
  local s="$1" o="$2"; shift 2
  if [ -x "$o" ] && [ "$o" -nt "$src" ] && [ "$o" -nt "$patchfile" ] && [ "$o" -nt "$0" ]; then
    return 0
  fi
  gcc "${cflags[@]}" "$@" -o "$o.tmp.$$" "$s"
  mv -f "$o.tmp.$$" "$o"
}

u=$(( (1 << bits) + 8 ))
for v in old sd; do
  build "$tmp/$v.c" "$out/mm-$v"
  instrument "$tmp/$v.c" "$tmp/$v-trace.c"
  build "$tmp/$v-trace.c" "$out/mm-$v-trace-n$nodes-u$bits" -DNODES="$nodes" -DU="$u"
done
echo "$out/mm-old"
echo "$out/mm-sd"
echo "$out/mm-old-trace-n$nodes-u$bits"
echo "$out/mm-sd-trace-n$nodes-u$bits"
