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
rm -rf "$OUT" && mkdir -p "$OUT/pdftotext" "$OUT/legible" "$OUT/mutool"
mapfile -t files < <(find "$CORPUS" -name '*.pdf' -type f | sort)
key() { echo "$1" | sed "s|^$CORPUS/||; s|/|__|g"; }

start=$(date +%s.%N)
for f in "${files[@]}"; do
  timeout 60 pdftotext -enc UTF-8 "$f" "$OUT/pdftotext/$(key "$f").txt" 2>/dev/null || true
done
mid=$(date +%s.%N)
# MuPDF as a second opinion (not timed): where it agrees with us and not with pdftotext, the
# difference is more likely poppler's.
if command -v mutool >/dev/null; then
  for f in "${files[@]}"; do
    timeout 60 mutool draw -q -F txt -o "$OUT/mutool/$(key "$f").txt" "$f" 2>/dev/null || true
  done
fi
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

def bag_f1(ref, hyp):
    """Bag-of-words F1: words as whitespace-separated tokens, counted with multiplicity."""
    from collections import Counter
    a, b = Counter(ref.split()), Counter(hyp.split())
    common = sum((a & b).values())
    if not a and not b: return 1.0
    if not common: return 0.0
    p, r = common / sum(b.values()), common / sum(a.values())
    return 2 * p * r / (p + r)

BAG_F1_TARGET = 0.98  # issue 19: legible text vs pdftotext on >= 90% of files
bags = []
for _, n, name in rows:
    ref = norm(os.path.join(out, "pdftotext", name + ".txt"))
    hyp = norm(os.path.join(out, "legible", name + ".txt"))
    mu = norm(os.path.join(out, "mutool", name + ".txt"))
    bags.append((bag_f1(ref, hyp), bag_f1(mu, hyp) if mu else float("nan"), bag_f1(ref, mu) if mu else float("nan"), name))
bags.sort()
with open(os.path.join(out, "bag-f1.tsv"), "w") as f:
    f.write("f1_vs_pdftotext\tf1_vs_mutool\tpdftotext_vs_mutool\tfile\n")
    for row in bags: f.write("%.4f\t%.4f\t%.4f\t%s\n" % row)
with open(os.path.join(out, "cer.tsv"), "w") as f:
    for cer, n, name in rows: f.write(f"{cer:.4f}\t{n}\t{name}\n")
print(f"files: {count} in the corpus, {len(rows)} where pdftotext yields >= 100 characters")
if cers:
    print(f"character error rate of legible text vs pdftotext: median {100*statistics.median(cers):.2f}%, "
          f"mean {100*statistics.mean(cers):.2f}%, files at or under 2%: {sum(c <= 0.02 for c in cers)}/{len(cers)}")
    print("worst files:", ", ".join(f"{name} {100*cer:.1f}%" for cer, _, name in rows[:8]))
    f1s = [b[0] for b in bags]
    print(f"bag-of-words F1 of legible text vs pdftotext: median {statistics.median(f1s):.4f}, "
          f"files at or over {BAG_F1_TARGET}: {sum(f >= BAG_F1_TARGET for f in f1s)}/{len(f1s)} "
          f"({100*sum(f >= BAG_F1_TARGET for f in f1s)/len(f1s):.1f}%)")
    below = [b for b in bags if b[0] < BAG_F1_TARGET]
    closer_to_mutool = sum(1 for b in below if b[1] == b[1] and b[1] >= BAG_F1_TARGET)
    print(f"of the {len(below)} below: {closer_to_mutool} agree with MuPDF (F1 >= {BAG_F1_TARGET} vs mutool)")
t_pdftotext, t_legible = mid - start, end - mid
print(f"time over all {count} files: pdftotext {t_pdftotext:.1f} s, legible {t_legible:.1f} s "
      f"(legible/pdftotext {t_legible / max(t_pdftotext, 1e-9):.2f})")
print(f"per-file tables: {out}/cer.tsv, {out}/bag-f1.tsv")
PY
