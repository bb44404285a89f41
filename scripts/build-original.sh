#!/usr/bin/env bash
# Builds the C twins of the builds (micro-Max 3.2 as published, and each variant as a patch of
# original/ against it: the twins are the builds of micromax/src/builds.rs with `c_twin: Some(...)`) with
# gcc -O2 -std=gnu89, plain and instrumented, into an ignored directory.
#
#   scripts/build-original.sh [--nodes N] [--hash-bits B] [--out DIR] [--build NAME[,NAME..]|all]
#                             [--twin]
#   scripts/build-original.sh --runtime --build NAME[,NAME..]|all [--out DIR]
#
# Plain builds (untouched source):   DIR/mm-NAME
# Instrumented builds (root trace):  DIR/mm-NAME-trace-nN-uB
#   - #include <stdio.h>, <stdlib.h> added;
#   - the commented-out root printf enabled (one line per root iteration);
#   - the node limit literal 1e7 replaced by the variable mm_limit, NODES at start (default 1e7);
#   - a line `#L` (L a whole number) sets mm_limit to L for the thinks that follow and is read
#     as no line at all (no board printed): the node clock's per-think limit (umax verify-c);
#     the input buffer c[9] enlarged to c[80] so that such a line fits; once such a line was
#     read, every think is followed by `think N nodes, K,L (K,L)` (its node count and the move
#     offered, which the root trace cannot show when no iteration ran);
#   - the table size U made overridable: U = 2^B + 8 (default B = 24, the published 16777224).
# Without --build: old and sd, printed as four paths, one per line: old, sd, old-trace, sd-trace.
# With --build (a list, or `all`: every build with a C twin): one line per build,
# `NAME PLAIN TRACE`; with --twin also `TWIN`, a timing twin of TRACE:
#   DIR/mm-NAME-twin-nN-uB: the instrumented source, except that getchar() at end of input
#   exits (the C loops forever there, clearing its table and reprinting the board; umax exits),
#   so that a whole process can be timed (scripts/bench-vs-c.sh).
# With --runtime: one line per build, `NAME PLAIN RT`, RT = DIR/mm-NAME-rt: the instrumented source
#   with its limits read at run time instead of compiled in (one binary per build for every limit):
#   the node limit from the environment variable MM_NODES (default 1e7) and the table size from
#   MM_HASH_BITS (U = 2^B + 8; default the published 16777224), the table calloc'ed at start (a
#   static array in the published program: zeroed memory either way). The test harness runs these.
# Each binary is built to a temporary name and renamed, so parallel callers never see half a file;
# a binary newer than its inputs is kept.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
nodes=1e7
bits=24
out="${UMAX_C_DIR:-$here/target/original}"
want=""
twin=""
runtime=""
while [ $# -gt 0 ]; do
  case "$1" in
    --nodes) nodes="$2"; shift 2 ;;
    --hash-bits) bits="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --build) want="$2"; shift 2 ;;
    --twin) twin=1; shift ;;
    --runtime) runtime=1; shift ;;
    -h|--help) sed -n '2,29p' "$0"; exit 0 ;;
    *) echo "build-original.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ -n "$runtime" ] && { [ -z "$want" ] || [ -n "$twin" ]; }; then
  echo "build-original.sh: --runtime needs --build (and builds no timing twin)" >&2; exit 2
fi
if [ -n "$twin" ] && [ -z "$want" ]; then
  echo "build-original.sh: --twin needs --build (each twin is printed as a fourth field of its build's line)" >&2; exit 2
fi
case "$nodes" in (''|*[!0-9e.]*) echo "build-original.sh: --nodes takes a number like 100000 or 1e7, not '$nodes'" >&2; exit 2 ;; esac
case "$bits" in (''|*[!0-9]*) echo "build-original.sh: --hash-bits takes a whole number, not '$bits'" >&2; exit 2 ;; esac
if [ "$bits" -lt 4 ] || [ "$bits" -gt 24 ]; then
  echo "build-original.sh: --hash-bits must be 4..24" >&2; exit 2
fi
command -v gcc >/dev/null || { echo "build-original.sh: gcc not found" >&2; exit 3; }
mkdir -p "$out"
src="$here/original/micro-max-3.2.c"
# The catalogue's C twins: `Name = "name", engine: ..., c_twin: Some("patch")` in micromax/src/builds.rs
# ("" = the untouched original).
declare -A patch_of
twins=()
while read -r name patch; do
  patch_of[$name]=$patch
  twins+=("$name")
done < <(grep -oP '= "\K[a-z0-9]+", engine: [^,]+, c_twin: Some\("[^"]*"\)' "$here/micromax/src/builds.rs" |
  sed -E 's/^([a-z0-9]+)", engine: [^,]+, c_twin: Some\("([^"]*)"\)$/\1 \2/')
[ "${#twins[@]}" -ge 2 ] || { echo "build-original.sh: no C twins found in micromax/src/builds.rs" >&2; exit 4; }
if [ -z "$want" ]; then
  names=(old sd)
elif [ "$want" = all ]; then
  names=("${twins[@]}")
else
  IFS=, read -r -a names <<< "$want"
  for n in "${names[@]}"; do
    [ -n "${patch_of[$n]+x}" ] || {
      echo "build-original.sh: '$n' has no C twin (builds with one: ${twins[*]})" >&2; exit 2; }
  done
fi
cflags=(-O2 -std=gnu89 -w)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

