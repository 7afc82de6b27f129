"""Trains the form detector's learned scorer (issue 15) and measures it by leave-one-source-out.

Input: the candidates the forms-detect harness dumps with LEGIBLE_FORMS_CANDIDATES=1 (every field
the proposer offers on every page, with FieldFeatures' vector; `make train-forms` runs it), for
each variant (flat, flat_noisy) of the large corpus. A candidate is positive when it overlaps a
truth widget with IoU >= 0.5 (the benchmark's own criterion); candidates overlapping only widgets
with nothing drawn (invisible) are left out of training, as the benchmark ignores them too.

Model: small gradient-boosted trees on the logistic loss (numpy), two keep thresholds (candidates
of the shipped pass, candidates the proposals added) chosen for the best F1 on the training forms;
inference keeps candidates at or over their threshold and, of two kept ones overlapping with
IoU >= 0.5, the likelier (as FieldScorer.keep does).

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
# Small boosted trees: a few thousand candidates per source, so shallow trees and a slow rate.
BINS, ROUNDS, DEPTH, MIN_LEAF, LAMBDA, RATE = 32, 120, 3, 20, 1.0, 0.1
# For experiments: TRAIN_GBT="ROUNDS DEPTH MIN_LEAF RATE" overrides them (the shipped model uses the defaults above).
if os.environ.get("TRAIN_GBT"):
    _r, _d, _m, _a = os.environ["TRAIN_GBT"].split()
    ROUNDS, DEPTH, MIN_LEAF, RATE = int(_r), int(_d), int(_m), float(_a)
# Features the trees may not split on: how many candidates a page has says which form it is, not
# whether a candidate is a field (with it, leave-one-source-out fell 5 points below all-in).
# A threshold no probability reaches: the added candidates all dropped.
NOTHING_ADDED = 1.01
# Source groups the thresholds are chosen over (out-of-fold), inside each training set.
INNER_FOLDS = 4
EXCLUDED = {"page_candidates", "bias_one"}
THRESHOLDS = [round(x, 3) for x in np.arange(0.05, 0.81, 0.025)]
COARSE = {"text": "text", "multiline": "text", "comb": "text", "choice": "text",
          "checkbox": "button", "radio": "button", "signature": "signature"}


def iou(a, b):
    return score.iou(a, b)


FEATURE_NAMES = []


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


def passes(c, prob, threshold):
    """Whether a candidate clears its threshold: (shipped pass, added candidates)."""
    return prob >= (threshold[0] if c["shipped"] else threshold[1])


def kept_indices(cands, probs, threshold):
    order = sorted((i for i in range(len(cands)) if passes(cands[i], probs[i], threshold)), key=lambda i: -probs[i])
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
    """Gradient-boosted trees on the logistic loss (second-order steps), on quantile-binned features."""
    n, d = X.shape
    edges = []
    for j in range(d):
        e = np.unique(np.quantile(X[:, j], np.linspace(0, 1, BINS + 1)[1:-1]))
        edges.append(e)
    Xb = np.stack([np.searchsorted(edges[j], X[:, j], side="left") for j in range(d)], axis=1)
    allowed = [j for j in range(d) if FEATURE_NAMES[j] not in EXCLUDED]
    prior = min(max(y.mean(), 1e-3), 1 - 1e-3)
    base = float(np.log(prior / (1 - prior)))
    f = np.full(n, base)
    trees = []
    for _ in range(ROUNDS):
        p = 1 / (1 + np.exp(-f))
        g, h = p - y, p * (1 - p)
        tree = {"feature": [], "threshold": [], "left": [], "right": [], "value": []}

        def grow(idx, depth):
            node = len(tree["feature"])
            for k in tree:
                tree[k].append(-1 if k in ("feature", "left", "right") else 0.0)
            G, H = g[idx].sum(), h[idx].sum()
            best = None
            if depth < DEPTH and len(idx) >= 2 * MIN_LEAF:
                for j in allowed:
                    nb = len(edges[j]) + 1
                    gh = np.bincount(Xb[idx, j], weights=g[idx], minlength=nb)
                    hh = np.bincount(Xb[idx, j], weights=h[idx], minlength=nb)
                    ch = np.bincount(Xb[idx, j], minlength=nb)
                    GL, HL, CL = np.cumsum(gh)[:-1], np.cumsum(hh)[:-1], np.cumsum(ch)[:-1]
                    ok = (CL >= MIN_LEAF) & (len(idx) - CL >= MIN_LEAF)
                    if not ok.any():
                        continue
                    gain = GL ** 2 / (HL + LAMBDA) + (G - GL) ** 2 / (H - HL + LAMBDA) - G ** 2 / (H + LAMBDA)
                    gain[~ok] = -1
                    b = int(np.argmax(gain))
                    if gain[b] > 1e-6 and (best is None or gain[b] > best[0]):
                        best = (gain[b], j, b)
            if best is None:
                tree["value"][node] = float(-G / (H + LAMBDA) * RATE)
                return node
            _, j, b = best
            tree["feature"][node] = j
            tree["threshold"][node] = float(edges[j][b])
            go_left = Xb[idx, j] <= b
            tree["left"][node] = grow(idx[go_left], depth + 1)
            tree["right"][node] = grow(idx[~go_left], depth + 1)
            return node

        grow(np.arange(n), 0)
        trees.append(tree)
        f += predict_tree(tree, X)
    return {"trees": trees, "base": base}


def predict_tree(tree, X):
    out = np.zeros(len(X))
    node = np.zeros(len(X), dtype=int)
    for _ in range(DEPTH + 1):
        feat = np.array(tree["feature"])[node]
        leaf = feat < 0
        thr = np.array(tree["threshold"])[node]
        xv = X[np.arange(len(X)), np.maximum(feat, 0)]
        nxt = np.where(xv <= thr, np.array(tree["left"])[node], np.array(tree["right"])[node])
        node = np.where(leaf, node, nxt)
    return np.array(tree["value"])[node]


def probability(model, X):
    if len(X) == 0:
        return np.zeros(0)
    z = np.full(len(X), model["base"])
    for t in model["trees"]:
        z += predict_tree(t, X)
    return 1 / (1 + np.exp(-z))


def kept_fields(cands, probs, threshold):
    """FieldScorer.keep: over the threshold, likeliest first, no two overlapping ones."""
    order = sorted((i for i in range(len(cands)) if passes(cands[i], probs[i], threshold)), key=lambda i: -probs[i])
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


def best_threshold(forms, ids, variants, probs):
    """The thresholds (shipped-pass candidates, added ones) with the best summed F1 over the
    variants on the forms given, from probabilities `probs[(id, variant)]`: coordinate search,
    the shipped pass's first with nothing added."""

    def total(t):
        f = 0.0
        for v in variants:
            tp = fp = fn = 0
            for fid in ids:
                a, b, c = fast_counts(forms[fid], v, kept_indices(forms[fid]["cands"][v], probs[fid, v], t))
                tp, fp, fn = tp + a, fp + b, fn + c
            f += 2 * tp / max(1, 2 * tp + fp + fn)
        return f

    t = (max(THRESHOLDS, key=lambda x: total((x, NOTHING_ADDED))), NOTHING_ADDED)
    t = (t[0], max(THRESHOLDS + [NOTHING_ADDED], key=lambda x: total((t[0], x))))
    t = (max(THRESHOLDS, key=lambda x: total((x, t[1]))), t[1])
    return t


