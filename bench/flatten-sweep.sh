#!/usr/bin/env bash
# `legible flatten` on every PDF of ../shared/corpus/pdf and ../shared/corpus/forms/src that has
# annotations: qpdf --check must find no error the input did not have, and poppler must render the
# flattened pages (first 5, 30 dpi, gray) like the original with its annotations drawn. Prints the
# files whose mean absolute pixel difference exceeds 1.0 (0-255 scale), the files Legible refuses,
# and the counts. Needs the release binary (make build; LEGIBLE=path overrides) and ../shared/bench.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${BENCH_SHARED:-../shared/bench}
LEGIBLE=${LEGIBLE:-$PWD/.build/release/legible}
[ -x "$LEGIBLE" ] || { echo "no release binary: run make build first" >&2; exit 3; }
eval "$("$SHARED/setup.sh")"
OUT=${FLATTEN_OUT:-/tmp/legible-bench/flatten}
mkdir -p "$OUT"
grep -l -a "/Annots" -r ../shared/corpus/pdf ../shared/corpus/forms/src 2>/dev/null | sort > "$OUT/files.txt" || true

"$BENCH_PY" - "$LEGIBLE" "$OUT" <<'PY'
import os, re, subprocess, sys, tempfile
import numpy as np

legible, out = sys.argv[1], sys.argv[2]

def pages(pdf):
    with tempfile.TemporaryDirectory() as tmp:
        try:
            r = subprocess.run(["pdftoppm", "-q", "-gray", "-r", "30", "-l", "5", pdf, os.path.join(tmp, "p")],
                               capture_output=True, timeout=120)
        except subprocess.TimeoutExpired:
            return None
        if r.returncode != 0:
            return None
        result = []
        for name in sorted(os.listdir(tmp)):
            data = open(os.path.join(tmp, name), "rb").read()
            m = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
            w, h = int(m.group(1)), int(m.group(2))
            result.append(np.frombuffer(data[m.end():m.end() + w * h], dtype=np.uint8).reshape(h, w).astype(np.int16))
        return result

def qpdf_errors(pdf):
    return subprocess.run(["qpdf", "--check", pdf], capture_output=True).returncode == 2

files = [line.strip() for line in open(os.path.join(out, "files.txt")) if line.strip()]
counts = {"same": 0, "different": 0, "refused": 0, "new qpdf errors": 0, "timeouts": 0}
flat = os.path.join(out, "flat.pdf")
for f in files:
    try:
        r = subprocess.run([legible, "flatten", "-q", f, flat], capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        counts["timeouts"] += 1
        print("timeout", f)
        continue
    if r.returncode != 0:
        counts["refused"] += 1
        print(f"refused (exit {r.returncode})", f, r.stderr.decode(errors="replace").strip()[:120])
        continue
    if qpdf_errors(flat) and not qpdf_errors(f):
        counts["new qpdf errors"] += 1
        print("qpdf --check errors", f)
    before, after = pages(f), pages(flat)
    if before is None or after is None:
        continue
    diffs = [np.abs(a - b).mean() if a.shape == b.shape else 255.0 for a, b in zip(before, after)]
    worst = 255.0 if len(before) != len(after) else max(diffs, default=0.0)
    if worst > 1.0:
        counts["different"] += 1
        print(f"differs {worst:.2f}", f)
    else:
        counts["same"] += 1
print(f"{len(files)} files with annotations:", ", ".join(f"{v} {k}" for k, v in counts.items()))
PY
