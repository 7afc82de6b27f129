#!/usr/bin/env python3
"""Generates the compact tables in this folder from published facts (not copied files).

Sources of the facts:
  - glyph name -> Unicode: the Adobe Glyph List (AGL 2.0) and the ITC Zapf Dingbats list, as
    published by Adobe and carried by fontTools.agl (pip install fonttools).
  - StandardEncoding, Symbol's and ZapfDingbats' built-in encodings and the standard-14 widths:
    the AFM files of the URW base35 fonts (Debian package fonts-urw-base35), which are
    metric-compatible with Adobe's Core 14 AFMs (same advance widths, same codes).
  - WinAnsiEncoding: Windows code page 1252 (Python's cp1252 codec) with the notes of ISO 32000-1
    Annex D (0xA0 space, 0xAD hyphen, unused codes 0x7F 0x81 0x8D 0x8F 0x90 0x9D bullet).
  - MacRomanEncoding: Mac OS Roman (Python's mac_roman codec) without the 15 entries Annex D leaves
    out (notequal, infinity, ..., apple) and with currency at 0xDB and space at 0xCA, as Annex D says.
  - CFF standard strings (SIDs 0-390): Adobe Technical Note #5176 Appendix A, as carried by
    fontTools.cffLib.
  - PDFDocEncoding is not generated: SimpleEncoding names the characters of the PDF module's
    PDFDocEncoding table through the glyph list (PDFDoc names are kept in the glyph list below).
Which glyph names are kept: every name the encodings above use, the names of the standard-14
fonts' glyphs, and every AGL name that a /Differences array of the shared corpus uses (the list
in corpus-glyph-names.txt, made with pikepdf). Names outside the table still resolve through the
uniXXXX / uXXXX[XX] rules, ligature and suffix splitting, and numeric fallbacks (GlyphNames.swift).

Usage: python make-tables.py CORPUS_NAMES.txt > /dev/null  (writes the .swift files beside it)
"""
import codecs, os, sys
from fontTools import agl

HERE = os.path.dirname(os.path.abspath(__file__))
AFM = "/usr/share/fonts/type1/urw-base35/"
FONTS = {  # standard-14 name -> URW clone
    "Helvetica": "NimbusSans-Regular", "Helvetica-Bold": "NimbusSans-Bold",
    "Helvetica-Oblique": "NimbusSans-Italic", "Helvetica-BoldOblique": "NimbusSans-BoldItalic",
    "Times-Roman": "NimbusRoman-Regular", "Times-Bold": "NimbusRoman-Bold",
    "Times-Italic": "NimbusRoman-Italic", "Times-BoldItalic": "NimbusRoman-BoldItalic",
    "Courier": "NimbusMonoPS-Regular", "Courier-Bold": "NimbusMonoPS-Bold",
    "Courier-Oblique": "NimbusMonoPS-Italic", "Courier-BoldOblique": "NimbusMonoPS-BoldItalic",
    "Symbol": "StandardSymbolsPS", "ZapfDingbats": "D050000L",
}

def afm(name):
    glyphs = []  # (code, width, name)
    for line in open(AFM + name + ".afm", encoding="latin-1"):
        if not line.startswith("C "):
            continue
        fields = dict(part.strip().split(" ", 1) for part in line.split(";") if part.strip())
        glyphs.append((int(fields["C"]), int(float(fields["WX"])), fields["N"]))
    return glyphs

def uv2name(u):
    if u in agl.UV2AGL:
        return agl.UV2AGL[u]
    return None

def encoding_from_afm(name):
    enc = ["."] * 256
    for code, _, glyph in afm(name):
        if 0 <= code < 256:
            enc[code] = glyph
    return enc

standard = encoding_from_afm("NimbusSans-Regular")
symbol = encoding_from_afm("StandardSymbolsPS")
zapf = encoding_from_afm("D050000L")

win = ["."] * 256
for code in range(0x20, 256):
    try:
        ch = bytes([code]).decode("cp1252")
    except UnicodeDecodeError:
        continue
    win[code] = uv2name(ord(ch)) or "."
win[0xA0] = "space"; win[0xAD] = "hyphen"
for code in (0x7F, 0x81, 0x8D, 0x8F, 0x90, 0x9D):
    win[code] = "bullet"

mac = ["."] * 256
for code in range(0x20, 256):
    if code == 0x7F:
        continue
    mac[code] = uv2name(ord(bytes([code]).decode("mac_roman"))) or "."
for code in (0xAD, 0xB0, 0xB2, 0xB3, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xBD, 0xC3, 0xC5, 0xC6, 0xD7, 0xF0):
    mac[code] = "."
mac[0xDB] = "currency"; mac[0xCA] = "space"

pdfdoc = ["."] * 256
for code in list(range(0x20, 0x7F)) + list(range(0xA1, 0x100)):
    pdfdoc[code] = uv2name(code) or "."
pdfdoc[0xAD] = "."
for code, name in zip(range(0x18, 0x20), "breve caron circumflex dotaccent hungarumlaut ogonek ring tilde".split()):
    pdfdoc[code] = name
extra = ("bullet dagger daggerdbl ellipsis emdash endash florin fraction guilsinglleft guilsinglright minus "
         "perthousand quotedblbase quotedblleft quotedblright quoteleft quoteright quotesinglbase trademark "
         "fi fl Lslash OE Scaron Ydieresis Zcaron dotlessi lslash oe scaron zcaron").split()