def predict(forms, ids, variants, model):
    return {(fid, v): probability(model, np.array([c["x"] for c in forms[fid]["cands"][v]], dtype=float))
            for fid in ids for v in variants}


def train(forms, ids, variants, source):
    """A model fitted on `ids`, and keep thresholds chosen on probabilities it did not see: the
    sources of `ids` in INNER_FOLDS groups, each predicted by a model fitted on the others (a
    model's probabilities on its own training forms are too sure of themselves to set a
    threshold for forms it has never seen)."""
    groups = collections.defaultdict(list)
    for fid in ids:
        groups[source(fid)].append(fid)
    bins = [[] for _ in range(INNER_FOLDS)]
    for g in sorted(groups, key=lambda g: -len(groups[g])):
        min(bins, key=len).extend(groups[g])
    probs = {}
    for held in bins:
        if not held:
            continue
        rest = [i for i in ids if i not in set(held)]
        probs.update(predict(forms, held, variants, fit(*matrix(forms, rest, variants))))
    model = fit(*matrix(forms, ids, variants))
    return model, best_threshold(forms, ids, variants, probs)


def swift_array(xs, kind=float):
    return "[" + ", ".join(repr(kind(x)) for x in xs) + "]"


def write_model(path_json, path_swift, names, model, threshold, on, manifest):
    doc = dict(manifest)
    doc.update({"features": names, "base": float(model["base"]), "threshold": float(threshold[0]), "addedThreshold": float(threshold[1]),
                "onByDefault": on, "trees": model["trees"]})
    with open(path_json, "w") as fh:
        json.dump(doc, fh, indent=1)
        fh.write("\n")
    lines = ["// Generated by bench/forms/train.py (make train-forms) with Models/forms/field-scorer.json: do not edit.", "",
             "extension FieldScorerModel {",
             "    /// The shipped model (`Models/forms/field-scorer.json` says what it was trained on and how it scored).",
             "    public static let shipped = FieldScorerModel(",
             "        features: [" + ", ".join('"%s"' % n for n in names) + "],",
             "        base: %r, threshold: %r, addedThreshold: %r, onByDefault: %s," % (float(model["base"]), float(threshold[0]), float(threshold[1]), "true" if on else "false"),
             "        trees: ["]
    for t in model["trees"]:
        lines.append("            Tree(feature: %s, threshold: %s, left: %s, right: %s, value: %s)," % (
            swift_array(t["feature"], int), swift_array(t["threshold"]), swift_array(t["left"], int), swift_array(t["right"], int),
            swift_array(t["value"])))
    lines += ["        ])", "}", ""]
    with open(path_swift, "w") as fh:
        fh.write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--truth-dir", required=True)
    ap.add_argument("--candidates", action="append", required=True, help="VARIANT=DIR (trained on and scored)")
    ap.add_argument("--apply", action="append", default=[], help="VARIANT=DIR (scored only, never trained on)")
    ap.add_argument("--on", action="store_true", help="ship the scorer switched on")
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--report", help="also write the figures as JSON here")
    ap.add_argument("--no-loso", action="store_true", help="skip the leave-one-source-out folds (fit and write only)")
    ap.add_argument("--loso-figures", help="a --report JSON of an earlier run with the folds: its figures go in the manifest")
    ap.add_argument("--ids", help="only these forms (a file with one id a line), for quick experiments")
    args = ap.parse_args()
    cand_dirs = dict(x.split("=", 1) for x in args.candidates)
    trained = list(cand_dirs)
    cand_dirs.update(dict(x.split("=", 1) for x in args.apply))
    variants = list(cand_dirs)
    forms, names = load(args.truth_dir, cand_dirs)
    FEATURE_NAMES[:] = names
    manifest = load_manifest(args.truth_dir)
    ids = sorted(fid for fid, f in forms.items() if all(v in f["cands"] for v in variants))
    if args.ids:
        wanted = {line.strip() for line in open(args.ids)}
        ids = [i for i in ids if i in wanted]
    groups = collections.defaultdict(list)
    for fid in ids:
        groups[source_of(fid, manifest)].append(fid)
    X, y = matrix(forms, ids, trained)
    print("candidates %d (positive %d), forms %d, sources %d, features %d" % (len(y), int(y.sum()), len(ids), len(groups), X.shape[1]))
    for v in variants:
        # The ceiling: every candidate kept (recall the scorer cannot exceed).
        every = f1_of(forms, {fid: forms[fid]["cands"][v] for fid in ids})
        print("%-10s every candidate kept: R %.3f P %.3f; recall by type %s" % (
            v, every["R"], every["P"], " ".join("%s %.3f" % kv for kv in sorted(every["recall"].items()))))

    source = lambda fid: source_of(fid, manifest)  # noqa: E731
    model, threshold = train(forms, ids, trained, source)
    figures = {}
    for v in variants:
        figures[v] = {"shipped": f1_of(forms, shipped_preds(forms, ids, v)),
                      "all_in": f1_of(forms, scored_preds(forms, ids, v, model, threshold))}
    # Leave one source out: every form predicted by a model that never saw its source.
    loso = {v: {} for v in variants}
    per_source = {}
    for g, held in sorted(groups.items()) if not args.no_loso else []:
        train_ids = [i for i in ids if i not in set(held)]
        m, t = train(forms, train_ids, trained, source)
        for v in variants:
            loso[v].update(scored_preds(forms, held, v, m, t))
        per_source[g] = {"forms": len(held), "threshold": t,
                         **{v: {"shipped": f1_of(forms, shipped_preds(forms, held, v))["F1"],
                                "loso": f1_of(forms, {i: loso[v][i] for i in held})["F1"]} for v in variants}}
        print("  fold %-10s %3d forms  thresholds %.3f/%.3f  %s" % (g, len(held), t[0], t[1], "  ".join(
            "%s shipped %.3f loso %.3f" % (v, per_source[g][v]["shipped"], per_source[g][v]["loso"]) for v in variants)))
    if args.loso_figures:
        earlier = json.load(open(args.loso_figures))
        per_source = earlier["per_source"]
        for v in variants:
            if v in earlier["figures"]:
                figures[v]["loso"] = earlier["figures"][v]["loso"]
    for v in variants:
        if "loso" not in figures[v]:
            if args.no_loso:
                print("%-10s shipped F1 %.3f  all-in %.3f (LOSO not run)" % (v, figures[v]["shipped"]["F1"], figures[v]["all_in"]["F1"]))
                continue
            figures[v]["loso"] = f1_of(forms, loso[v])
        s, a, l = figures[v]["shipped"], figures[v]["all_in"], figures[v]["loso"]
        print("%-10s shipped F1 %.3f (P %.3f R %.3f)  all-in %.3f (P %.3f R %.3f)  LOSO %.3f (P %.3f R %.3f)  gap %.3f" % (
            v, s["F1"], s["P"], s["R"], a["F1"], a["P"], a["R"], l["F1"], l["P"], l["R"], a["F1"] - l["F1"]))
    print("thresholds: shipped-pass candidates %.3f, added candidates %.3f; %d trees" % (threshold[0], threshold[1], len(model["trees"])))
    usage = collections.Counter(names[j] for t in model["trees"] for j in t["feature"] if j >= 0)
    print("splits per feature: " + ", ".join("%s %d" % kv for kv in usage.most_common()))
    report = {"figures": figures, "per_source": per_source}
    if args.report:
        json.dump(report, open(args.report, "w"), indent=1)
    if not args.no_write:
        meta = {"model": "gradient-boosted trees on the logistic loss (%d trees of depth %d, rate %.2f, %d quantile bins, "
                         "at least %d candidates a leaf); keep thresholds chosen for F1" % (ROUNDS, DEPTH, RATE, BINS, MIN_LEAF),
                "trainedOn": "../shared/corpus/forms-large (%d forms, variant %s), candidates from the forms-detect harness"
                             % (len(ids), "+".join(trained)),
                "scoredOn": variants,
                "date": datetime.date.today().isoformat(),
                "positives": "candidates with IoU >= 0.5 to a visible truth widget",
                "sources": {g: len(x) for g, x in sorted(groups.items())},
                "perSourceF1": {g: {v: x[v] for v in variants if v in x} for g, x in per_source.items()},
                "metrics": {v: {k: {"F1": f["F1"], "P": f["P"], "R": f["R"]} for k, f in figures[v].items()} for v in variants}}
        write_model(os.path.join(ROOT, "Models/forms/field-scorer.json"),
                    os.path.join(ROOT, "Sources/Forms/Scoring/FieldScorer+Model.swift"), names, model, threshold, args.on, meta)
        print("wrote Models/forms/field-scorer.json and Sources/Forms/Scoring/FieldScorer+Model.swift (onByDefault %s)" % args.on)


if __name__ == "__main__":
    main()
