#!/usr/bin/env bash
# The form detector's development loop (issue 8), without the AcroForm writer: every page image of
# ../shared/corpus/forms/{flat,flat_noisy} (pdfimages, 200 dpi) is read once by the tesseract CLI
# (words cached as TSV), then the FormsTests harness (LEGIBLE_FORMS_BENCH) runs RasterPrimitiveFinder,
# FieldAssembler and FieldNamer on every page and writes the fields as JSON, scored here with the
# official score.py's own matching and metrics ("visible" view). Detection time is printed per page
# (debug build: the official per-page figure comes from bench/forms-bench.sh, release).
# Environment: FORMS_CORPUS (default ../shared/corpus/forms), FORMS_WORK (default /tmp/legible-forms-detect),
# VARIANTS (default "flat flat_noisy"), LEGIBLE_FORMS_PARAMETERS (a parameters JSON to try).
set -euo pipefail
cd "$(dirname "$0")/.."
CORPUS=${FORMS_CORPUS:-../shared/corpus/forms}
WORK=${FORMS_WORK:-/tmp/legible-forms-detect}
eval "$(../shared/bench/setup.sh)"
export OMP_THREAD_LIMIT=1
swift build --build-tests >/dev/null
for variant in ${VARIANTS:-flat flat_noisy}; do
  pages=$WORK/$variant/pages; out=$WORK/$variant/fields
  mkdir -p "$pages" "$out"
  for f in "$CORPUS/$variant"/*.pdf; do
    id=$(basename "$f" .pdf)
    ls "$pages/$id"-*.png >/dev/null 2>&1 || pdfimages -png "$f" "$pages/$id"
    # Each page's size in points: not every page image is at 200 dpi.
    ls "$pages/$id"-*.size >/dev/null 2>&1 || pdfinfo -f 1 -l 9999 "$f" | awk -v base="$pages/$id" \
      '/^Page +[0-9]+ size:/ { printf "%s %s\n", $4, $6 > sprintf("%s-%03d.size", base, $2 - 1) }'
    for png in "$pages/$id"-*.png; do
      [ -f "${png%.png}.tsv" ] || tesseract "$png" "${png%.png}" --dpi 200 -l eng tsv >/dev/null 2>&1
    done
  done
  LEGIBLE_FORMS_BENCH=$pages LEGIBLE_FORMS_BENCH_OUT=$out swift test --skip-build --filter FormsBenchHarness >/dev/null
  echo "== $variant"
  "$BENCH_PY" - "$CORPUS/truth" "$out" <<'PY'
import glob, json, os, sys
sys.path.insert(0, os.path.join(os.getcwd(), "../shared/bench/forms"))
import score
COARSE = {"text": "text", "multiline": "text", "comb": "text", "checkbox": "button", "radio": "button", "signature": "signature"}
truth_dir, out = sys.argv[1], sys.argv[2]
def load(path, truth):
    d = json.load(open(path))
    return [{"page": f["page"], "rect": f["rect"], "type": f["kind"], "class": COARSE[f["kind"]], "name": f["name"],
             "tooltip": f["label"], "has_ap": True} for f in d["fields"]], {}
score.load_preds = load
rows, seconds, pages = [], 0.0, 0
for tp in sorted(glob.glob(truth_dir + "/*.json")):
    t = json.load(open(tp))
    path = os.path.join(out, t["id"] + ".json")
    rows.append(score.score_doc(t, path))
    if os.path.exists(path):
        d = json.load(open(path)); seconds += d["seconds"]; pages += d["pages"]
a = score.aggregate(rows); v = a["visible"]
c = v["by_class@0.5"]; r = v["recall_by_type@0.5"]
print("F1@0.5 %.3f (P %.3f R %.3f)  text F1 %.3f  buttons F1 %.3f  signature F1 %.3f" % (
    v["det@0.5"]["F1"], v["det@0.5"]["P"], v["det@0.5"]["R"], c["text"]["F1"], c["button"]["F1"], c["signature"]["F1"]))
print("recall: " + "  ".join("%s %.3f" % (k, x["recall"]) for k, x in sorted(r.items())))
print("type accuracy %s  names %s  detection %.3f s/page (debug build, %d pages)" % (
    v["type_acc"]["acc"], a["naming"]["hit_rate"], seconds / max(1, pages), pages))
PY
done
