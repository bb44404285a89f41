#!/bin/bash
# ab2.sh ROUNDS BIN... : alternating runs of the bench-vs-c workload (4 games x 4 thinks at
# --nodes 1000000, build $BUILD or old), one command per binary per round; prints, per binary,
# the median and the lowest user seconds and all of them sorted.
[ $# -ge 2 ] || { echo "usage: ab2.sh ROUNDS BIN [BIN..]" >&2; exit 2; }
rounds=$1; shift
case "$rounds" in (''|*[!0-9]*|0) echo "ab2.sh: ROUNDS must be a positive whole number, not '$rounds'" >&2; exit 2 ;; esac
for b in "$@"; do [ -x "$b" ] || { echo "ab2.sh: $b is not an executable file" >&2; exit 2; }; done
mkdir -p /tmp/ab2; for op in e2e4 d2d4 c2c4 g1f3; do printf "%s\n\n\n\n\n" "$op" > /tmp/ab2/g-$op.in; done
for r in $(seq $rounds); do for b in "$@"; do
  /usr/bin/time -f "%U %S" -o /tmp/ab2/t bash -c "for op in e2e4 d2d4 c2c4 g1f3; do $b play --trace --build ${BUILD:-old} --nodes 1000000 < /tmp/ab2/g-\$op.in >/dev/null; done"
  read u s < /tmp/ab2/t; echo "$(basename $b) $u $s"
done; done > /tmp/ab2/log
for b in "$@"; do n=$(basename $b); awk -v n=$n '$1==n{print $2}' /tmp/ab2/log | sort -g | awk -v n=$n '{a[NR]=$1} END{printf "%s user: median %.3f min %.3f (n=%d) all:", n, (NR%2?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2), a[1], NR; for(i=1;i<=NR;i++) printf " %s", a[i]; print ""}'; done
