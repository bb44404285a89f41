#!/usr/bin/env bash
# Shows that the faithful instances of `Engine::search` are the same machine code in two umax
# binaries: each faithful (plain) instance of NEW_UMAX — one per build, found through
# `umax builds --instances` — is compared, instruction by instruction with addresses, offsets
# and alignment padding masked, with every instance in OLD_UMAX; it must have an identical one.
# Used to prove that adding instrumented instances (the uci-only ABORT instance, the audit
# counters of `umax anatomy`, ...) left the faithful ones untouched. The audit and abort
# instances are listed too, for information: those are what such a change extends.
#
#   scripts/search-asm-diff.sh OLD_UMAX NEW_UMAX
#
# Exit 0 if every plain instance of NEW_UMAX has an identical twin in OLD_UMAX.
# (A field added to `Engine` moves offsets, which can change an instruction's encoding and so an
# instance's size, not its instructions: instances are paired by their masked text.)
set -euo pipefail
old=$1 new=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
instances() { nm -S -C "$1" | awk '/ (umax::engine|micromax::mm32)::search::<impl (umax::engine|micromax::mm32)::Engine>::search$/ {print $1, $2}'; }
dis() { # binary start size
  objdump -d --no-show-raw-insn --start-address=0x"$2" \
    --stop-address="$(printf '0x%x' $((0x$2 + 0x$3)))" "$1" |
    grep -P '^\s+[0-9a-f]+:' |
    sed -E 's/^\s+[0-9a-f]+:\s*//; s/<[^>]*>//g; s/0x[0-9a-f]+/H/g; s/\b[0-9a-f]{5,}\b/A/g' |
    grep -v -E '^(nop|data16 .*nop|cs nop|xchg +%ax,%ax)' || true
}
i=0
while read -r start size; do
  dis "$old" "$start" "$size" > "$tmp/old.$i"; i=$((i + 1))
done < <(instances "$old")
# run-time addresses of NEW's top-level instances, turned into nm's addresses
"$new" builds --instances > "$tmp/addr"
ref_run=$(awk '$1 == "ref" {print $3}' "$tmp/addr")
ref_nm=$(nm "$new" | awk '/ [tT] .*6builds18instance_addresses/ {print $1}' | head -1)
[ -n "$ref_nm" ] || { echo "no instance_addresses symbol in $new" >&2; exit 2; }
delta=$(( ref_run - 0x$ref_nm ))
nm -S "$new" | awk '/ [tT] .*(6engine6Engine6search|mm326search.*Engine.*6search)/ {print $1, $2}' > "$tmp/search"
status=0
while read -r build kind addr; do
  [ "$build" = ref ] && continue
  top=$(printf '%x' $(( addr - delta )))
  # the top-level wrapper (the root's set-up, then a jump or call) leads to its search instance
  target=$(objdump -d --no-show-raw-insn --start-address=0x"$top" \
    --stop-address="$(printf '0x%x' $((0x$top + 2048)))" "$new" |
    grep -m1 -oP '(jmp|call)\s+\K[0-9a-f]+(?= <_ZN(4umax6engine6Engine6search|8micromax4mm326search))' || true)
  if [ -z "$target" ]; then
    echo "$build $kind: its wrapper at 0x$top does not lead to a search instance" >&2; status=1; continue
  fi
  size=$(awk -v t="$target" '{a=$1; sub(/^0+/, "", a)} a == t {print $2; exit}' "$tmp/search")
  dis "$new" "$target" "$size" > "$tmp/n"
  twin=""
  for f in "$tmp"/old.*; do
    if cmp -s "$tmp/n" "$f"; then twin=yes; break; fi
  done
  n=$(wc -l < "$tmp/n")
  if [ -n "$twin" ]; then
    echo "$build $kind: $n instructions, identical to an instance of $old"
  else
    echo "$build $kind: $n instructions, no identical instance in $old"
    [ "$kind" = plain ] && status=1
  fi
done < "$tmp/addr"
echo "instances: $(instances "$old" | wc -l) in $old, $(instances "$new" | wc -l) in $new"
exit $status
