# The one step of every run queue (scripts/*-queue.sh source this file from beside them): run DIR
# ARGS... plays `umax ARGS --out DIR` unless DIR.done says it finished, resuming what DIR holds
# (games.csv, or a tournament's tournament.txt), two games at once, its output in DIR.log; a
# finished run leaves DIR.done. A STOP file in the runs' directory ends the queue before the next
# run (a run itself can be killed at any moment and resumed). Needs UMAX (a copy of the binary
# that no rebuild replaces) and the runs' directory as the working directory.
run() { # dir, args...
  local d=$1; shift
  [ -f STOP ] && { echo "STOP file: not starting $d"; exit 0; }
  [ -e "$d.done" ] && { echo "== $d finished before: skipped"; return; }
  local r=(); { [ -e "$d/games.csv" ] || [ -e "$d/tournament.txt" ]; } && r=(--resume)
  mkdir -p "$(dirname "$d")"
  echo "== $(date -u +%FT%TZ) $d ${r[*]} ($UMAX)"
  "$UMAX" "$@" --out "$d" "${r[@]}" --concurrency 2 --no-progress >>"$d.log" 2>&1
  local rc=$?
  echo "== $(date -u +%FT%TZ) $d exit $rc"
  [ $rc = 0 ] && touch "$d.done"
}
