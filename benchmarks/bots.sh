#!/usr/bin/env bash
# The bot-strength benchmarks behind benchmarks/bots.md: seeded, so they repeat exactly.
# Usage: benchmarks/bots.sh [GAME]   (writes benchmarks/results/<game>-<matchup>.json)
set -euo pipefail
cd "$(dirname "$0")/.."
py=${PYTHON:-.venv/bin/python}
run() {  # game games seats name [more sim arguments, such as --equal-slap]
  "$py" -m cardtable sim "$1" --players 4 --seats "$3" --games "$2" --seed 1 --json \
    --jobs "${JOBS:-1}" "${@:5}" > "benchmarks/results/$1-$4.json"
  echo "$1 $4: $(cat "benchmarks/results/$1-$4.json")"
}
game=${1:-all}
if [[ $game == all || $game == what-the-heck ]]; then
  run what-the-heck 2000 hard,random,random,random hard-vs-random
  run what-the-heck 2000 hard,medium,medium,medium hard-vs-medium
  run what-the-heck 2000 medium,random,random,random medium-vs-random
fi
if [[ $game == all || $game == what-the-heck-outside ]]; then
  # What the Heck? against outside opponents (issue 15): benchmarks/wth_outside.py plays the
  # same games as cardtable sim with the published strategies registered as extra levels,
  # one process each, and saves benchmarks/results/wth-NAME.json every 50 games.
  for run in "ross,hard,hard,hard ross-vs-3hard" "buzzard,hard,hard,hard buzzard-vs-3hard" \
    "montecarlo,hard,hard,hard montecarlo-vs-3hard" "medium,hard,hard,hard medium-vs-3hard" \
    "hard,ross hard-vs-ross-2p" "hard,buzzard hard-vs-buzzard-2p" \
    "hard,montecarlo hard-vs-montecarlo-2p" "hard,random,random,random hard-vs-3random" \
    "hard,medium,medium,medium hard-vs-3medium"; do
    read -r seats name <<< "$run"
    PYTHONPATH=. "$py" benchmarks/wth_outside.py strength "$seats" "$name" 2000
  done
  PYTHONPATH=. "$py" benchmarks/wth_outside.py times 20
  PYTHONPATH=. "$py" benchmarks/wth_outside.py times 20 --timed
fi
if [[ $game == all || $game == mean ]]; then
  run mean 2000 hard,random,random,random hard-vs-random
  run mean 2000 hard,medium,medium,medium hard-vs-medium
  run mean 2000 medium,random,random,random medium-vs-random
fi
if [[ $game == all || $game == hit-the-deck ]]; then
  run hit-the-deck 2000 hard,random,random,random hard-vs-random
  run hit-the-deck 2000 hard,medium,medium,medium hard-vs-medium
  run hit-the-deck 2000 hard,medium,medium,medium hard-vs-medium-equal-slap --equal-slap
  run hit-the-deck 2000 medium,medium,medium,medium medium-vs-medium-equal-slap --equal-slap
  run hit-the-deck 2000 expert,hard,hard,hard expert-vs-hard
  run hit-the-deck 1000 medium,random,random,random medium-vs-random
fi
if [[ $game == all || $game == copycat ]]; then
  # Copy Cat's runs are long (the hard bot searches every play): benchmarks/copycat_bots.py
  # plays the same matches and saves its figures every 50 games, so a cut-short run counts.
  PYTHONPATH=. "$py" benchmarks/copycat_bots.py strength hard,random,random,random hard-vs-random 2000
  PYTHONPATH=. "$py" benchmarks/copycat_bots.py strength hard,medium,medium,medium hard-vs-medium 2000
  PYTHONPATH=. "$py" benchmarks/copycat_bots.py timing 30
fi
if [[ $game == all || $game == spite-malice ]]; then
  run spite-malice 2000 hard,random,random,random hard-vs-random
  run spite-malice 2000 hard,medium,medium,medium hard-vs-medium
fi
