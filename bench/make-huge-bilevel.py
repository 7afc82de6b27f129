#!/usr/bin/env python3
"""Writes a one-page PDF holding a 35,000 x 35,000 bilevel image (2400 dpi, 14.6 in square):
1 bit per component, Flate-compressed, white with rows of black marks like lines of text.
Used by bench/compose-vs-pdftoppm.sh to measure peak memory while composing such a page.

    python3 bench/make-huge-bilevel.py OUT.pdf [SIZE]
"""
import sys
import zlib

out = sys.argv[1]
size = int(sys.argv[2]) if len(sys.argv) > 2 else 35000
row_bytes = (size + 7) // 8
white = b"\xff" * row_bytes
# A line of "text": runs of black 40-pixel marks with gaps, 60 rows tall, every 200 rows.
mark = bytearray(white)
for x in range(200, size - 200, 80):
    for bit in range(x, x + 40):
        mark[bit >> 3] &= ~(0x80 >> (bit & 7)) & 0xFF
mark = bytes(mark)
compressor = zlib.compressobj(6)
chunks = []
for y in range(size):
    chunks.append(compressor.compress(mark if (y % 200) >= 140 else white))
chunks.append(compressor.flush())
data = b"".join(chunks)
side = size / 2400 * 72
objects = [
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.3f %.3f] /Resources << /XObject << /I 5 0 R >> >> /Contents 4 0 R >>" % (side, side),
]
content = b"q %.3f 0 0 %.3f 0 0 cm /I Do Q" % (side, side)
objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
objects.append(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /BitsPerComponent 1 /ColorSpace /DeviceGray "
               b"/Filter /FlateDecode /Length %d >>\nstream\n" % (size, size, len(data)) + data + b"\nendstream")
with open(out, "wb") as f:
    body = b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n"
    offsets = []
    for i, obj in enumerate(objects):
        offsets.append(len(body))
        body += b"%d 0 obj\n" % (i + 1) + obj + b"\nendobj\n"
    xref = len(body)
    body += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for o in offsets:
        body += b"%010d 00000 n \n" % o
    body += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    f.write(body)
