#!/usr/bin/env python3
"""Largest per-page mean absolute difference (0-255) between two folders of pdftoppm pages.

Usage: ppm-difference.py DIR_A DIR_B. Pages are paired by file name; a page missing on one side, or
of another size, counts as 255. Prints one number with three decimals. Standard library only.
"""
import os
import sys


def read_pnm(path):
    with open(path, "rb") as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:  # magic, width, height, maxval; skip comments and whitespace
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    return (int(fields[1]), int(fields[2]), fields[0]), data[pos + 1:]


def mean_difference(a, b):
    (head_a, pixels_a), (head_b, pixels_b) = read_pnm(a), read_pnm(b)
    if head_a != head_b or len(pixels_a) != len(pixels_b) or not pixels_a:
        return 255.0
    if pixels_a == pixels_b:
        return 0.0
    return sum(abs(x - y) for x, y in zip(pixels_a, pixels_b)) / len(pixels_a)


def main():
    dir_a, dir_b = sys.argv[1], sys.argv[2]
    names = sorted(set(os.listdir(dir_a)) | set(os.listdir(dir_b)))
    worst = 0.0
    for name in names:
        pa, pb = os.path.join(dir_a, name), os.path.join(dir_b, name)
        worst = max(worst, mean_difference(pa, pb) if os.path.exists(pa) and os.path.exists(pb) else 255.0)
    print(f"{worst:.3f}" if names else "255.000")


if __name__ == "__main__":
    main()
