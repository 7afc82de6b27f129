"""The body of bench/fill-roundtrip.sh: argv = legible binary, output folder, corpus folder [files…]."""
import json, os, re, string, subprocess, sys, tempfile, time
import logging
import numpy as np
import pypdf

logging.getLogger("pypdf").setLevel(logging.ERROR)  # its font fallbacks are not ours to report

legible, out, corpus = sys.argv[1], sys.argv[2], sys.argv[3]
only = set(sys.argv[4:])
TEXT = {"text", "multiline", "comb", "password"}
DIGITS = string.digits + string.ascii_uppercase


def run(args, **kw):
    return subprocess.run(args, capture_output=True, timeout=300, **kw)


def fields(pdf):
    r = run([legible, "fields", "--json", pdf])
    if r.returncode != 0:
        raise RuntimeError(r.stderr.decode(errors="replace").strip())
    return json.loads(r.stdout)["fields"]


def distinct(i, limit):
    """A value unique to field i: 'v<i>x' in base 36, cut to the field's maximum length."""
    n, s = i, ""
    while True:
        s = DIGITS[n % 36] + s
        n //= 36
        if n == 0:
            break
    value = "v" + s + "x"
    if limit and len(value) > limit:
        value = (s.rjust(limit, "0"))[-limit:]
    return value


def plan(entries):
    values = {}
    for i, f in enumerate(entries):
        kind, name = f["kind"], f["name"]
        if name in values:
            continue
        if kind in TEXT:
            values[name] = distinct(i, f.get("maxLength"))
        elif kind == "checkbox" and f.get("exportValues"):
            values[name] = f["exportValues"][0]
        elif kind == "radio" and f.get("exportValues"):
            values[name] = f["exportValues"][-1]
        elif kind in ("combo", "list") and f.get("options"):
            values[name] = f["options"][-1]
    return values


def render(pdf):
    with tempfile.TemporaryDirectory() as tmp:
        r = run(["pdftoppm", "-q", "-gray", "-r", "50", "-l", "3", pdf, os.path.join(tmp, "p")])
        if r.returncode != 0:
            return None
        result = []
        for name in sorted(os.listdir(tmp)):
            data = open(os.path.join(tmp, name), "rb").read()
            m = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
            w, h = int(m.group(1)), int(m.group(2))
            result.append(np.frombuffer(data[m.end():m.end() + w * h], dtype=np.uint8).reshape(h, w).astype(np.int16))
        return result


BLOCK = 6  # pixels per side of the cells compared: at 50 dpi about 3 points, a line of small text


