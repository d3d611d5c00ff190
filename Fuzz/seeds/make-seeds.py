#!/usr/bin/env python3
"""Writes the tiny PNG and JPEG seed inputs in Fuzz/seeds/png and Fuzz/seeds/jpeg.

The seeds are committed (each well under 2 KB); run this only to change them. PNGs are written
with the standard library alone (zlib, struct); JPEGs need Pillow (`python3 -m pip install Pillow`).
Each seed reaches a different path of the decoder: colour types and bit depths, Adam7, tRNS,
the colour chunks (sRGB, gAMA/cHRM, iCCP) and chunks libpng skips (Apple's iDOT, eXIf); for JPEG
baseline and progressive, subsampling, grey, CMYK (refused), restart markers and an ICC profile
in APP2 markers.
"""
import io
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


# ---------------------------------------------------------------- ICC profiles

def s15fixed16(value):
    return struct.pack(">i", round(value * 65536))


def xyz_tag(x, y, z):
    return b"XYZ " + bytes(4) + s15fixed16(x) + s15fixed16(y) + s15fixed16(z)


def desc_tag(text):
    # textDescriptionType (ICC v2): ASCII count including the NUL, then empty Unicode and
    # ScriptCode parts.
    ascii = text.encode("ascii") + b"\0"
    return b"desc" + bytes(4) + struct.pack(">I", len(ascii)) + ascii + bytes(4 + 4 + 2 + 1 + 67)


def mluc_tag(text):
    utf16 = text.encode("utf-16-be")
    return (b"mluc" + bytes(4) + struct.pack(">II", 1, 12)
            + b"enUS" + struct.pack(">II", len(utf16), 16 + 12) + utf16)


def icc_profile(color_space, tags, version=0x02100000):
    """A profile libpng accepts: D50 illuminant, tags 4-byte aligned inside the profile."""
    count = len(tags)
    offset = 128 + 4 + 12 * count
    table, data = b"", b""
    for signature, body in tags:
        while (offset + len(data)) % 4:
            data += b"\0"
        table += signature + struct.pack(">II", offset + len(data), len(body))
        data += body
    while len(data) % 4:
        data += b"\0"
    size = offset + len(data)
    header = (struct.pack(">I", size) + bytes(4) + struct.pack(">I", version) + b"mntr"
              + color_space + b"XYZ " + bytes(12) + b"acsp" + b"APPL" + bytes(4 + 4 + 4 + 8)
              + struct.pack(">I", 0) + s15fixed16(0.9642) + s15fixed16(1.0) + s15fixed16(0.8249)
              + bytes(4 + 16 + 28))
    assert len(header) == 128
    return header + struct.pack(">I", count) + table + data


# Apple's Display P3 colorants (D50-adapted), as Sources/Imaging/ICCProfile.swift knows them.
P3_COLORANTS = [(0.515121, 0.241196, -0.001053), (0.291977, 0.692245, 0.041885), (0.157104, 0.066574, 0.784073)]
SRGB_COLORANTS = [(0.436065674, 0.222488403, 0.013916016), (0.385147095, 0.716873169, 0.097076416),
                  (0.143066406, 0.060607910, 0.714096069)]


def rgb_profile(description, colorants, mluc=False):
    tags = [(b"desc", mluc_tag(description) if mluc else desc_tag(description))]
    tags += [(name, xyz_tag(*xyz)) for name, xyz in zip([b"rXYZ", b"gXYZ", b"bXYZ"], colorants)]
    return icc_profile(b"RGB ", tags, version=0x04300000 if mluc else 0x02100000)


# ---------------------------------------------------------------- PNG

def chunk(kind, data=b""):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def pack_row(samples, bit_depth):
    if bit_depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if bit_depth == 8:
        return bytes(samples)
    per_byte = 8 // bit_depth
    out = bytearray()
    for i in range(0, len(samples), per_byte):
        byte = 0
        group = samples[i:i + per_byte]
        for j, s in enumerate(group):
            byte |= s << (8 - bit_depth * (j + 1))
        out.append(byte)
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def scanlines(pixels, width, height, channels, bit_depth, interlaced, filters=(0, 1, 2, 3, 4)):
    """Filter-type bytes cycle through `filters` so that every unfilter path is seeded. The samples
    are stored unfiltered, so the decoded pixels differ from `pixels`; a seed only has to be valid."""
    def rows(xs, ys):
        out, n = b"", 0
        for y in ys:
            samples = [s for x in xs for s in pixels[y][x][:channels]]
            out += bytes([filters[n % len(filters)]]) + pack_row(samples, bit_depth)
            n += 1
        return out
    if not interlaced:
        return rows(range(width), range(height))
    data = b""
    for x0, y0, dx, dy in ADAM7:
        xs, ys = range(x0, width, dx), range(y0, height, dy)
        if len(xs) and len(ys):
            data += rows(xs, ys)
    return data


