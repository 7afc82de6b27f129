#!/usr/bin/env bash
# Batch throughput: N one-page documents through `legible batch` against the same N pages as
# one document through `legible ocr`, both with -j 2, one after the other in the same run.
# Issue 9 asks the batch to reach at least 90 % of the single document's pages per second.
# Pages cycle through the OCR corpus's 30-page scan (make it with ../shared/bench/ocr, see
# bench/run-ocr-bench.sh). Then the batch is killed halfway and restarted: the restart must
# finish without redoing finished files.
# Environment: BATCH_PAGES (default 500), OCR_CORPUS (default /tmp/ocrcorpus), LEGIBLE_BIN,
# BATCH_BENCH_OUT (default /tmp/legible-batch-bench).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${BATCH_PAGES:-500}
SOURCE=${OCR_CORPUS:-/tmp/ocrcorpus}/docs/multi30.pdf
BIN=${LEGIBLE_BIN:-$PWD/.build/release/legible}
OUT=${BATCH_BENCH_OUT:-/tmp/legible-batch-bench}
export OMP_THREAD_LIMIT=1
[ -f "$SOURCE" ] || { echo "no $SOURCE: make the OCR corpus first (bash bench/run-ocr-bench.sh)" >&2; exit 2; }
[ -x "$BIN" ] || { echo "no $BIN: make build first" >&2; exit 2; }
rm -rf "$OUT" && mkdir -p "$OUT/singles" "$OUT/batch" "$OUT/resumed"

ranges=""
for ((start = 1; start <= N; start += 30)); do
  last=$(( N - start + 1 < 30 ? N - start + 1 : 30 ))
  ranges="${ranges:+$ranges,}1-$last"
done
qpdf --empty --pages "$SOURCE" "$ranges" -- "$OUT/all.pdf"
for ((i = 1; i <= N; i++)); do
  qpdf --empty --pages "$SOURCE" $(( (i - 1) % 30 + 1 )) -- "$OUT/singles/page-$(printf %04d "$i").pdf"
done

now() { date +%s.%N; }
t0=$(now); "$BIN" ocr -q -j 2 "$OUT/all.pdf" "$OUT/all-ocr.pdf"; t1=$(now)
"$BIN" batch -q -j 2 "$OUT/singles" "$OUT/batch" > /dev/null; t2=$(now)

# Kill a batch halfway (by time: half the single document's duration), then resume it.
half=$(echo "($t1 - $t0) / 2" | bc -l)
"$BIN" batch -q -j 2 "$OUT/singles" "$OUT/resumed" > /dev/null & pid=$!
sleep "$half"; kill -KILL "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
before=$(find "$OUT/resumed" -name 'page-*.pdf' | wc -l)
"$BIN" batch -j 2 "$OUT/singles" "$OUT/resumed" --report "$OUT/resumed.json" > /dev/null 2>&1 || true
after=$(find "$OUT/resumed" -name 'page-*.pdf' | wc -l)
python3 - "$OUT/resumed.json" "$N" "$before" "$after" "$t0" "$t1" "$t2" <<'PY'
import json, sys
report, n, before, after = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
t0, t1, t2 = map(float, sys.argv[5:8])
single, batch = t1 - t0, t2 - t1
print(f"pages                               {n}")
print(f"one {n}-page document, legible ocr   {single:8.1f} s  ({n / single:.2f} pages/s)")
print(f"{n} one-page documents, legible batch {batch:8.1f} s  ({n / batch:.2f} pages/s)")
print(f"batch throughput / single document  {single / batch:8.2f}  (target >= 0.90)")
try:
    records = json.load(open(report))
    rows = records["files"] if isinstance(records, dict) and "files" in records else records
    redone = sum(1 for r in rows if r.get("outcome") == "ok")
    kept = sum(1 for r in rows if r.get("outcome") in ("up-to-date", "upToDate"))
    print(f"killed halfway: {before} outputs; resumed run redid {redone}, kept {kept} up to date, {after} outputs in all")
    print("resume redid no finished file: " + ("yes" if redone == n - before and after == n else "NO"))
except Exception as error:
    print(f"resume report unreadable: {error}")
PY
