#!/usr/bin/env bash
# Compares `legible text` with poppler's `pdftotext` on every PDF of the shared corpus: the
# character error rate of Legible's text against pdftotext's (whitespace normalized: runs of
# whitespace read as one space), over the files where pdftotext yields at least 100 characters,
# and the total time of each tool, one file at a time, in the same run.
# Needs the release binary (make build). Environment: TEXT_CORPUS (default ../shared/corpus/pdf),
# TEXT_BENCH_OUT (default /tmp/legible-text-bench), BENCH_SHARED (default ../shared/bench, whose
# setup.sh provides a Python with rapidfuzz; plain python3 is used when it is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
CORPUS=${TEXT_CORPUS:-../shared/corpus/pdf}
OUT=${TEXT_BENCH_OUT:-/tmp/legible-text-bench}
SHARED=${BENCH_SHARED:-../shared/bench}
BIN=${LEGIBLE_BIN:-$PWD/.build/release/legible}
export OMP_THREAD_LIMIT=1
PY=python3
if [ -x "$SHARED/setup.sh" ]; then eval "$("$SHARED/setup.sh")" && PY=$BENCH_PY; fi
rm -rf "$OUT" && mkdir -p "$OUT/pdftotext" "$OUT/legible"
mapfile -t files < <(find "$CORPUS" -name '*.pdf' -type f | sort)
key() { echo "$1" | sed "s|^$CORPUS/||; s|/|__|g"; }

start=$(date +%s.%N)
for f in "${files[@]}"; do
  timeout 60 pdftotext -enc UTF-8 "$f" "$OUT/pdftotext/$(key "$f").txt" 2>/dev/null || true
done
mid=$(date +%s.%N)
for f in "${files[@]}"; do
  timeout 60 "$BIN" text "$f" > "$OUT/legible/$(key "$f").txt" 2>/dev/null || true
done
end=$(date +%s.%N)

"$PY" - "$OUT" "${#files[@]}" "$start" "$mid" "$end" <<'PY'
import os, statistics, sys
out, count, start, mid, end = sys.argv[1], int(sys.argv[2]), *map(float, sys.argv[3:6])
try:
    from rapidfuzz.distance import Levenshtein
    distance = Levenshtein.distance
except ImportError:
    def distance(a, b):  # Myers' bit-parallel edit distance, for machines without rapidfuzz
        if not a: return len(b)
        peq = {}
        for i, c in enumerate(a): peq[c] = peq.get(c, 0) | (1 << i)
        pv, mv, score, top = (1 << len(a)) - 1, 0, len(a), 1 << (len(a) - 1)
        for c in b:
            eq = peq.get(c, 0); xv = eq | mv; xh = (((eq & pv) + pv) ^ pv) | eq
            ph = mv | ~(xh | pv); mh = pv & xh
            if ph & top: score += 1
            elif mh & top: score -= 1
            ph = (ph << 1) | 1; mh <<= 1; pv = mh | ~(xv | ph); mv = ph & xv
        return score
norm = lambda path: " ".join(open(path, encoding="utf-8", errors="replace").read().split()) if os.path.exists(path) else ""
rows = []
for name in sorted(os.listdir(os.path.join(out, "pdftotext"))):
    ref = norm(os.path.join(out, "pdftotext", name))
    if len(ref) < 100: continue
    hyp = norm(os.path.join(out, "legible", name))
    rows.append((distance(ref, hyp) / len(ref), len(ref), name[:-4]))
rows.sort(reverse=True)
cers = [r[0] for r in rows]
with open(os.path.join(out, "cer.tsv"), "w") as f:
    for cer, n, name in rows: f.write(f"{cer:.4f}\t{n}\t{name}\n")
print(f"files: {count} in the corpus, {len(rows)} where pdftotext yields >= 100 characters")
if cers:
    print(f"character error rate of legible text vs pdftotext: median {100*statistics.median(cers):.2f}%, "
          f"mean {100*statistics.mean(cers):.2f}%, files at or under 2%: {sum(c <= 0.02 for c in cers)}/{len(cers)}")
    print("worst files:", ", ".join(f"{name} {100*cer:.1f}%" for cer, _, name in rows[:8]))
t_pdftotext, t_legible = mid - start, end - mid
print(f"time over all {count} files: pdftotext {t_pdftotext:.1f} s, legible {t_legible:.1f} s "
      f"(legible/pdftotext {t_legible / max(t_pdftotext, 1e-9):.2f})")
print(f"per-file table: {out}/cer.tsv")
PY
