#!/usr/bin/env bash
# The A/B loop of ab-log.md: usage: ab.sh BUILD ROUNDS BIN1 BIN2 ...
# Prints one line per round: for each binary, in turn, CPU s (user+sys) of the bench-vs-c
# workload (4 games x 4 thinks at --nodes 1000000, one `play --trace` process per game) as
# "name cpu (u user s sys) md5-of-the-output".
# (Round 6 ran it with the game files written by hand beforehand; the first lines below write
# the same files.)
set -euo pipefail
build=$1; rounds=$2; shift 2
mkdir -p /tmp/ab
for op in e2e4 d2d4 c2c4 g1f3; do printf "%s\n\n\n\n\n" "$op" > "/tmp/ab/game-$op.in"; done
for r in $(seq "$rounds"); do
  line=""
  for bin in "$@"; do
    name=$(basename "$bin")
    /usr/bin/time -f "%U %S" -o /tmp/ab/t.$$ bash -c "for op in e2e4 d2d4 c2c4 g1f3; do $bin play --trace --build $build --nodes 1000000 < /tmp/ab/game-\$op.in; done" > /tmp/ab/out.$$ 2>&1
    read -r u s < /tmp/ab/t.$$
    md=$(md5sum < /tmp/ab/out.$$ | cut -c1-8)
    line="$line $name $(echo "$u + $s" | bc) (u $u s $s) $md"
  done
  echo "$line"
done
