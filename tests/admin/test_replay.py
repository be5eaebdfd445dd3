"""The replay file: a round trip re-plays to the same final state; a tampered or malformed file is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.admin.cli import main
from bot.admin.replay import Replay, ReplayError, state_hash
from tests.admin.recording import record_game


@pytest.fixture(scope="module")
def recorded() -> tuple[Replay, str, str]:
    replay, game = record_game(4, 11)
    assert game.over
    return replay, state_hash(game), str(game.state.winner)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_round_trip_prints_the_same_hash_and_winner(tmp_path: Path, recorded: tuple[Replay, str, str],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    replay, digest, winner = recorded
    path = tmp_path / "game.json"
    replay.save(path)
    loaded = Replay.load(path)
    assert loaded.to_dict() == replay.to_dict()
    assert state_hash(loaded.play()) == digest
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert f"sha256 {digest}" in out
    assert f"winner {winner}" in out


def test_a_large_seed_or_a_256_bit_secret_survives_the_file(tmp_path: Path) -> None:
    """The format carries what Game.new takes as its seed: any integer, or a 256-bit secret (bytes)."""
    path = tmp_path / "secret.json"
    for seed, engine_seed in [((1 << 255) + 12345, (1 << 255) + 12345), ("ab" * 32, bytes([0xAB] * 32))]:
        Replay(3, {"tides_of_battle": False, "tiebreak": "rb2"}, seed).save(path)
        assert Replay.load(path).engine_seed() == engine_seed
    for bad in ("ab" * 31, "zz" * 32):
        Replay(3, {}, bad).save(path)
        with pytest.raises(ReplayError, match="seed"):
            Replay.load(path).engine_seed()


def tamper(path: Path, replay: Replay, change: object) -> None:
    raw = replay.to_dict()
    change(raw)  # type: ignore[operator]
    path.write_text(json.dumps(raw))


@pytest.mark.parametrize("change, expect", [
    (lambda raw: raw.update(seed=raw["seed"] + 1), ""),
    (lambda raw: raw["answers"].pop(5), ""),
    (lambda raw: raw["answers"][3].update(house="nobody"), "refused"),
    (lambda raw: raw["answers"][3].update(decision="999999"), "refused"),
    (lambda raw: raw.update(final={"sha256": "0" * 64}), "final state differs"),
    (lambda raw: raw.update(players=9), "cannot set up"),
    (lambda raw: raw.update(settings={"tiebreak": "coin"}), "cannot set up"),
    (lambda raw: raw.update(settings={"dragons": True}), "cannot set up"),
    (lambda raw: raw.pop("seed"), "seed"),
    (lambda raw: raw.update(seed=True), "seed"),
    (lambda raw: raw.update(version=2), "version"),
    (lambda raw: raw.update(format="pgn"), "not a replay file"),
    (lambda raw: raw["answers"].append({"seq": 10**6}), "malformed"),
    (lambda raw: raw["answers"].reverse(), "sequence order"),
    (lambda raw: raw.update(answers="all"), "answers"),
])
def test_tampered_or_malformed_file_is_one_line_and_non_zero(tmp_path: Path, recorded: tuple[Replay, str, str],
                                                             capsys: pytest.CaptureFixture[str], change: object,
                                                             expect: str) -> None:
    replay, _, _ = recorded
    path = tmp_path / "bad.json"
    tamper(path, replay, change)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert expect in err
    with pytest.raises(ReplayError):
        Replay.load(path).play()


@pytest.mark.parametrize("content", [None, "", "{", "[1, 2]", "\xff"])
def test_missing_or_unreadable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None) -> None:
    path = tmp_path / "x.json"
    if content is not None:
        path.write_bytes(content.encode("latin-1"))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_bad_arguments_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["replay"])
    assert exc.value.code == 2
    _, err = capsys.readouterr()
    assert len(err.strip().splitlines()) == 1


def test_the_file_names_its_game_and_rules_version_and_an_older_file_reads_as_agot_1(
        recorded: tuple[Replay, str, str]) -> None:
    replay, digest, _ = recorded
    raw = replay.to_dict()
    assert (raw["game"], raw["rules_version"]) == ("agot", 1)
    older = {k: v for k, v in raw.items() if k not in ("game", "rules_version")}  # written before games had names
    loaded = Replay.from_dict(older)
    assert (loaded.game, loaded.rules_version) == ("agot", 1) and state_hash(loaded.play()) == digest
    for change, words in [({"game": "chess"}, "names no game"), ({"rules_version": 2}, "version 2 of the rules")]:
        with pytest.raises(ReplayError, match=words):
            Replay.from_dict({**raw, **change})
