#!/usr/bin/env bash
# The PDF/A validator against the veraPDF corpus (../shared/corpus/pdfa): every file's verdict
# against its name. A pass file is right when it is accepted; a fail file when it is rejected
# and the clause in its name is among the clauses reported. Prints per-clause figures, the
# total, and the disagreements not listed in bench/pdfa/known.tsv (with their reasons).
# Usage: bench/pdfa-corpus.sh [legible binary] (default .build/release/legible, else debug)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-}
if [ -z "$BIN" ]; then
  if [ -x .build/release/legible ]; then BIN=.build/release/legible; else BIN=.build/debug/legible; fi
fi
CORPUS=${PDFA_CORPUS:-../shared/corpus/pdfa}
[ -d "$CORPUS" ] || { echo "no corpus at $CORPUS" >&2; exit 3; }
KNOWN=bench/pdfa/known.tsv
OUT=${PDFA_OUT:-/tmp/pdfa-corpus-results.tsv}
: > "$OUT"
find "$CORPUS" -name '*.pdf' | sort | while IFS= read -r f; do
  base=$(basename "$f" .pdf)
  level=2b; case "$f" in *PDF_A-2u*) level=2u;; esac
  # "veraPDF test suite 6-2-4-3-t01-fail-a" -> clause 6.2.4.3, expected fail
  id=${base##* }
  clause=$(echo "$id" | sed -E 's/-t[0-9]+-(pass|fail)-[a-z]+$//' | tr - .)
  expect=$(echo "$id" | sed -E 's/.*-t[0-9]+-(pass|fail)-[a-z]+$/\1/')
  set +e
  report=$("$BIN" check --pdfa=$level "$f" 2>&1)
  rc=$?
  set -e
  first=${report%%$'\n'*}
  clauses=$(printf '%s\n' "$first" | sed -nE 's/.*\(clauses (.*)\)$/\1/p' | tr -d ' ')
  if [ "$expect" = pass ]; then
    if [ $rc -eq 0 ]; then verdict=right; else verdict=wrong; fi
  else
    if [ $rc -eq 9 ] && echo ",$clauses," | grep -q ",$clause,"; then verdict=right
    elif [ $rc -eq 9 ]; then verdict=other-clause
    else verdict=wrong; fi
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$level" "$clause" "$id" "$expect" "$verdict" "$clauses" >> "$OUT"
done
awk -F'\t' '
  { fam=$2; n[fam]++; if ($5=="right") r[fam]++; tot++; if ($5=="right") rt++;
    if ($4=="fail" && $5!="wrong") rej++; if ($4=="fail") nf++ }
  END {
    printf "%-12s %6s %6s %8s\n", "clause", "files", "right", "share";
    for (f in n) printf "%-12s %6d %6d %7.1f%%\n", f, n[f], r[f], 100*r[f]/n[f] | "sort -V";
    close("sort -V");
    printf "TOTAL %d files, %d classified right (%.1f%%); fail files rejected at all: %d/%d\n", tot, rt, 100*rt/tot, rej, nf
  }' "$OUT"
echo "disagreements (not in $KNOWN):"
awk -F'\t' '$5!="right" {print $3"\t"$5"\t"$6}' "$OUT" | while IFS=$'\t' read -r id v c; do
  if [ -f "$KNOWN" ] && grep -q "^$id	" "$KNOWN"; then continue; fi
  echo "  $id $v [$c]"
done
