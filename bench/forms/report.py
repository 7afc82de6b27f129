"""Scores detected form fields against a forms corpus's truth and prints the figures issue 15 asks
for: all-in (score.py's own matching and metrics, "visible" view), per source (sources.py), per
field type and per drawing convention.

Usage:
  report.py --truth-dir T --pred-dir P [--harness] [--json OUT] [--quiet-sources]
    --harness   P holds the forms-detect harness's ID.json files (fields in layout points);
                without it, P holds the fillable PDFs `legible forms` wrote (read as score.py does).
    --json OUT  also write every figure as JSON (for A/B comparisons and the training report).

Per type: recall is score.py's class-agnostic recall of the truth widgets of that type;
precision is the share of the predictions of that kind that match some truth widget (IoU >= 0.5,
visible view: a prediction on an invisible widget is neither right nor wrong).
Per convention (from the truth's own visibility check, as the corpus README defines them):
box = ruled on >= 3 edges, underline = bottom ruling only, tint = tinted fill, no-rule = ink but
no ruling or tint (dotted leaders, partial cues), table = a text widget in a grid of >= 3 rows and
>= 3 columns of text widgets; recall only (a prediction has no convention).
"""
import argparse
import collections
import glob
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "../../../shared/bench/forms"))
sys.path.insert(0, HERE)
import score  # noqa: E402
from sources import load_manifest, source_of  # noqa: E402

COARSE = {"text": "text", "multiline": "text", "comb": "text", "choice": "text",
          "checkbox": "button", "radio": "button", "signature": "signature"}
TYPES = ("text", "multiline", "comb", "checkbox", "radio", "choice", "signature")
CONVENTIONS = ("box", "underline", "tint", "no-rule", "table")
# Widgets whose vertical centres are this close (points) share a row; lefts this close a column.
ROW_TOLERANCE = 3.0


def harness_loader(path, truth):
    d = json.load(open(path))
    return [{"page": f["page"], "rect": f["rect"], "type": f["kind"], "class": COARSE.get(f["kind"], "text"),
             "name": f["name"], "tooltip": f["label"], "has_ap": True} for f in d["fields"]], {}


def conventions(fields):
    """The conventions of each truth widget (a set per widget)."""
    out = []
    text_like = [i for i, f in enumerate(fields) if f["class"] == "text"]
    rows = collections.defaultdict(list)
    for i in text_like:
        f = fields[i]
        rows[(f["page"], round((f["rect"][1] + f["rect"][3]) / 2 / ROW_TOLERANCE))].append(i)
    wide_rows = [r for r in rows.values() if len(r) >= 3]
    in_table = set()
    for r in wide_rows:
        for i in r:
            left = fields[i]["rect"][0]
            same_column_rows = sum(1 for other in wide_rows if any(
                fields[j]["page"] == fields[i]["page"] and abs(fields[j]["rect"][0] - left) <= ROW_TOLERANCE for j in other))
            if same_column_rows >= 3:
                in_table.add(i)
    for i, f in enumerate(fields):
        vis = f.get("vis") or {}
        edges = set(vis.get("edges") or [])
        c = set()
        if len(edges) >= 3:
            c.add("box")
        if edges == {"bottom"}:
            c.add("underline")
        if vis.get("tint"):
            c.add("tint")
        if f["visible"] and not edges and not vis.get("tint"):
            c.add("no-rule")
        if i in in_table:
            c.add("table")
        out.append(c)
    return out


def detail(truth, preds):
    """Per-type and per-convention counts of one document (visible view, IoU >= 0.5)."""
    T = truth["fields"]
    care = [bool(t["visible"]) for t in T]
    matches = score.greedy(T, preds, 0.5)
    matched_t = {i: j for i, j, _ in matches}
    matched_p = {j: i for i, j, _ in matches}
    per_type = collections.defaultdict(lambda: {"n": 0, "found": 0, "pred": 0, "pred_ok": 0})
    for i, t in enumerate(T):
        if care[i]:
            per_type[t["type"]]["n"] += 1
            per_type[t["type"]]["found"] += i in matched_t
    for j, p in enumerate(preds):
        i = matched_p.get(j)
        if i is not None and not care[i]:
            continue
        per_type[p["type"]]["pred"] += 1
        per_type[p["type"]]["pred_ok"] += i is not None
    per_conv = collections.defaultdict(lambda: {"n": 0, "found": 0})
    for i, cs in enumerate(conventions(T)):
        if care[i]:
            for c in cs:
                per_conv[c]["n"] += 1
                per_conv[c]["found"] += i in matched_t
    return per_type, per_conv


def merge(dicts):
    out = collections.defaultdict(lambda: collections.Counter())
    for d in dicts:
        for k, v in d.items():
            out[k].update(v)
    return out


def f1(p, r):
    return 2 * p * r / (p + r) if p + r else 0.0


