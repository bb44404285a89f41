#!/usr/bin/env bash
# Shows that the faithful instances of `Engine::search` (old/sd, with and without the audit
# counters) are the same machine code in two umax binaries: every instance of the first binary
# is compared, instruction by instruction with addresses blanked, with the instance of the
# same size in the second. Used to prove that adding the uci-only ABORT instance left the
# faithful ones untouched.
#
#   scripts/search-asm-diff.sh OLD_UMAX NEW_UMAX
#
# Exit 0 if every instance of OLD_UMAX has an identical twin in NEW_UMAX.
set -euo pipefail
old=$1 new=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
instances() { nm -S -C "$1" | awk '/ umax::engine::Engine::search$/ {print $1, $2}'; }
dis() { # binary start size
  objdump -d --no-show-raw-insn --start-address=0x"$2" \
    --stop-address="$(printf '0x%x' $((0x$2 + 0x$3)))" "$1" |
    grep -P '^\s+[0-9a-f]+:' |
    sed -E 's/^\s+[0-9a-f]+:\s*//; s/<[^>]*>//g; s/0x[0-9a-f]+/H/g; s/\b[0-9a-f]{5,}\b/A/g'
}
status=0
while read -r start size; do
  twin=$(instances "$new" | awk -v s="$size" '$2 == s {print $1; exit}')
  if [ -z "$twin" ]; then
    echo "search instance of size 0x$size: no twin in $new"; status=1; continue
  fi
  dis "$old" "$start" "$size" > "$tmp/a"
  dis "$new" "$twin" "$size" > "$tmp/b"
  if cmp -s "$tmp/a" "$tmp/b"; then
    echo "search instance of size 0x$size: $(wc -l < "$tmp/a") instructions, identical"
  else
    echo "search instance of size 0x$size: differs"; status=1
  fi
done < <(instances "$old")
echo "instances: $(instances "$old" | wc -l) in $old, $(instances "$new" | wc -l) in $new"
exit $status
