"""Print-shop PDFs: any boardgen PDF made PDF/X-4, the file a print shop's workflow expects.

What turns an office PDF into a print-shop one, done here on the finished file (with
pikepdf, so rule sheets and booklets set by reportlab's platypus and pages drawn from
scenes are treated alike):

* every colour in CMYK: each ``rg``/``RG`` (RGB) and ``g``/``G`` (grey) operator of
  the pages and of their forms becomes ``k``/``K``; black, and every neutral grey, is
  pure K (no rich black for small text, so it cannot print blurred if plates shift);
* page boxes: the TrimBox is the page as designed, the BleedBox the trim plus the
  bleed, and the sheet (MediaBox) grows around them by a slug that carries crop marks
  of :data:`CROP_MARK` mm at the trim's corners, outside the bleed; a page that paints
  its own bleed (a board laid out for the print shop) says so and is trimmed inside it;
* an output intent with a CMYK ICC profile (:func:`cmyk_profile`), the ``GTS_PDFXVersion``
  key, ``Trapped``, and matching XMP metadata; PDF 1.6.

The output is deterministic: the dates are :data:`FIXED_DATE` (or ``SOURCE_DATE_EPOCH``)
and the file ID is derived from the content.
"""

from __future__ import annotations

__all__ = ["CROP_MARK", "FIXED_DATE", "PROFILES", "PROFILE_ENV", "SLUG", "cmyk_profile", "to_pdfx"]

import datetime
import hashlib
import io
import os
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import BoardgenError
from .pdf import MM

#: Length of a crop mark, in mm.
CROP_MARK = 4.0
#: Room around the bleed for the crop marks, in mm (the marks start 1 mm past the bleed).
SLUG = CROP_MARK + 2.0
#: The date written into print-shop files (reproducible builds), unless SOURCE_DATE_EPOCH says otherwise.
FIXED_DATE = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)
#: An environment variable naming the CMYK ICC profile to use.
PROFILE_ENV = "BOARDGEN_CMYK_PROFILE"
#: Where free CMYK profiles are installed: Ghostscript's (Debian and Ubuntu: libgs-common;
#: Fedora: ghostscript), then colord's.
PROFILES = (
    Path("/usr/share/color/icc/ghostscript/default_cmyk.icc"),
    Path("/usr/share/ghostscript/iccprofiles/default_cmyk.icc"),
    Path("/usr/share/color/icc/colord/FOGRA39L_coated.icc"),
)


def cmyk_profile() -> Path:
    """The CMYK ICC profile for the output intent: :data:`PROFILE_ENV`, else the first
    of :data:`PROFILES` installed; a :class:`BoardgenError` saying how to get one if none is."""
    named = os.environ.get(PROFILE_ENV)
    if named:
        path = Path(named)
        if not path.is_file():
            raise BoardgenError(f"{PROFILE_ENV}={named}: no such file")
        return path
    for path in PROFILES:
        if path.is_file():
            return path
    raise BoardgenError(
        "--print-shop needs a CMYK ICC profile: install Ghostscript's (Debian: apt-get install "
        f"libgs-common) or name one in {PROFILE_ENV}"
    )


def _pikepdf() -> Any:
    try:
        import pikepdf  # lazy: an optional dependency (the print-shop extra)
    except ImportError:  # pragma: no cover - depends on the installation
        raise BoardgenError("--print-shop needs pikepdf: pip install 'boardgen-print[print-shop]'") from None
    return pikepdf


def _date() -> datetime.datetime:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), tz=datetime.timezone.utc)
    return FIXED_DATE


