"""Makes LadderMath-Regular.ttf from STIX Math 1.1.1 (see OFL.txt).

    python3 convert.py STIXMath-Regular.otf LadderMath-Regular.ttf

with fontTools (pip install fonttools) and the font from Debian's fonts-stix
1.1.1 (/usr/share/fonts/opentype/stix-word/STIXMath-Regular.otf). The CFF
outlines become TrueType ones (cubic curves approximated by quadratic ones
within 1 unit of the 1000-unit em, as fontmake converts fonts), because
ladder cuts the font down per site with a subsetter that reads TrueType
outlines only. Glyph order, metrics, cmap, GDEF, GPOS, GSUB and MATH stay as
they are; the font is renamed, as STIX's licence asks of a modified version,
and FontForge's timestamp table (FFTM) is dropped.
"""

import sys

from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

FAMILY = "Ladder Math"
POSTSCRIPT = "LadderMath-Regular"

src, dst = sys.argv[1], sys.argv[2]
font = TTFont(src, recalcTimestamp=False)
order = font.getGlyphOrder()
cubic = font.getGlyphSet()
quadratic = {}
for name in order:
    pen = TTGlyphPen(cubic)
    cubic[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
    quadratic[name] = pen.glyph()
glyf = newTable("glyf")
glyf.glyphOrder = order
glyf.glyphs = quadratic
font["glyf"] = glyf
font["loca"] = newTable("loca")
del font["CFF "], font["FFTM"]
glyf.compile(font)
hmtx = font["hmtx"]
for name in order:
    hmtx[name] = (hmtx[name][0], getattr(glyf[name], "xMin", 0))
maxp = font["maxp"] = newTable("maxp")
maxp.tableVersion = 0x00010000
maxp.numGlyphs = len(order)
maxp.maxZones = 1
for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
              "maxStackElements", "maxSizeOfInstructions", "maxComponentElements",
              "maxComponentDepth"):
    setattr(maxp, field, 0)
font["post"].formatType = 3.0
names = font["name"]
for record in names.names:
    if record.nameID == 1:
        record.string = FAMILY
    elif record.nameID == 3:
        record.string = f"{POSTSCRIPT}: TrueType outlines from STIX Math 1.1.1"
    elif record.nameID == 4:
        record.string = f"{FAMILY} Regular"
    elif record.nameID == 6:
        record.string = POSTSCRIPT
font.sfntVersion = "\0\1\0\0"
font.save(dst)
