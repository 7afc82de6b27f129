"""Trains the form detector's learned scorer (issue 15) and measures it by leave-one-source-out.

Input: the candidates the forms-detect harness dumps with LEGIBLE_FORMS_CANDIDATES=1 (every field
the proposer offers on every page, with FieldFeatures' vector; `make train-forms` runs it), for
each variant (flat, flat_noisy) of the large corpus. A candidate is positive when it overlaps a
truth widget with IoU >= 0.5 (the benchmark's own criterion); candidates overlapping only widgets
with nothing drawn (invisible) are left out of training, as the benchmark ignores them too.

Model: L2-regularized logistic regression on standardized features (Newton's method, numpy), the
keep threshold chosen for the best F1 on the training forms; inference keeps candidates at or over
it and, of two kept ones overlapping with IoU >= 0.5, the likelier (as FieldScorer.keep does).

Figures (score.py's matching, visible view, F1@0.5), per variant:
  shipped    the shipped assembler alone (candidates from the shipped pass)
  all-in     trained and thresholded on every form, applied to every form (the forms it was tuned on)
  LOSO       each source's forms scored by a model trained without that source (sources.py)
Writes Models/forms/field-scorer.json (weights + manifest) and Sources/Forms/Scoring/FieldScorer+Model.swift.

Usage: train.py --truth-dir T --candidates flat=DIR --candidates flat_noisy=DIR [--on] [--no-write]
"""
import argparse
import collections
import datetime
import glob
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "../.."))
sys.path.insert(0, os.path.join(ROOT, "../shared/bench/forms"))
sys.path.insert(0, HERE)
import score  # noqa: E402
from sources import load_manifest, source_of  # noqa: E402

MATCH_IOU = 0.5          # the benchmark's criterion
DUPLICATE_IOU = 0.5      # FieldScorer.duplicateIoU
L2 = 1.0                 # ridge on standardized weights: a few hundred positives per feature, mild is enough
THRESHOLDS = [round(x, 2) for x in np.arange(0.20, 0.81, 0.025)]
COARSE = {"text": "text", "multiline": "text", "comb": "text", "choice": "text",
          "checkbox": "button", "radio": "button", "signature": "signature"}


def iou(a, b):
    return score.iou(a, b)


def load(truth_dir, cand_dirs):
    """Forms (truth, per-variant candidates with labels) and the feature names."""
    forms, names = {}, None
    for tp in sorted(glob.glob(os.path.join(truth_dir, "*.json"))):
        t = json.load(open(tp))
        for f in t["fields"]:
            f.setdefault("class", COARSE.get(f["type"], "text"))
        forms[t["id"]] = {"truth": t, "cands": {}}
    for variant, d in cand_dirs.items():
        for fid, form in forms.items():
            path = os.path.join(d, fid + ".json")
            if not os.path.exists(path):
                continue
            c = json.load(open(path))
            names = names or c["features"]
            if names != c["features"]:
                sys.exit("train: candidates of %s were dumped with other features: run the harness again" % fid)
            cands = c["candidates"]
            T = form["truth"]["fields"]
            for x in cands:
                best_vis, best_any = 0.0, 0.0
                for t in T:
                    if t["page"] != x["page"]:
                        continue
                    v = iou(t["rect"], x["rect"])
                    best_any = max(best_any, v)
                    if t["visible"]:
                        best_vis = max(best_vis, v)
                x["label"] = 1 if best_vis >= MATCH_IOU else 0
                x["ignore"] = best_vis < MATCH_IOU <= best_any
            form["cands"][variant] = cands
            # For the fast threshold search: matching pairs with truth, and overlapping candidates.
            pairs = []
            for j, x in enumerate(cands):
                x["dups"] = [k for k, o in enumerate(cands) if k != j and o["page"] == x["page"] and iou(o["rect"], x["rect"]) >= DUPLICATE_IOU]
                for i, t in enumerate(T):
                    if t["page"] == x["page"]:
                        v = iou(t["rect"], x["rect"])
                        if v >= MATCH_IOU:
                            pairs.append((v, i, j))
            pairs.sort(key=lambda p: -p[0])
            form["pairs", variant] = pairs
    return forms, names


def kept_indices(cands, probs, threshold):
    order = sorted((i for i in range(len(cands)) if probs[i] >= threshold), key=lambda i: -probs[i])
    kept = set()
    for i in order:
        if not any(k in kept for k in cands[i]["dups"]):
            kept.add(i)
    return kept


def fast_counts(form, variant, kept):
    """tp, fp, fn of score.py's class-agnostic matching (visible view) for kept candidate indices."""
    T = form["truth"]["fields"]
    ut, up, tp, ignored = set(), set(), 0, 0
    for v, i, j in form["pairs", variant]:
        if j not in kept or i in ut or j in up:
            continue
        ut.add(i)
        up.add(j)
        if T[i]["visible"]:
            tp += 1
    fp = len(kept) - len(up)
    fn = sum(1 for i, t in enumerate(T) if t["visible"] and i not in ut)
    return tp, fp, fn


