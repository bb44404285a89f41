#!/usr/bin/env bash
# Records the golden transcripts in tests/golden/ from the C original (never from umax).
#
#   scripts/record-golden.sh                      # all sessions in tests/sessions/, every C twin
#   scripts/record-golden.sh NAME...              # only these sessions (NAME as in NAME.nNODES.uBITS.in)
#   scripts/record-golden.sh --build noiid,sdp    # only these builds (default: all, every C twin)
#
# For each session tests/sessions/NAME.nNODES.uBITS.in and each build with a C twin, the
# instrumented C built by scripts/build-original.sh --nodes NODES --hash-bits BITS is fed the
# session; its output up to the moment it meets end of input (through the (L+1)-th board for L
# input lines; the C then loops forever) is saved as tests/golden/NAME.BUILD.out.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$here/tests/golden"
builds=all
if [ "${1:-}" = --build ]; then builds=$2; shift 2; fi
stdbuf_cmd=()
command -v stdbuf >/dev/null && stdbuf_cmd=(stdbuf -oL)
for f in "$here"/tests/sessions/*.in; do
  base=$(basename "$f" .in)               # NAME.nNODES.uBITS
  bits=${base##*.u}; rest=${base%.u*}
  nodes=${rest##*.n}; name=${rest%.n*}
  if [ $# -gt 0 ]; then
    keep=0; for want in "$@"; do [ "$want" = "$name" ] && keep=1; done
    [ $keep = 1 ] || continue
  fi
  mapfile -t bins < <("$here/scripts/build-original.sh" --nodes "$nodes" --hash-bits "$bits" --build "$builds")
  # lines the C reads: bytes 0..10 end a line; a last partial line counts too
  ends=$(LC_ALL=C tr -dc '\000-\012' < "$f" | wc -c)
  last=$(tail -c1 "$f" | od -An -tu1 | tr -d ' ')
  if [ -n "$last" ] && [ "$last" -gt 10 ]; then ends=$((ends + 1)); fi
  boards=$((ends + 1))
  [ "${#bins[@]}" -gt 0 ] || { echo "record-golden.sh: the C twins did not build" >&2; exit 3; }
  for line in "${bins[@]}"; do
    read -r build _ bin <<< "$line"
    out="$here/tests/golden/$name.$build.out"
    # keep output lines until 8*boards board lines (lines without " ply, ") have been seen
    ( "${stdbuf_cmd[@]}" "$bin" < "$f" || true ) 2>/dev/null \
      | LC_ALL=C awk -v lim=$((8 * boards)) '{ print; if (index($0, " ply, ") == 0) n++; if (n >= lim) exit }' \
      > "$out.tmp" || true
    mv "$out.tmp" "$out"
    echo "$name.$build: $(grep -c ' ply, ' "$out" || true) root iterations, $boards boards"
  done
done
