#!/usr/bin/env bash
# The bot-strength figures of benchmarks/bots.md ("Current figures"): seeded, so they repeat
# exactly for the same code. Each writes benchmarks/results/<game>-<matchup>.json (What the
# Heck?'s, with the outside strategies seated, wth-<matchup>.json).
# Usage: benchmarks/bots.sh [GAME] [GAMES]   (GAMES: 2000 unless given; JOBS=2: two processes)
# A full run of every game is some twenty hours of CPU: run one game at a time.
set -euo pipefail
cd "$(dirname "$0")/.."
py=${PYTHON:-.venv/bin/python}
games=${2:-2000}
run() {  # game games seats name [more sim arguments: --equal-slap, --seed N]
  "$py" -m cardtable sim "$1" --players 4 --seats "$3" --games "$2" --seed 1 --json \
    --jobs "${JOBS:-1}" "${@:5}" > "benchmarks/results/$1-$4.json"
  echo "$1 $4: $(cat "benchmarks/results/$1-$4.json")"
}
outside() {  # seats name: What the Heck? with the published strategies as extra levels
  PYTHONPATH=. "$py" benchmarks/wth_outside.py strength "$1" "$2" "$games"
}
game=${1:-all}
if [[ $game == all || $game == what-the-heck ]]; then
  outside hard,random,random,random hard-vs-3random
  outside hard,medium,medium,medium hard-vs-3medium
  outside expert,hard,hard,hard expert-vs-3hard
  for name in ross montecarlo buzzard medium; do
    outside "$name,hard,hard,hard" "$name-vs-3hard"
  done
  for name in ross buzzard montecarlo; do
    outside "hard,$name" "hard-vs-$name-2p"
  done
fi
if [[ $game == all || $game == mean ]]; then
  run mean "$games" hard,random,random,random hard-vs-random
  run mean "$games" hard,medium,medium,medium hard-vs-medium
  run mean "$games" expert,hard,hard,hard expert-vs-hard
fi
if [[ $game == all || $game == hit-the-deck ]]; then
  run hit-the-deck "$games" hard,random,random,random hard-vs-random
  run hit-the-deck "$games" hard,medium,medium,medium hard-vs-medium
  run hit-the-deck "$games" hard,medium,medium,medium hard-vs-medium-equal-slap --equal-slap
  run hit-the-deck "$games" medium,medium,medium,medium medium-vs-medium-equal-slap --equal-slap
  run hit-the-deck "$games" expert,hard,hard,hard expert-vs-hard-equal-slap --equal-slap
fi
if [[ $game == all || $game == copycat ]]; then
  # Copy Cat's hard searches every play: 2,000 matches are about 70 CPU minutes each.
  run copycat "$games" hard,random,random,random hard-vs-random
  run copycat "$games" hard,medium,medium,medium hard-vs-medium
  run copycat "$games" medium,medium,medium,medium medium-vs-medium
  run copycat "$games" medium,random,random,random medium-vs-random
  run copycat "$(( games < 800 ? games : 800 ))" expert,hard,hard,hard expert-vs-hard-800
fi
if [[ $game == all || $game == spite-malice ]]; then
  run spite-malice "$games" hard,random,random,random hard-vs-random
  for seed in 1 2 3; do
    run spite-malice "$games" hard,medium,medium,medium "hard-vs-medium-seed$seed" --seed "$seed"
  done
  run spite-malice "$games" expert,hard,hard,hard expert-vs-hard
fi
