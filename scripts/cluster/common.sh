# Helpers shared by parallel-match.sh and slurm-local.sh (sourced, not run).
#
# The caller sets `script` (its name) and `repo` (the repository root) before sourcing.

# The proof match: small enough for a shared 2-core VM, long enough to have every kind of game.
games=40
nodes=20000
hash_bits=16
shards=4

say() { printf '%s\n' "$*"; }
step() { printf '\n== %s  [%s]\n' "$*" "$(date -u +%H:%M:%S)"; }
# Prints a command (on the script's own stderr, fd 3, so it shows in the log even when the
# command's output is redirected or captured), then runs it.
exec 3>&2
run() {
  local a line='+'
  for a in "$@"; do
    if [[ "$a" =~ ^[A-Za-z0-9_./:=,{}%@+-]+$ ]]; then line+=" $a"; else line+=" $(printf '%q' "$a")"; fi
  done
  printf '%s\n' "$line" >&3
  "$@"
}
die() {
  printf '%s: %s\n' "$script" "$*" >&2
  exit 1
}
# The options of the proof match both scripts take: `shared_option NAME VALUE` sets it and
# succeeds, or fails for an option of the caller's own.
shared_option() {
  case "$1" in --games|--nodes|--hash-bits|--shards|--keep) ;; *) return 1 ;; esac
  [ $# -ge 2 ] || die "$1 needs a value"
  case "$1" in
    --games) games=$2 ;;
    --nodes) nodes=$2 ;;
    --hash-bits) hash_bits=$2 ;;
    --shards) shards=$2 ;;
    --keep) keep=$2 ;;
  esac
}

# The exact command and where it ran, for the committed logs.
header() {
  say "command: $script_command"
  say "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  say "commit: $(git -C "$repo" rev-parse HEAD 2>/dev/null || echo unknown)$(git -C "$repo" diff --quiet HEAD -- src tests scripts Cargo.toml Cargo.lock 2>/dev/null || echo ' (with uncommitted changes to the code)')"
  say "machine: $(uname -srm), $(nproc) cores, $(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME")"
}

# need_packages COMMAND:PACKAGE ...: installs the Debian packages whose command is missing
# (apt-get, as root), or names them and stops.
need_packages() {
  local pair missing=()
  for pair in "$@"; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  # One package may provide several of the commands.
  mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    step "installing ${missing[*]}"
    run apt-get update -qq
    DEBIAN_FRONTEND=noninteractive run apt-get install -y -qq "${missing[@]}"
  else
    die "needs the Debian packages: ${missing[*]} (as root: apt-get install -y ${missing[*]})"
  fi
}

# Builds umax (release) and sets $umax.
# The work directory: --keep DIR (made new and kept) or a fresh temporary one named PREFIX.XXXXXX.
# Sets $work; the caller decides what to remove on exit.
make_work_dir() {
  local keep=$1 prefix=$2
  if [ -n "$keep" ]; then
    [ -e "$keep" ] && die "--keep $keep: exists already"
    mkdir -p "$keep"
    work=$(cd "$keep" && pwd)
  else
    work=$(mktemp -d "${TMPDIR:-/tmp}/$prefix.XXXXXX")
  fi
}

build_umax() {
  command -v cargo >/dev/null 2>&1 ||
    die "needs cargo (Rust >= 1.85 for edition 2024; https://rustup.rs)"
  step "build"
  (cd "$repo" && run cargo build --release --quiet)
  umax="$repo/target/release/umax"
  [ -x "$umax" ] || die "no $umax after the build"
}

# The options of the proof match every run shares (the settings string of its rows).
match_options() {
  printf '%s\n' --nodes "$nodes" --games "$games" --hash-bits "$hash_bits"
}

# single_run DIR: the reference, one `umax match` over the whole match.
single_run() {
  step "reference: one umax match over the whole match"
  mapfile -t opts < <(match_options)
  run "$umax" match "${opts[@]}" --concurrency 1 --no-progress --out "$1" |
    grep -E '^(Score of|Games:)'
}

# merge_and_compare SINGLE_DIR SHARD_CSV...: merges the shards with `umax report` and checks
# their rows against the single run's. Returns rows-equal.py's status.
merge_and_compare() {
  local single=$1
  shift
  step "merge: umax report over the shards"
  run "$umax" report "$@" --out "$(dirname "$(dirname "$1")")/merged" --no-plots
  step "equality: merged rows against the single run (time columns aside)"
  run python3 "$repo/scripts/cluster/rows-equal.py" "$single/games.csv" "$@"
}
