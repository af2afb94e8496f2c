#!/usr/bin/env bash
# Fails when user-facing text (docs/, include/, src/, apps/, README.md) uses the words of the
# project's working notes instead of citing docs/references.md and docs/errata.md. The one
# allowed "seed" is the random-number seed (`armdyn check --seed`, its parameter and variables).
# Usage: no_internal_words.sh SOURCE_DIR
set -euo pipefail
cd "$1"
pattern='\b(digest|oracle|OCR|seed)\b|this (two-core )?machine|as of this writing|commit [0-9a-f]{7}'
# Random-number seeds, removed from a line before it is checked again.
allowed='--seed|random seed|seed S\]|std::uint64_t seed|rng\(seed\)|opts(\.|->)seed|`seed`|seed " <<|"seed"'
hits=$(grep -rnIiE "$pattern" docs include src apps README.md | sed -E "s/$allowed//g" | grep -iE "$pattern" || true)
if [ -n "$hits" ]; then
  echo "$hits"
  echo
  echo "Internal words in user-facing files (above): cite docs/references.md or docs/errata.md instead."
  exit 1
fi
echo "no internal words in docs/, include/, src/, apps/, README.md"
