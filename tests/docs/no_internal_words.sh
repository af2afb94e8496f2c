#!/usr/bin/env bash
# Fails when user-facing text (docs/, include/, src/, apps/, README.md) uses the words of the
# project's working notes instead of citing docs/references.md and docs/errata.md. The one
# allowed "seed" is the random-number seed (`armdyn check --seed`, its parameter and variables).
# The tests, the Python package, the benchmarks, the fuzz targets and the examples cite the same
# way (there "seed" is a random seed or a dual number's seed direction).
# Usage: no_internal_words.sh SOURCE_DIR
set -euo pipefail
cd "$1"
notes='\b(digest|oracle|OCR)\b|this (two-core )?machine|as of this writing|commit [0-9a-f]{7}|\bissue [0-9]+'
pattern="$notes|\\bseed\\b"
# Random-number seeds, removed from a line before it is checked again.
allowed='--seed|random seed|seed S\]|std::uint64_t seed|rng\(seed\)|opts(\.|->)seed|`seed`|seed " <<|"seed"'
hits=$(grep -rnIiE "$pattern" docs include src apps README.md | sed -E "s/$allowed//g" | grep -iE "$pattern" || true)
hits+=$(grep -rnIiE "$notes" tests python bench fuzz examples --exclude=no_internal_words.sh --exclude-dir=data --exclude-dir=corpus | grep -v hexdigest || true)
if [ -n "$hits" ]; then
  echo "$hits"
  echo
  echo "Internal words in user-facing files (above): cite docs/references.md or docs/errata.md instead."
  exit 1
fi
echo "no internal words in docs/, include/, src/, apps/, README.md, tests/, python/, bench/, fuzz/, examples/"
