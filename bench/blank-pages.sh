#!/usr/bin/env bash
# --remove-blank-pages on a made duplex set: real scans from ../shared/corpus/scans, each followed
# by a synthesized back (paper noise, show-through, punch holes, edge shadow, dust), plus two
# sparse fronts (a lone page number, a short note in light ink) that must be kept. See
# bench/scans/make-duplex-set.py. Prints blank backs removed / missed and content pages removed;
# exit 1 when a back is missed or a content page removed. Untimed: run it at nice 19, no lock.
# Environment: DUPLEX_DIR (default /tmp/legible-duplex), LEGIBLE (default .build/release/legible).
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(../shared/bench/setup.sh)"
OUT=${DUPLEX_DIR:-/tmp/legible-duplex}
BIN=${LEGIBLE:-.build/release/legible}
[ -f "$OUT/duplex.pdf" ] || "$BENCH_PY" bench/scans/make-duplex-set.py "$OUT" --corpus ../shared/corpus
OMP_THREAD_LIMIT=1 "$BIN" ocr -q --remove-blank-pages --report "$OUT/report.json" "$OUT/duplex.pdf" "$OUT/out.pdf"
kept=$(pdfinfo "$OUT/out.pdf" | awk '/^Pages:/{print $2}')
python3 - "$OUT" "$kept" <<'PY'
import json, sys
out, kept = sys.argv[1], int(sys.argv[2])
truth = json.load(open(f"{out}/truth.json"))["pages"]
removed = set(json.load(open(f"{out}/report.json")).get("removedPages", []))
backs = {p["page"] for p in truth if p["blank"]}
content = {p["page"]: p["what"] for p in truth if not p["blank"]}
missed = sorted(backs - removed)
wrong = sorted(removed - backs)
print(f"pages {len(truth)}: blank backs {len(backs)}, removed {len(backs & removed)}, missed {len(missed)}; "
      f"content pages {len(content)}, removed {len(wrong)}; output pages {kept}")
for page in missed: print(f"  missed back: page {page} ({truth[page - 1]['what']})")
for page in wrong: print(f"  content removed: page {page} ({content[page]})")
sys.exit(1 if missed or wrong or kept != len(truth) - len(removed) else 0)
PY