for code, name in zip(range(0x80, 0x9F), extra):
    pdfdoc[code] = name
pdfdoc[0xA0] = "Euro"

# Glyph list subset.
corpus = [line.split("\t")[0] for line in open(sys.argv[1]).read().splitlines()] if len(sys.argv) > 1 else []
wanted = set(standard + win + mac + pdfdoc + symbol) - {"."}
for font in FONTS.values():
    if font != "D050000L":
        wanted |= {g for _, _, g in afm(font)}
wanted |= {n for n in corpus if n in agl.LEGACY_AGL2UV}
glyphs = {}
for name in sorted(wanted):
    if name in agl.AGL2UV:
        glyphs[name] = [agl.AGL2UV[name]]
    elif name in agl.LEGACY_AGL2UV:
        glyphs[name] = [agl.LEGACY_AGL2UV[name][0]]
# Zapf Dingbats names (a1 ... a191) only apply to that font.
zapf_unicode = {}
for line in agl._AGL_ZAPF_DINGBATS.split("\n") if hasattr(agl, "_AGL_ZAPF_DINGBATS") else []:
    pass
zd = {}
for code, _, name in afm("D050000L"):
    u = agl._zapfDingbatsToUnicode(name) if hasattr(agl, "_zapfDingbatsToUnicode") else None
    if u:
        zd[name] = ord(u[0]) if isinstance(u, str) else u

def wrap(items, per_line, indent="    "):
    lines = []
    for i in range(0, len(items), per_line):
        lines.append(indent + " ".join(items[i:i + per_line]))
    return "\n".join(lines)

HEADER = "// Generated by make-tables.py from published facts; see that script for the sources.\n// Regenerate rather than edit by hand.\n\n"

with open(os.path.join(HERE, "GlyphListTable.swift"), "w") as out:
    pairs = ["%s %s" % (n, "".join("%04X" % u for u in v)) for n, v in sorted(glyphs.items())]
    zpairs = ["%s %04X" % (n, u) for n, u in sorted(zd.items(), key=lambda kv: int(kv[0][1:]) if kv[0][1:].isdigit() else 0)]
    out.write(HEADER)
    out.write("extension GlyphNames {\n")
    out.write("    /// `name HEX` pairs: the Adobe Glyph List entries that encodings, the standard-14 fonts and\n")
    out.write("    /// real files' `/Differences` use (%d of the AGL's ~4,500).\n" % len(pairs))
    out.write('    static let listText = """\n' + wrap(pairs, 8) + '\n    """\n\n')
    out.write("    /// `name HEX` pairs of the ITC Zapf Dingbats glyph list, for the ZapfDingbats font only.\n")
    out.write('    static let dingbatsText = """\n' + wrap(zpairs, 10) + '\n    """\n}\n')

with open(os.path.join(HERE, "EncodingTables.swift"), "w") as out:
    out.write(HEADER)
    out.write("extension SimpleEncoding {\n")
    for label, enc, doc in [("standardNames", standard, "StandardEncoding"), ("winAnsiNames", win, "WinAnsiEncoding"),
                            ("macRomanNames", mac, "MacRomanEncoding"),
                            ("symbolNames", symbol, "the Symbol font's built-in encoding"),
                            ("zapfDingbatsNames", zapf, "the ZapfDingbats font's built-in encoding")]:
        out.write("    /// %s: 256 glyph names separated by spaces, `.` for unused codes.\n" % doc)
        out.write('    static let %s = """\n%s\n    """\n\n' % (label, wrap(enc, 16)))
    out.write("}\n")

latin_names = sorted(set(standard + win + mac) - {"."})
with open(os.path.join(HERE, "StandardFontMetricsTable.swift"), "w") as out:
    out.write(HEADER)
    out.write("extension StandardFontMetrics {\n")
    out.write("    /// The Latin glyph names the width rows below follow, in order.\n")
    out.write('    static let latinNames = """\n%s\n    """\n\n' % wrap(latin_names, 12))
    out.write("    /// Advance widths (1/1000 em) per font, in the order of `latinNames`; 0 when the font lacks the glyph.\n")
    out.write("    static let latinWidths: [String: String] = [\n")
    for font, urw in FONTS.items():
        if font.startswith("Courier") or font in ("Symbol", "ZapfDingbats"):
            continue
        widths = {g: w for _, w, g in afm(urw)}
        row = [str(widths.get(n, 0)) for n in latin_names]
        out.write('        "%s": """\n%s\n        """,\n' % (font, wrap(row, 24, "        ")))
    out.write("    ]\n\n")
    for font in ("Symbol", "ZapfDingbats"):
        pairs = ["%s %d" % (g, w) for c, w, g in afm(FONTS[font])]
        out.write("    /// `name width` pairs of %s.\n" % font)
        out.write('    static let %sWidths = """\n%s\n    """\n\n' % (font[0].lower() + font[1:], wrap(pairs, 10)))
    out.write("}\n")
from fontTools.cffLib import cffStandardStrings
with open(os.path.join(HERE, "CFFStandardStringsTable.swift"), "w") as out:
    out.write(HEADER)
    out.write("extension CFFEncoding {\n")
    out.write("    /// The CFF standard strings, SID 0 to %d, separated by spaces.\n" % (len(cffStandardStrings) - 1))
    out.write('    static let standardStringsText = """\n%s\n    """\n}\n' % wrap(list(cffStandardStrings), 12))
print(len(glyphs), len(zd), len(latin_names), file=sys.stderr)