def matrix(forms, ids, variants):
    xs, ys = [], []
    for fid in ids:
        for v in variants:
            for c in forms[fid]["cands"].get(v, []):
                if not c["ignore"]:
                    xs.append(c["x"])
                    ys.append(c["label"])
    return np.array(xs, dtype=float), np.array(ys, dtype=float)


def fit(X, y):
    """Standardization and L2 logistic regression by Newton's method."""
    mean = X.mean(axis=0)
    scale = X.std(axis=0)
    scale[scale < 1e-9] = 1.0
    Z = (X - mean) / scale
    n, d = Z.shape
    w, b = np.zeros(d), 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-(Z @ w + b)))
        g_w = Z.T @ (p - y) + L2 * w
        g_b = np.sum(p - y)
        s = p * (1 - p)
        H = np.zeros((d + 1, d + 1))
        H[:d, :d] = (Z * s[:, None]).T @ Z + L2 * np.eye(d)
        H[:d, d] = H[d, :d] = Z.T @ s
        H[d, d] = np.sum(s) + 1e-9
        step = np.linalg.solve(H, np.concatenate([g_w, [g_b]]))
        w -= step[:d]
        b -= step[d]
        if np.max(np.abs(step)) < 1e-8:
            break
    return {"mean": mean, "scale": scale, "weights": w, "bias": float(b)}


def probability(model, X):
    if len(X) == 0:
        return np.zeros(0)
    z = ((X - model["mean"]) / model["scale"]) @ model["weights"] + model["bias"]
    return 1 / (1 + np.exp(-z))


def kept_fields(cands, probs, threshold):
    """FieldScorer.keep: over the threshold, likeliest first, no two overlapping ones."""
    order = sorted((i for i in range(len(cands)) if probs[i] >= threshold), key=lambda i: -probs[i])
    kept = []
    for i in order:
        c = cands[i]
        if any(k["page"] == c["page"] and iou(k["rect"], c["rect"]) >= DUPLICATE_IOU for k in kept):
            continue
        kept.append(c)
    return kept


def f1_of(forms, preds_by_form):
    """score.py's aggregate (visible view) over forms given in-memory predictions."""
    rows = []
    for fid, preds in preds_by_form.items():
        P = [{"page": c["page"], "rect": c["rect"], "type": c["kind"], "class": COARSE.get(c["kind"], "text"),
              "name": "", "tooltip": "", "has_ap": True} for c in preds]
        score.load_preds = lambda path, truth, P=P: (P, {})
        rows.append(score.score_doc(forms[fid]["truth"], "/dev/null"))
    a = score.aggregate(rows)
    v = a["visible"]
    c = v["by_class@0.5"]
    r = v["recall_by_type@0.5"]
    return {"F1": v["det@0.5"]["F1"], "P": v["det@0.5"]["P"], "R": v["det@0.5"]["R"], "text_F1": c["text"]["F1"],
            "buttons_F1": c["button"]["F1"], "recall": {k: x["recall"] for k, x in r.items()}, "forms": len(rows)}


def shipped_preds(forms, ids, variant):
    return {fid: [c for c in forms[fid]["cands"].get(variant, []) if c["shipped"]] for fid in ids}


def scored_preds(forms, ids, variant, model, threshold):
    out = {}
    for fid in ids:
        cands = forms[fid]["cands"].get(variant, [])
        X = np.array([c["x"] for c in cands], dtype=float)
        out[fid] = kept_fields(cands, probability(model, X), threshold)
    return out


def best_threshold(forms, ids, variants, model):
    """The threshold with the best summed F1 over the variants on the forms given."""
    probs = {(fid, v): probability(model, np.array([c["x"] for c in forms[fid]["cands"][v]], dtype=float))
             for fid in ids for v in variants}
    best = None
    for t in THRESHOLDS:
        f = 0.0
        for v in variants:
            tp = fp = fn = 0
            for fid in ids:
                a, b, c = fast_counts(forms[fid], v, kept_indices(forms[fid]["cands"][v], probs[fid, v], t))
                tp, fp, fn = tp + a, fp + b, fn + c
            f += 2 * tp / max(1, 2 * tp + fp + fn)
        if best is None or f > best[1]:
            best = (t, f)
    return best[0]


def train(forms, ids, variants):
    X, y = matrix(forms, ids, variants)
    model = fit(X, y)
    return model, best_threshold(forms, ids, variants, model)


def swift_array(xs):
    return "[" + ", ".join(repr(float(x)) for x in xs) + "]"