instrument() { # $1 = source in, $2 = source out
  sed -e '1i #include <stdio.h>\n#include <stdlib.h>\n#ifndef NODES\n#define NODES 1e7\n#endif\ndouble mm_limit=NODES;int mm_clock;\ndouble mm_num(int*s){double v=0;while(*s>47\&\&*s<58)v=v*10+*s++-48;return v;}' \
      -e 's|^/\*\(if(z==8)printf.*\);\*/$|\1;|' \
      -e 's/N<1e7/N<mm_limit/' \
      -e 's/^ int j,k=8,\*p,c\[9\];$/ int j,k=8,*p,c[80];/' \
      -e 's/^  p=c;W((\*p++=getchar())>10);/  do{p=c;W((*p++=getchar())>10);}while(*c==35\&\&(mm_limit=mm_num(c+1),mm_clock=1));/' \
      -e 's/^   \(D(k,-I,I,Q,1,1,O,8,0[,0]*);\)/   {\1if(mm_clock)printf("think %d nodes, K,L (%2x,%2x)\\n",N,K,L);}/' \
      -e 's/^#define U 16777224$/#ifndef U\n#define U 16777224\n#endif/' "$1" > "$2"
  grep -q '^if(z==8)printf' "$2" && grep -q 'N<mm_limit' "$2" && grep -q '^#ifndef U' "$2" &&
    grep -q 'while(\*c==35' "$2" && grep -q 'c\[80\];' "$2" && grep -q 'if(mm_clock)printf' "$2" || {
    echo "build-original.sh: instrumenting $1 failed (source changed?)" >&2; exit 4; }
}

exit_at_eof() { # $1 = instrumented source in, $2 = source out: getchar() at end of input exits
  sed -e '2a static int getchar_or_exit(void){int c=getchar();if(c==EOF){fflush(stdout);exit(0);}return c;}' \
      -e 's/(\*p++=getchar())/(*p++=getchar_or_exit())/' "$1" > "$2"
  grep -q 'getchar_or_exit())>10' "$2" || {
    echo "build-original.sh: making the timing twin of $1 failed (source changed?)" >&2; exit 4; }
}

runtime_limits() { # $1 = instrumented source in, $2 = source out: limits from the environment
  sed -e '/^#ifndef U$/,/^#endif$/c int U=16777224;' \
      -e 's/^struct _ {int K,V;char X,Y,D;} A\[U\];/struct _ {int K,V;char X,Y,D;} *A;/' \
      -e 's/^ int j,k=8,\*p,c\[80\];$/ int j,k=8,*p,c[80];\n {char*s=getenv("MM_HASH_BITS");if(s)U=(1<<atoi(s))+8;s=getenv("MM_NODES");if(s)mm_limit=atof(s);A=calloc(U,sizeof*A);if(!A)exit(3);}/' \
      "$1" > "$2"
  grep -q 'mm_limit=atof(s)' "$2" && grep -q '^int U=16777224;' "$2" && grep -q '} \*A;' "$2" && grep -q 'A=calloc' "$2" || {
    echo "build-original.sh: the run-time-limits source of $1 failed (source changed?)" >&2; exit 4; }
}

build() { # $1 = source, $2 = output, $3 = patch file or "", rest = extra flags
  local s="$1" o="$2" p="$3"; shift 3
  if [ -x "$o" ] && [ "$o" -nt "$src" ] && { [ -z "$p" ] || [ "$o" -nt "$p" ]; } && [ "$o" -nt "$0" ]; then
    return 0
  fi
  gcc "${cflags[@]}" "$@" -o "$o.tmp.$$" "$s"
  mv -f "$o.tmp.$$" "$o"
}

u=$(( (1 << bits) + 8 ))
for v in "${names[@]}"; do
  cp "$src" "$tmp/$v.c"
  pf=""
  if [ -n "${patch_of[$v]}" ]; then
    pf="$here/original/${patch_of[$v]}"
    patch -s --no-backup-if-mismatch "$tmp/$v.c" < "$pf"
  fi
  build "$tmp/$v.c" "$out/mm-$v" "$pf"
  instrument "$tmp/$v.c" "$tmp/$v-trace.c"
  if [ -n "$runtime" ]; then
    runtime_limits "$tmp/$v-trace.c" "$tmp/$v-rt.c"
    build "$tmp/$v-rt.c" "$out/mm-$v-rt" "$pf"
    continue
  fi
  build "$tmp/$v-trace.c" "$out/mm-$v-trace-n$nodes-u$bits" "$pf" -DNODES="$nodes" -DU="$u"
  if [ -n "$twin" ]; then
    exit_at_eof "$tmp/$v-trace.c" "$tmp/$v-twin.c"
    build "$tmp/$v-twin.c" "$out/mm-$v-twin-n$nodes-u$bits" "$pf" -DNODES="$nodes" -DU="$u"
  fi
done
if [ -n "$runtime" ]; then
  for v in "${names[@]}"; do echo "$v $out/mm-$v $out/mm-$v-rt"; done
elif [ -z "$want" ]; then
  echo "$out/mm-old"
  echo "$out/mm-sd"
  echo "$out/mm-old-trace-n$nodes-u$bits"
  echo "$out/mm-sd-trace-n$nodes-u$bits"
else
  for v in "${names[@]}"; do
    echo "$v $out/mm-$v $out/mm-$v-trace-n$nodes-u$bits${twin:+ $out/mm-$v-twin-n$nodes-u$bits}"
  done
fi