def png(width, height, color_type, bit_depth, pixels, interlaced=False, before_plte=(), after_plte=(),
        after_idat=(), plte=None, idat_split=1, filters=(0, 1, 2, 3, 4)):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    raw = scanlines(pixels, width, height, channels, bit_depth, interlaced, filters)
    compressed = zlib.compress(raw, 9)
    out = b"\x89PNG\r\n\x1a\n"
    out += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 1 if interlaced else 0))
    for kind, data in before_plte:
        out += chunk(kind, data)
    if plte is not None:
        out += chunk(b"PLTE", b"".join(bytes(c) for c in plte))
    for kind, data in after_plte:
        out += chunk(kind, data)
    step = -(-len(compressed) // idat_split)
    for i in range(0, len(compressed), step):
        out += chunk(b"IDAT", compressed[i:i + step])
    for kind, data in after_idat:
        out += chunk(kind, data)
    return out + chunk(b"IEND")


def grid(width, height, f):
    return [[f(x, y) for x in range(width)] for y in range(height)]


def chrm(values):
    return b"".join(struct.pack(">I", round(v * 100000)) for v in values)


def iccp(name, profile):
    return name.encode("latin-1") + b"\0\0" + zlib.compress(profile, 9)


def png_seeds():
    seeds = {}
    seeds["rgba-1x1.png"] = png(1, 1, 6, 8, [[(200, 100, 50, 128)]])
    seeds["palette-2bit-3x2-trns.png"] = png(
        3, 2, 3, 2, grid(3, 2, lambda x, y: ((x + y) % 3,)),
        plte=[(255, 0, 0), (0, 255, 0), (0, 0, 255)], after_plte=[(b"tRNS", bytes([0, 128]))])
    seeds["palette-8bit-adam7-11x9.png"] = png(
        11, 9, 3, 8, grid(11, 9, lambda x, y: ((x * 3 + y) % 16,)), interlaced=True,
        plte=[(i * 16, 255 - i * 16, (i * 40) % 256) for i in range(16)])
    seeds["grey-alpha-16bit-4x4-gama.png"] = png(
        4, 4, 4, 16, grid(4, 4, lambda x, y: (x * 16000, y * 20000)),
        before_plte=[(b"gAMA", struct.pack(">I", 45455))])
    seeds["grey-1bit-17x3-trns.png"] = png(
        17, 3, 0, 1, grid(17, 3, lambda x, y: ((x ^ y) & 1,)), after_plte=[(b"tRNS", struct.pack(">H", 1))])
    seeds["grey-4bit-adam7-5x5.png"] = png(5, 5, 0, 4, grid(5, 5, lambda x, y: ((x * 5 + y) % 16,)), interlaced=True)
    seeds["rgb-adam7-9x9-srgb.png"] = png(
        9, 9, 2, 8, grid(9, 9, lambda x, y: (x * 28, y * 28, (x * y) % 256)), interlaced=True,
        before_plte=[(b"sRGB", b"\0"), (b"gAMA", struct.pack(">I", 45455))])
    seeds["rgb-16bit-3x3-trns-bkgd.png"] = png(
        3, 3, 2, 16, grid(3, 3, lambda x, y: (x * 30000, y * 30000, 4660)),
        after_plte=[(b"tRNS", struct.pack(">HHH", 0, 0, 4660)), (b"bKGD", struct.pack(">HHH", 1, 2, 3))])
    seeds["rgb-4x4-gama-chrm-p3.png"] = png(
        4, 4, 2, 8, grid(4, 4, lambda x, y: (255 * (x & 1), 255 * (y & 1), 128)),
        before_plte=[(b"gAMA", struct.pack(">I", 45455)),
                     (b"cHRM", chrm([0.3127, 0.3290, 0.68, 0.32, 0.265, 0.69, 0.15, 0.06]))])
    seeds["rgb-4x4-iccp-p3.png"] = png(
        4, 4, 2, 8, grid(4, 4, lambda x, y: (255, x * 60, y * 60)),
        before_plte=[(b"iCCP", iccp("Display P3", rgb_profile("Display P3", P3_COLORANTS)))])
    seeds["rgba-4x4-iccp-srgb-mluc.png"] = png(
        4, 4, 6, 8, grid(4, 4, lambda x, y: (x * 60, 255, y * 60, 200)),
        before_plte=[(b"iCCP", iccp("sRGB", rgb_profile("sRGB IEC61966-2.1", SRGB_COLORANTS, mluc=True)))])
    seeds["grey-4x4-iccp-gray.png"] = png(
        4, 4, 0, 8, grid(4, 4, lambda x, y: (x * 60 + y,)),
        before_plte=[(b"iCCP", iccp("Gray", icc_profile(b"GRAY", [(b"desc", desc_tag("Generic Gray")),
                                                                    (b"wtpt", xyz_tag(0.9642, 1.0, 0.8249))])))])
    # What simulator and fastlane captures carry (see ../shared/corpus/real-screens/MANIFEST.tsv beside the repository):
    # Apple's private iDOT, eXIf, pHYs, text chunks, and the image data split over several IDATs.
    seeds["rgba-6x4-apple-chunks.png"] = png(
        6, 4, 6, 8, grid(6, 4, lambda x, y: (x * 40, y * 60, 90, 255)),
        before_plte=[(b"sRGB", b"\0"),
                     (b"eXIf", b"MM\0*\0\0\0\x08\0\0\0\0\0\0"),
                     (b"pHYs", struct.pack(">IIB", 5669, 5669, 1)),
                     (b"iTXt", b"XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>"),
                     (b"iDOT", struct.pack(">IIIIIII", 2, 0, 2, 0x28, 2, 2, 0x40))],
        after_idat=[(b"tEXt", b"Software\0fuzz seed"), (b"zTXt", b"Comment\0\0" + zlib.compress(b"seed")),
                    (b"tIME", struct.pack(">HBBBBB", 2024, 5, 17, 12, 0, 0))],
        idat_split=3)
    return seeds


# ---------------------------------------------------------------- JPEG

def jpeg_seeds():
    from PIL import Image

    def image(mode, width, height, f):
        img = Image.new(mode, (width, height))
        img.putdata([f(x, y) for y in range(height) for x in range(width)])
        return img

    def encode(img, **options):
        buffer = io.BytesIO()
        img.save(buffer, "JPEG", **options)
        return buffer.getvalue()

    def colours(x, y):
        return (x * 30 % 256, y * 30 % 256, (x * y * 7) % 256)

    exif = b"Exif\0\0MM\0*\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x06\0\0\0\0\0\0"
    seeds = {}
    seeds["rgb-baseline-444-8x8.jpg"] = encode(image("RGB", 8, 8, colours), quality=90, subsampling=0)
    seeds["rgb-baseline-420-17x13.jpg"] = encode(image("RGB", 17, 13, colours), quality=75, subsampling=2)
    seeds["rgb-progressive-422-16x9.jpg"] = encode(image("RGB", 16, 9, colours), quality=80, subsampling=1,
                                                   progressive=True)
    seeds["grey-baseline-9x7.jpg"] = encode(image("L", 9, 7, lambda x, y: (x * 25 + y * 3) % 256), quality=85)
    seeds["grey-progressive-8x8.jpg"] = encode(image("L", 8, 8, lambda x, y: (x ^ y) * 30), progressive=True)
    seeds["rgb-8x8-icc-p3.jpg"] = encode(image("RGB", 8, 8, colours), quality=85,
                                         icc_profile=rgb_profile("Display P3", P3_COLORANTS))
    seeds["rgb-8x8-icc-mluc-progressive.jpg"] = encode(
        image("RGB", 8, 8, colours), quality=85, progressive=True,
        icc_profile=rgb_profile("sRGB IEC61966-2.1", SRGB_COLORANTS, mluc=True))
    seeds["cmyk-8x8.jpg"] = encode(image("CMYK", 8, 8, lambda x, y: (x * 30, y * 30, 0, 20)), quality=80)
    seeds["rgb-16x16-optimized-exif-comment.jpg"] = encode(image("RGB", 16, 16, colours), quality=70,
                                                          optimize=True, exif=exif, comment=b"fuzz seed")
    seeds["rgb-24x16-restart-markers.jpg"] = encode(image("RGB", 24, 16, colours), quality=60, subsampling=0,
                                                   restart_marker_blocks=1)
    return seeds


def write(folder, seeds):
    path = os.path.join(HERE, folder)
    os.makedirs(path, exist_ok=True)
    for name, data in sorted(seeds.items()):
        assert len(data) < 2048, f"{name} is {len(data)} bytes; seeds stay under 2 KB"
        with open(os.path.join(path, name), "wb") as f:
            f.write(data)
        print(f"{folder}/{name}: {len(data)} bytes")


if __name__ == "__main__":
    write("png", png_seeds())
    write("jpeg", jpeg_seeds())