def blocks(image):
    """The image averaged over BLOCK × BLOCK cells: the same text drawn a pixel to the side (each
    filler places its baseline its own way) then differs little, a value drawn or not a lot."""
    h, w = (image.shape[0] // BLOCK) * BLOCK, (image.shape[1] // BLOCK) * BLOCK
    return image[:h, :w].reshape(h // BLOCK, BLOCK, w // BLOCK, BLOCK).mean(axis=(1, 3))


def difference(a, b):
    if a is None or b is None or len(a) != len(b) or any(x.shape != y.shape for x, y in zip(a, b)):
        return None
    return float(np.mean([np.abs(blocks(x) - blocks(y)).mean() for x, y in zip(a, b)]))


def qpdf_problems(pdf):
    r = run(["qpdf", "--check", pdf])
    lines = (r.stdout + r.stderr).decode(errors="replace").splitlines()
    return {l for l in lines if "WARNING" in l or l.startswith("ERROR") or ": error" in l}, r.returncode


def pypdf_fill(src, values, dst):
    writer = pypdf.PdfWriter(clone_from=src)
    for page in writer.pages:
        names = set()
        for a in page.get("/Annots", []) or []:
            a = a.get_object()
            node, parts = a, []
            while node is not None:
                if "/T" in node:
                    parts.insert(0, str(node["/T"]))
                node = node.get("/Parent")
                node = node.get_object() if node is not None else None
            names.add(".".join(parts))
        mine = {k: v for k, v in values.items() if k in names}
        if mine:
            writer.update_page_form_field_values(page, mine, auto_regenerate=False)
    writer.write(dst)


def pypdf_values(pdf):
    """Each widget's full name (its /T and its parents', as ISO 32000 names fields; pypdf's own
    get_fields keys some forms by /TM instead) and inherited /V, read through pypdf's objects."""
    reader = pypdf.PdfReader(pdf)
    values = {}
    for page in reader.pages:
        for annotation in page.get("/Annots", []) or []:
            node = annotation.get_object()
            if node.get("/Subtype") != "/Widget":
                continue
            parts, value, depth = [], None, 0
            while node is not None and depth < 32:
                if "/T" in node:
                    parts.insert(0, str(node["/T"]))
                if value is None and "/V" in node:
                    value = node["/V"]
                parent = node.get("/Parent")
                node = parent.get_object() if parent is not None else None
                node = node if isinstance(node, pypdf.generic.DictionaryObject) else None  # /Parent null
                depth += 1
            values.setdefault(".".join(parts), value)
    return values


files = sorted(f for f in os.listdir(corpus) if f.endswith(".pdf") and (not only or f in only))
totals = {"forms": 0, "values": 0, "roundtrip_bad": 0, "pdftotext_bad": 0, "pypdf_bad": 0, "qpdf_bad": 0, "failed": 0}
diffs, scale = [], []
bad_forms = []
for name in files:
    src = os.path.join(corpus, name)
    dst = os.path.join(out, name)
    data = os.path.join(out, name + ".json")
    try:
        entries = fields(src)
    except Exception as e:
        print(f"{name}: fields failed: {e}")
        totals["failed"] += 1
        bad_forms.append(name)
        continue
    values = plan(entries)
    json.dump(values, open(data, "w"), ensure_ascii=False)
    r = run([legible, "fill", "-q", src, data, dst])
    totals["forms"] += 1
    totals["values"] += len(values)
    if r.returncode != 0:
        print(f"{name}: fill failed ({r.returncode}): {r.stderr.decode(errors='replace').strip()}")
        totals["failed"] += 1
        bad_forms.append(name)
        continue
    problems = []
    back = {f["name"]: f.get("value") for f in fields(dst)}
    wrong = [k for k, v in values.items() if back.get(k) != v]
    if wrong:
        totals["roundtrip_bad"] += 1
        problems.append(f"{len(wrong)} values not read back, e.g. {wrong[0]!r}: {values[wrong[0]]!r} → {back.get(wrong[0])!r}")
    # A field whose widgets are on no page (no /P, in no /Annots) cannot be shown.
    kinds = {f["name"]: f["kind"] for f in entries if f.get("page")}
    # Comb letters sit one per cell: poppler's reading order finds them in -layout mode.
    shown = [re.sub(r"\s+", "", run(["pdftotext", "-q"] + mode + [dst, "-"]).stdout.decode(errors="replace"))
             for mode in ([], ["-layout"])]
    missing = [k for k, v in values.items() if kinds.get(k) in TEXT - {"password"} and all(v not in text for text in shown)]
    if missing:
        totals["pdftotext_bad"] += 1
        problems.append(f"pdftotext misses {len(missing)}, e.g. {missing[0]!r} = {values[missing[0]]!r}")
    try:
        theirs = pypdf_values(dst)
        every = {f["name"]: f["kind"] for f in entries}
        unread = [k for k, v in values.items() if every.get(k) in TEXT | {"combo", "list"} and k in theirs and theirs.get(k) != v]
        unread += [k for k, v in values.items() if every.get(k) in ("checkbox", "radio") and k in theirs and theirs.get(k) in (None, "/Off")]
    except Exception as e:
        unread = [f"pypdf failed: {e}"]
    if unread:
        totals["pypdf_bad"] += 1
        problems.append(f"pypdf reads {len(unread)} differently, e.g. {unread[0]!r}")
    before, _ = qpdf_problems(src)
    after, code = qpdf_problems(dst)
    if after - before or (code == 2):
        totals["qpdf_bad"] += 1
        problems.append(f"qpdf --check: {sorted(after - before)[:2]}")
    try:
        theirs_pdf = os.path.join(out, name + ".pypdf.pdf")
        pypdf_fill(src, values, theirs_pdf)
        ours, peer, empty = render(dst), render(theirs_pdf), render(src)
        d, s = difference(ours, peer), difference(empty, ours)
        if d is not None:
            diffs.append((d, name))
            scale.append(s or 0)
    except Exception as e:
        problems.append(f"(pypdf could not fill it: {str(e)[:80]})")
    if problems:
        bad_forms.append(name)
        print(f"{name}: " + "; ".join(problems))

print(json.dumps(totals))
if diffs:
    ds = sorted(d for d, _ in diffs)
    print(f"render vs pypdf: mean |diff| {np.mean(ds):.3f} (median {np.median(ds):.3f}, max {ds[-1]:.3f} {max(diffs)[1]}) over {len(ds)} forms;"
          f" for scale, the empty form vs Legible's filled one: mean {np.mean(scale):.3f} (0-255, {BLOCK}x{BLOCK}-pixel cells at 50 dpi)")

# Speed: a 15-page form (ssa_632's 10 pages + its first 5 again; qpdf renames the repeated fields).
big = os.path.join(out, "fifteen-pages.pdf")
ssa = os.path.join(corpus, "ssa_632.pdf")
if os.path.exists(ssa) and not only:
    run(["qpdf", "--empty", "--pages", ssa, ssa, "1-5", "--", big])
    entries = fields(big)
    data = os.path.join(out, "fifteen-pages.json")
    json.dump(plan(entries), open(data, "w"))
    times = []
    for _ in range(5):
        t = time.perf_counter()
        r = run([legible, "fill", "-q", big, data, os.path.join(out, "fifteen-pages-filled.pdf")])
        times.append(time.perf_counter() - t)
    pages = run(["qpdf", "--show-npages", big]).stdout.decode().strip()
    print(f"fill of a {pages}-page form with {len(entries)} fields: best {min(times):.3f} s, median {sorted(times)[2]:.3f} s (exit {r.returncode}; target < 0.2 s)")
sys.exit(1 if bad_forms else 0)