def evaluate(truth_dir, pred_dir, harness, ids=None):
    """Scores every form of the truth folder (or `ids`): rows, details and sources."""
    if harness:
        score.load_preds = harness_loader
    manifest = load_manifest(truth_dir)
    rows, details, sources, seconds, pages = [], {}, {}, 0.0, 0
    for tp in sorted(glob.glob(os.path.join(truth_dir, "*.json"))):
        t = json.load(open(tp))
        if ids is not None and t["id"] not in ids:
            continue
        for f in t["fields"]:
            f.setdefault("class", COARSE.get(f["type"], "text"))
        path = os.path.join(pred_dir, t["id"] + (".json" if harness else ".pdf"))
        rows.append(score.score_doc(t, path))
        preds = []
        if os.path.exists(path):
            try:
                preds, _ = score.load_preds(path, t)
            except Exception:  # score_doc already counted an unreadable output as empty
                preds = []
            if harness:
                d = json.load(open(path))
                seconds += d["seconds"]
                pages += d["pages"]
        details[t["id"]] = detail(t, preds)
        sources[t["id"]] = source_of(t["id"], manifest)
    return rows, details, sources, (seconds / pages if pages else None, pages)


def summary(rows, details):
    a = score.aggregate(rows)
    v = a["visible"]
    per_type = merge(d[0] for d in details)
    per_conv = merge(d[1] for d in details)
    types = {}
    for k in TYPES:
        x = per_type.get(k)
        if not x or (not x["n"] and not x["pred"]):
            continue
        r = x["found"] / x["n"] if x["n"] else None
        p = x["pred_ok"] / x["pred"] if x["pred"] else None
        types[k] = {"n": x["n"], "recall": r, "pred": x["pred"], "precision": p,
                    "F1": f1(p, r) if p is not None and r is not None else None}
    convs = {k: {"n": per_conv[k]["n"], "recall": per_conv[k]["found"] / per_conv[k]["n"]}
             for k in CONVENTIONS if per_conv.get(k) and per_conv[k]["n"]}
    c = v["by_class@0.5"]
    return {"forms": len(rows), "F1": v["det@0.5"]["F1"], "P": v["det@0.5"]["P"], "R": v["det@0.5"]["R"],
            "tp": v["det@0.5"]["tp"], "fp": v["det@0.5"]["fp"], "fn": v["det@0.5"]["fn"],
            "text_F1": c["text"]["F1"], "buttons_F1": c["button"]["F1"], "signature_F1": c["signature"]["F1"],
            "type_acc": v["type_acc"]["acc"], "names": a["naming"]["hit_rate"], "types": types, "conventions": convs}


def fmt(x):
    return "  -  " if x is None else "%.3f" % x


def print_report(s, by_source, timing, quiet_sources=False):
    print("F1@0.5 %.3f (P %.3f R %.3f; tp %d fp %d fn %d)  text F1 %.3f  buttons F1 %.3f  signature F1 %.3f" % (
        s["F1"], s["P"], s["R"], s["tp"], s["fp"], s["fn"], s["text_F1"], s["buttons_F1"], s["signature_F1"]))
    print("type accuracy %s  names %s%s" % (s["type_acc"], s["names"], "" if timing[0] is None else
          "  detection %.3f s/page (%d pages)" % timing))
    print("by type:       " + "  ".join("%s n=%d R %s P %s F1 %s" % (k, x["n"], fmt(x["recall"]), fmt(x["precision"]), fmt(x["F1"]))
                                         for k, x in s["types"].items()))
    print("by convention: " + "  ".join("%s n=%d R %.3f" % (k, x["n"], x["recall"]) for k, x in s["conventions"].items()))
    if quiet_sources or len(by_source) < 2:
        return
    print("by source:     " + "  ".join("%s(%d) %.3f" % (k, x["forms"], x["F1"]) for k, x in sorted(
        by_source.items(), key=lambda kv: -kv[1]["forms"])))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--truth-dir", required=True)
    ap.add_argument("--pred-dir", required=True)
    ap.add_argument("--harness", action="store_true")
    ap.add_argument("--json")
    ap.add_argument("--quiet-sources", action="store_true")
    ap.add_argument("--present-only", action="store_true", help="score only the forms with an output (a subset run)")
    args = ap.parse_args()
    ids = None
    if args.present_only:
        ids = {os.path.splitext(os.path.basename(p))[0] for p in glob.glob(os.path.join(args.pred_dir, "*.json" if args.harness else "*.pdf"))}
    rows, details, sources, timing = evaluate(args.truth_dir, args.pred_dir, args.harness, ids)
    s = summary(rows, list(details.values()))
    groups = collections.defaultdict(list)
    for r in rows:
        groups[sources[r["id"]]].append(r["id"])
    by_row = {r["id"]: r for r in rows}
    by_source = {g: summary([by_row[i] for i in ids], [details[i] for i in ids]) for g, ids in groups.items()}
    print_report(s, by_source, timing, args.quiet_sources)
    if args.json:
        json.dump({"all": s, "sources": by_source, "seconds_per_page": timing[0]}, open(args.json, "w"), indent=1)


if __name__ == "__main__":
    main()
