#!/usr/bin/env bash
# Copies a run's files (command.txt, games.csv, games.pgn; tournament.txt and every pairing's
# for a tournament) from the directory a background run writes into to results/, whole rows
# only: a copy that catches a row mid-write (its last byte not a newline) is taken again.
#   scripts/copy-run.sh /work/runs-out/iid-scaled-60 results/iid-scaled-60
# Then: umax report DIR/games.csv (each match or pairing), umax tournament --rate DIR, and the
# reports that follow the rows: python3 scripts/report/report.py, python3 scripts/effort.py.
set -euo pipefail
src=${1:?source run directory}; dst=${2:?destination under results/}
copy() { # one match directory
  local s=$1 d=$2 f
  mkdir -p "$d"
  for f in command.txt games.csv games.pgn; do
    [ -e "$s/$f" ] || continue
    for try in 1 2 3 4 5; do
      cp -p "$s/$f" "$d/$f.part"
      if [ ! -s "$d/$f.part" ] || [ "$(tail -c1 "$d/$f.part" | od -An -c | tr -d ' ')" = '\n' ]; then break; fi
      sleep 1
    done
    mv "$d/$f.part" "$d/$f"
  done
}
if [ -e "$src/tournament.txt" ]; then
  mkdir -p "$dst"; cp -p "$src/tournament.txt" "$dst/"
  for p in "$src"/*/; do [ -e "$p/games.csv" ] && copy "$p" "$dst/$(basename "$p")"; done
else
  copy "$src" "$dst"
fi
