"""Reading back the QR codes the table screen shows, as a phone's camera would.

The server draws each code as an inline SVG (segno: one path of horizontal runs,
one unit per module). The path is painted into a grey image, pixel by pixel, and
zxing-cpp decodes that image: what comes out is what a phone would open.
"""

import re

import zxingcpp

PIXELS = 4  # per module
MARGIN = 4  # white modules around, on top of the code's own quiet zone


def modules(svg: str) -> list[list[bool]]:
    """The dark modules of a segno SVG, row by row."""
    sized = re.search(r'width="(\d+)"', svg) or re.search(r'viewBox="0 0 (\d+)', svg)
    size = int(sized.group(1))
    scale = float(re.search(r'scale\(([\d.]+)\)', svg).group(1)) if "scale(" in svg else 1
    n = round(size / scale)
    grid = [[False] * n for _ in range(n)]
    d = re.search(r' d="([^"]+)"', svg).group(1)
    x = y = 0.0
    for op, args in re.findall(r"([MmHh])([^MmHh]*)", d):
        nums = [float(v) for v in re.findall(r"-?[\d.]+", args)]
        if op == "M":
            x, y = nums
        elif op == "m":
            x, y = x + nums[0], y + nums[1]
        else:  # a horizontal run of dark modules on row y - 0.5
            end = x + nums[0] if op == "h" else nums[0]
            for col in range(round(min(x, end)), round(max(x, end))):
                grid[int(y)][col] = True
            x = end
    return grid


def decode(svg: str) -> str:
    grid = modules(svg)
    n = len(grid) + 2 * MARGIN
    width = n * PIXELS
    image = bytearray(b"\xff" * width * width)
    for r, row in enumerate(grid):
        for c, dark in enumerate(row):
            if not dark:
                continue
            for dy in range(PIXELS):
                start = ((r + MARGIN) * PIXELS + dy) * width + (c + MARGIN) * PIXELS
                image[start:start + PIXELS] = b"\x00" * PIXELS
    grey = memoryview(bytes(image)).cast("B", (width, width))  # rows of grey pixels
    found = zxingcpp.read_barcodes(grey, formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, f"{len(found)} QR codes read"
    return str(found[0].text)