def write_model(path_json, path_swift, names, model, threshold, on, manifest):
    doc = dict(manifest)
    doc.update({"features": names, "mean": [float(x) for x in model["mean"]], "scale": [float(x) for x in model["scale"]],
                "weights": [float(x) for x in model["weights"]], "bias": model["bias"], "threshold": threshold,
                "onByDefault": on})
    json.dump(doc, open(path_json, "w"), indent=1)
    open(path_json, "a").write("\n")
    lines = ["// Generated by bench/forms/train.py (make train-forms) with Models/forms/field-scorer.json: do not edit.", "",
             "extension FieldScorerModel {",
             "    /// The shipped model (`Models/forms/field-scorer.json` says what it was trained on and how it scored).",
             "    public static let shipped = FieldScorerModel(",
             "        features: [" + ", ".join('"%s"' % n for n in names) + "],",
             "        mean: " + swift_array(model["mean"]) + ",",
             "        scale: " + swift_array(model["scale"]) + ",",
             "        weights: " + swift_array(model["weights"]) + ",",
             "        bias: %r, threshold: %r, onByDefault: %s)" % (model["bias"], threshold, "true" if on else "false"),
             "}", ""]
    open(path_swift, "w").write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--truth-dir", required=True)
    ap.add_argument("--candidates", action="append", required=True, help="VARIANT=DIR")
    ap.add_argument("--on", action="store_true", help="ship the scorer switched on")
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--report", help="also write the figures as JSON here")
    args = ap.parse_args()
    cand_dirs = dict(x.split("=", 1) for x in args.candidates)
    variants = list(cand_dirs)
    forms, names = load(args.truth_dir, cand_dirs)
    manifest = load_manifest(args.truth_dir)
    ids = sorted(fid for fid, f in forms.items() if all(v in f["cands"] for v in variants))
    groups = collections.defaultdict(list)
    for fid in ids:
        groups[source_of(fid, manifest)].append(fid)
    X, y = matrix(forms, ids, variants)
    print("candidates %d (positive %d), forms %d, sources %d, features %d" % (len(y), int(y.sum()), len(ids), len(groups), X.shape[1]))

    model, threshold = train(forms, ids, variants)
    figures = {}
    for v in variants:
        figures[v] = {"shipped": f1_of(forms, shipped_preds(forms, ids, v)),
                      "all_in": f1_of(forms, scored_preds(forms, ids, v, model, threshold))}
    # Leave one source out: every form predicted by a model that never saw its source.
    loso = {v: {} for v in variants}
    per_source = {}
    for g, held in sorted(groups.items()):
        train_ids = [i for i in ids if i not in set(held)]
        m, t = train(forms, train_ids, variants)
        for v in variants:
            loso[v].update(scored_preds(forms, held, v, m, t))
        per_source[g] = {"forms": len(held), "threshold": t,
                         **{v: {"shipped": f1_of(forms, shipped_preds(forms, held, v))["F1"],
                                "loso": f1_of(forms, {i: loso[v][i] for i in held})["F1"]} for v in variants}}
        print("  fold %-10s %3d forms  threshold %.3f  %s" % (g, len(held), t, "  ".join(
            "%s shipped %.3f loso %.3f" % (v, per_source[g][v]["shipped"], per_source[g][v]["loso"]) for v in variants)))
    for v in variants:
        figures[v]["loso"] = f1_of(forms, loso[v])
        s, a, l = figures[v]["shipped"], figures[v]["all_in"], figures[v]["loso"]
        print("%-10s shipped F1 %.3f (P %.3f R %.3f)  all-in %.3f (P %.3f R %.3f)  LOSO %.3f (P %.3f R %.3f)  gap %.3f" % (
            v, s["F1"], s["P"], s["R"], a["F1"], a["P"], a["R"], l["F1"], l["P"], l["R"], a["F1"] - l["F1"]))
    print("threshold %.3f; weights (standardized):" % threshold)
    for n, w in sorted(zip(names, model["weights"]), key=lambda x: -abs(x[1])):
        print("   %-22s %+.3f" % (n, w))
    report = {"figures": figures, "per_source": per_source}
    if args.report:
        json.dump(report, open(args.report, "w"), indent=1)
    if not args.no_write:
        meta = {"model": "logistic regression (L2 %.1f, standardized features), keep threshold chosen for F1" % L2,
                "trainedOn": "../shared/corpus/forms-large (%d forms, variants %s), candidates from the forms-detect harness"
                             % (len(ids), "+".join(variants)),
                "date": datetime.date.today().isoformat(),
                "positives": "candidates with IoU >= 0.5 to a visible truth widget",
                "sources": {g: len(x) for g, x in sorted(groups.items())},
                "metrics": {v: {k: {"F1": f["F1"], "P": f["P"], "R": f["R"]} for k, f in figures[v].items()} for v in variants}}
        write_model(os.path.join(ROOT, "Models/forms/field-scorer.json"),
                    os.path.join(ROOT, "Sources/Forms/Scoring/FieldScorer+Model.swift"), names, model, threshold, args.on, meta)
        print("wrote Models/forms/field-scorer.json and Sources/Forms/Scoring/FieldScorer+Model.swift (onByDefault %s)" % args.on)


if __name__ == "__main__":
    main()