def _cmyk(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """A naive separation: neutral greys (and black) on the K plate alone."""
    if abs(r - g) < 1e-3 and abs(g - b) < 1e-3:
        return 0.0, 0.0, 0.0, round(1.0 - r, 4)
    k = 1.0 - max(r, g, b)
    if k >= 1.0 - 1e-9:
        return 0.0, 0.0, 0.0, 1.0
    c, m, y = (round((1.0 - v - k) / (1.0 - k), 4) for v in (r, g, b))
    return c, m, y, round(k, 4)


def _convert(pikepdf: Any, stream: Any) -> bytes:
    """A content stream with its RGB and grey colour operators turned to CMYK ones."""
    out = []
    for operands, operator in pikepdf.parse_content_stream(stream):
        name = str(operator)
        if name in ("rg", "RG"):
            values = _cmyk(*(float(v) for v in operands))
            out.append(([*values], pikepdf.Operator("k" if name == "rg" else "K")))
        elif name in ("g", "G"):
            values = (0.0, 0.0, 0.0, round(1.0 - float(operands[0]), 4))
            out.append(([*values], pikepdf.Operator("k" if name == "g" else "K")))
        elif name in ("cs", "CS", "sc", "SC", "scn", "SCN") and any("RGB" in str(v) for v in operands):
            raise BoardgenError("print-shop output: a colour space this converter does not know")
        else:
            out.append((operands, operator))
    data: bytes = pikepdf.unparse_content_stream(out)
    return data


def _forms(pikepdf: Any, resources: Any, seen: set[tuple[int, int]]) -> None:
    """Convert the colours of the form XObjects under ``resources``, once each."""
    xobjects = resources.get("/XObject") if resources is not None else None
    if xobjects is None:
        return
    for _, xobject in xobjects.items():
        if xobject.get("/Subtype") != "/Form" or xobject.objgen in seen:
            continue
        seen.add(xobject.objgen)
        xobject.write(_convert(pikepdf, xobject))
        if "/Group" in xobject and "/CS" in xobject.Group:
            xobject.Group.CS = pikepdf.Name("/DeviceCMYK")
        _forms(pikepdf, xobject.get("/Resources"), seen)


def _marks(pikepdf: Any, trim: Sequence[float], bleed: float) -> bytes:
    """Crop marks at the corners of ``trim`` (points), starting 1 mm past the bleed."""
    x0, y0, x1, y1 = trim
    gap, length = bleed + 1.0 * MM, CROP_MARK * MM
    ops: list[tuple[list[Any], Any]] = [([], pikepdf.Operator("q")), ([0, 0, 0, 1], pikepdf.Operator("K"))]
    ops.append(([0.25], pikepdf.Operator("w")))
    for x, sx in ((x0, -1), (x1, 1)):
        for y, sy in ((y0, -1), (y1, 1)):
            ops += [
                ([x + sx * gap, y], pikepdf.Operator("m")),
                ([x + sx * (gap + length), y], pikepdf.Operator("l")),
                ([x, y + sy * gap], pikepdf.Operator("m")),
                ([x, y + sy * (gap + length)], pikepdf.Operator("l")),
            ]
    ops += [([], pikepdf.Operator("S")), ([], pikepdf.Operator("Q"))]
    data: bytes = pikepdf.unparse_content_stream(ops)
    return data


def to_pdfx(data: bytes, *, bleed: float, painted: bool = False, profile: Path | None = None) -> bytes:
    """``data`` (a boardgen PDF) as PDF/X-4 with ``bleed`` mm of bleed. With ``painted``,
    every page already paints its bleed (its trim is the page less ``bleed`` on each side)."""
    pikepdf = _pikepdf()
    icc = (profile or cmyk_profile()).read_bytes()
    pdf = pikepdf.open(io.BytesIO(data))
    b = bleed * MM
    seen: set[tuple[int, int]] = set()
    for page in pdf.pages:
        x0, y0, x1, y1 = (float(v) for v in page.mediabox)
        page.contents_coalesce()
        page.Contents.write(_convert(pikepdf, page.Contents))
        _forms(pikepdf, page.get("/Resources"), seen)
        if "/Group" in page.obj and "/CS" in page.Group:
            page.Group.CS = pikepdf.Name("/DeviceCMYK")
        trim = [x0 + b, y0 + b, x1 - b, y1 - b] if painted else [x0, y0, x1, y1]
        edge = [trim[0] - b, trim[1] - b, trim[2] + b, trim[3] + b]
        slug = SLUG * MM
        page.MediaBox = pikepdf.Array([edge[0] - slug, edge[1] - slug, edge[2] + slug, edge[3] + slug])
        page.BleedBox = pikepdf.Array(edge)
        page.TrimBox = pikepdf.Array(trim)
        for key in ("/CropBox", "/ArtBox"):
            if key in page.obj:
                del page.obj[key]
        page.contents_add(pdf.make_stream(_marks(pikepdf, trim, b)), prepend=False)
    intent = pikepdf.Dictionary(
        Type=pikepdf.Name("/OutputIntent"),
        S=pikepdf.Name("/GTS_PDFX"),
        OutputConditionIdentifier=pikepdf.String("Custom"),
        OutputCondition=pikepdf.String("CMYK printing (Ghostscript default CMYK profile)"),
        RegistryName=pikepdf.String("http://www.color.org"),
        Info=pikepdf.String("CMYK"),
        DestOutputProfile=pdf.make_stream(icc, N=4),
    )
    pdf.Root.OutputIntents = pikepdf.Array([intent])
    when = _date()
    stamp = when.strftime("D:%Y%m%d%H%M%S+00'00'")
    title = str(pdf.docinfo.get("/Title", "")) or "boardgen"
    info = pdf.docinfo
    info.Title = pikepdf.String(title)
    info.GTS_PDFXVersion = pikepdf.String("PDF/X-4")
    info.Trapped = pikepdf.Name("/False")
    info.CreationDate = pikepdf.String(stamp)
    info.ModDate = pikepdf.String(stamp)
    iso = when.isoformat()
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["pdfxid:GTS_PDFXVersion"] = "PDF/X-4"
        meta["xmp:CreateDate"] = iso
        meta["xmp:ModifyDate"] = iso
        meta["xmp:MetadataDate"] = iso
        meta["xmp:CreatorTool"] = "boardgen"
        meta["dc:title"] = title
        meta["pdf:Trapped"] = "False"
        meta["pdf:Producer"] = str(info.get("/Producer", "boardgen"))
        meta["xmpMM:DocumentID"] = "uuid:" + _uuid(data)
        meta["xmpMM:VersionID"] = "1"
        meta["xmpMM:RenditionClass"] = "default"
    out = io.BytesIO()
    pdf.save(out, min_version="1.6", deterministic_id=True, fix_metadata_version=False)
    return out.getvalue()


def _uuid(data: bytes) -> str:
    return str(uuid.UUID(bytes=hashlib.sha256(data).digest()[:16]))
