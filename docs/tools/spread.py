#!/usr/bin/env python3
"""Joins PGM pages (pdftoppm -gray) side by side with a grey gap and writes a grey PNG."""
import sys, zlib, struct

def read_pgm(path):
    data = open(path, 'rb').read()
    parts = []
    position = 0
    while len(parts) < 4:
        while data[position:position+1].isspace():
            position += 1
        if data[position:position+1] == b'#':
            position = data.index(b'\n', position) + 1
            continue
        end = position
        while not data[end:end+1].isspace():
            end += 1
        parts.append(data[position:end])
        position = end
    position += 1
    width, height = int(parts[1]), int(parts[2])
    pixels = data[position:position + width * height]
    return width, height, [pixels[row*width:(row+1)*width] for row in range(height)]

def write_png(path, width, height, rows):
    raw = b''.join(b'\x00' + bytes(row) for row in rows)
    def chunk(kind, body):
        return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body) & 0xffffffff)
    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 0, 0, 0, 0))
    png += chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')
    open(path, 'wb').write(png)

def main():
    out, pages = sys.argv[1], [read_pgm(path) for path in sys.argv[2:]]
    gap = 12
    height = max(page[1] for page in pages) + 2 * gap
    width = sum(page[0] for page in pages) + gap * (len(pages) + 1)
    rows = [bytearray([160]) * width for _ in range(height)]
    left = gap
    for page_width, page_height, page_rows in pages:
        for row in range(page_height):
            rows[gap + row][left:left + page_width] = page_rows[row]
        left += page_width + gap
    write_png(out, width, height, rows)

main()
