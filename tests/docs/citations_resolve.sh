#!/usr/bin/env bash
# Every bracketed source tag the code and the documentation cite ([Craig], [TML], [VP], ...) is
# listed in docs/references.md, so a reader can look each one up.
# Usage: citations_resolve.sh SOURCE_DIR
set -euo pipefail
cd "$1"
# Tags: a capitalised word in brackets followed by a citation's usual continuation (an equation,
# a section, a table, "ch.", "'s", a comma or the end of a sentence); usage placeholders such as
# [OPTIONS] or [MODEL] are upper case and not matched.
tags=$(grep -rhoE "\[[A-Z][a-z][A-Za-z]*\]|\[[A-Z]{2,5}\]( \(|( §)| (Table|Fig|ch\.|eq)|'s|,|\))" \
         include src apps docs README.md tests bench peers examples 2>/dev/null |
       grep -oE '\[[A-Za-z]+\]' | grep -vE '^\[(OPTIONS|MODEL|N|FILE|DIR|LIST)\]$' | sort -u)
missing=0
for t in $tags; do
  if ! grep -qF "\`$t\`" docs/references.md; then
    echo "$t is cited but not listed in docs/references.md"
    missing=1
  fi
done
if [ "$missing" -ne 0 ]; then exit 1; fi
echo "every cited tag resolves in docs/references.md: $(echo $tags | tr '\n' ' ')"
