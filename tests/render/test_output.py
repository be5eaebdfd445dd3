"""Output format, size, threads, fonts, highlights and the command line."""

from __future__ import annotations

import io
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.render import (
    Highlights,
    build_layout,
    fonts,
    panel_fields,
    render,
    render_image,
    render_panel,
    style,
)
from bot.render import items as it
from tests.render.test_golden import load_view

ROOT = Path(__file__).resolve().parents[2]


def test_png_of_a_full_board_is_under_one_mebibyte() -> None:
    data = render(load_view("orders_revealed"))
    assert data.startswith(b"\x89PNG")
    assert len(data) < 1 << 20
    image = Image.open(io.BytesIO(data))
    assert image.size == (style.WIDTH, style.HEIGHT)


def test_palette_png_stays_close_to_the_drawn_pixels() -> None:
    """256 colours lose nothing a player can see: every channel within a small distance on average."""
    view = load_view("orders_revealed")
    drawn = render_image(view)
    stored = Image.open(io.BytesIO(render(view))).convert("RGB")
    diff = ImageStat.Stat(ImageChops.difference(drawn, stored)).mean
    assert max(diff) < 2.0


def test_panel_fields_carry_the_panel_facts_within_embed_limits() -> None:
    view = load_view("orders_revealed")
    fields = panel_fields(view)
    assert 3 <= len(fields) <= 25
    assert all(len(n) <= 256 and len(v) <= 1024 for n, v in fields)
    text = "\n".join(f"{n}: {v}" for n, v in fields)
    for expected in ("Round 2/10", "Iron Throne", "Fiefdoms", "King's Court", "Supply", "Power", "Hand: ",
                     "Westeros"):
        assert expected in text
    for house in view["houses"].values():
        assert house["name"] in text


def test_panel_image_is_narrow_and_ends_with_the_key() -> None:
    data = render_panel(load_view("orders_revealed"))
    image = Image.open(io.BytesIO(data))
    assert image.width == style.PANEL_W and image.height > 600 and len(data) < 1 << 20


def test_private_images_name_the_viewer_and_public_ones_say_public() -> None:
    private = [i.text for i in build_layout(load_view("orders_hidden_baratheon")) if isinstance(i, it.Text)]
    assert any("Baratheon's private view" in t and "only you see" in t for t in private)
    public = [i.text for i in build_layout(load_view("orders_hidden_public")) if isinstance(i, it.Text)]
    assert any(t.startswith("Public board") for t in public) and not any("private" in t for t in public)


def test_webp_is_lossless_and_the_palette_png_smaller() -> None:
    view = load_view("orders_revealed")
    png, webp = render(view), render(view, fmt="webp")
    assert webp[8:12] == b"WEBP" and len(png) < len(webp)
    assert Image.open(io.BytesIO(webp)).convert("RGB").tobytes() == render_image(view).tobytes()
    with pytest.raises(ValueError):
        render(view, fmt="gif")


def test_renders_in_threads_give_identical_bytes() -> None:
    views = [load_view(n) for n in ("setup3", "orders_hidden_public", "orders_revealed")]
    expected = [render(v) for v in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(render, views * 3))
    assert got == expected * 3


def test_missing_font_falls_back_to_pillow_default(monkeypatch: pytest.MonkeyPatch) -> None:
    assert fonts.have_bundled_fonts()
    monkeypatch.setattr(fonts, "REGULAR", Path("/nonexistent/font.ttf"))
    monkeypatch.setattr(fonts, "BOLD", Path("/nonexistent/font-bold.ttf"))
    assert fonts._load(20, False) is not None


def test_highlights_draw_outlines_arrows_and_the_combat_mark() -> None:
    view = load_view("orders_revealed")
    hl = Highlights(combat="stoney-sept", attacker="lannister", defender="baratheon", combat_source="lannisport",
                    march_from="kingswood", march_to=("blackwater",), focus=("the-reach",))
    layout = build_layout(view, hl)
    outlined = {i.area for i in layout if isinstance(i, it.AreaOutline)}
    assert {"stoney-sept", "lannisport", "kingswood", "blackwater", "the-reach"} <= outlined
    assert sum(isinstance(i, it.Arrow) for i in layout) == 2
    assert any(isinstance(i, it.Badge) for i in layout)
    from bot.render.panel import panel_items

    assert any(isinstance(i, it.Text) and "Combat at Stoney Sept" in i.text for i in panel_items(view, hl)[0])


def test_combat_highlight_comes_from_the_view_notes() -> None:
    view = load_view("orders_revealed")
    view["notes"] = {"combat": {"attacker": "lannister", "defender": "baratheon", "area": "stoney-sept",
                                "source": "lannisport"}}
    hl = Highlights.from_view(view)
    assert (hl.combat, hl.attacker, hl.defender, hl.combat_source) == ("stoney-sept", "lannister", "baratheon",
                                                                      "lannisport")
    assert Highlights.from_view({"notes": {"combat": "garbage"}}) == Highlights()


def test_combat_notes_fill_the_panel() -> None:
    """The engine's public combat notes: support, revealed cards, strengths and the winner."""
    view = load_view("orders_revealed")
    view["notes"] = {"combat": {
        "attacker": "stark", "defender": "baratheon", "neutral": 0, "area": "the-narrow-sea",
        "source": "the-shivering-sea", "support": {"shipbreaker-bay": {"house": "baratheon", "side": "defender"}},
        "cards": {"stark": "robb-stark", "baratheon": "patchface"}, "initial": {"stark": 0, "baratheon": 5},
        "final": {"stark": 3, "baratheon": 5}, "winner": "baratheon"}}
    hl = Highlights.from_view(view)
    assert hl.supporters == ("shipbreaker-bay",)
    from bot.render.panel import panel_items

    texts = " | ".join(i.text for i in panel_items(view)[0] if isinstance(i, it.Text))
    for expected in ("Combat at The Narrow Sea", "Baratheon from Shipbreaker Bay (defender)", "Robb Stark 3",
                     "Patchface 0", "Final strength: Stark 3, Baratheon 5", "Winner: Baratheon", "attacking",
                     "defending"):
        assert expected in texts


def test_crowded_areas_count_units_and_routed_units_show() -> None:
    view = load_view("setup3")
    view["areas"]["kingswood"] = {"controller": "baratheon", "house": "baratheon", "units": [
        {"kind": "footman", "routed": False}] * 3 + [{"kind": "knight", "routed": True}] * 2}
    glyphs = [i for i in build_layout(view) if isinstance(i, it.UnitGlyph) and i.area == "kingswood"]
    assert {(g.kind, g.routed, g.count) for g in glyphs} == {("footman", False, 3), ("knight", True, 2)}
    render(view)


def test_command_line_writes_the_board(tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    done = subprocess.run([sys.executable, "-m", "bot.render", "--seed", "3", "--round", "2", "--players", "4",
                           "--player", "stark", "--out", str(out)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"\x89PNG")
    assert "KiB" in done.stdout
