"""``python -m bot``: run the Discord bot; ``python -m bot sync [--guild ID]``: register its slash commands.

Reads ``.env`` (python-dotenv) for DISCORD_TOKEN, AGOT_DATABASE_URL (or AGOT_DB_PATH), LOG_LEVEL, OWNER_IDS,
DEV_GUILD_ID, AGOT_CACHE_GAMES, AGOT_SHARDS and AGOT_SHARD_COUNT (``--shards 0-3 --shard-count 8``: see
``bot/shards.py``). Without a token it says how to get one and exits with status 2; so it does, in one line, when
Discord refuses the token or cannot be reached. Commands are synced only by ``sync``, never on start.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from dotenv import load_dotenv

from bot import shards
from bot.config import Config, ConfigError, load_config
from bot.storage import StorageError, open_store
from engine.cli import Parser

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot

NO_TOKEN = """python -m bot: no DISCORD_TOKEN set.
  1. Create an application at https://discord.com/developers/applications, open "Bot" and press "Reset Token".
  2. Copy .env.example to .env and put the token after DISCORD_TOKEN=.
  3. Invite the bot (see the README), run `python -m bot sync`, then `make run`.
Without a token, `make demo` plays a whole game offline."""


class CannotStart(Exception):
    """Why the bot could not reach Discord or was refused by it, in one line for the operator."""


@contextlib.contextmanager
def reaching_discord() -> Iterator[None]:
    """Discord refusing the token, answering with an error, or out of reach, as a ``CannotStart`` (never the
    token: it is not part of any of these messages)."""
    import aiohttp
    import discord

    try:
        yield
    except discord.LoginFailure:
        raise CannotStart("Discord refused the token (reset it in the Developer Portal and put the new one in "
                          ".env)") from None
    except discord.HTTPException as exc:
        raise CannotStart(f"Discord answered {str(exc).splitlines()[0][:200]}") from None
    except (aiohttp.ClientError, OSError, discord.GatewayNotFound) as exc:
        raise CannotStart(f"cannot reach Discord ({str(exc) or type(exc).__name__}): check the network, then start "
                          "again") from None


def sharded_bot() -> type[AgotBot]:
    """The bot that runs a range of shards: AgotBot over discord.py's AutoShardedBot."""
    from discord.ext import commands

    from bot.frontend.client import AgotBot

    return type("ShardedAgotBot", (AgotBot, commands.AutoShardedBot), {})


async def _run(config: Config, sync: bool, guild: int | None, sharding: tuple[list[int], int] | None) -> None:
    from bot.frontend.client import AgotBot
    from bot.service import TableService

    store = await open_store(config.database)
    service = await TableService.open(store, clock=AgotBot.clock, cache_games=config.cache_games)
    service.queue.configure(config.queue_ready_minutes, config.queue_games)
    if sharding is None or sync:
        bot = AgotBot(service, config, serve=not sync)
    else:
        owner = shards.owner_name()
        try:
            await shards.lease(store, owner, sharding[0])  # refuses a range another process runs
        except BaseException:
            await service.close()
            raise
        bot = sharded_bot()(service, config, shard_ids=sharding[0], shard_count=sharding[1])
    with reaching_discord():  # outside the bot's block: it is closed (and its service) before the one line
        async with bot:
            if sync:
                await bot.login(config.token or "")
                synced = await bot.sync_commands(guild)
                print(f"synced {synced} commands " + (f"to server {guild}" if guild else "globally (up to an hour)"))
                return
            if sharding is None:
                await bot.start(config.token or "")
                return
            stop = asyncio.Event()
            running = asyncio.create_task(bot.start(config.token or ""))
            renewing = asyncio.create_task(shards.keep_leased(store, owner, sharding[0], stop))
            stopped = asyncio.create_task(stop.wait())
            await asyncio.wait([running, stopped], return_when=asyncio.FIRST_COMPLETED)
            renewing.cancel()
            stopped.cancel()
            if not running.done():
                await bot.close()
            await running


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog="python -m bot", description="The A Game of Thrones Discord bot.")
    parser.add_argument("command", nargs="?", choices=["run", "sync"], default="run",
                        help="run the bot (default) or sync its slash commands")
    parser.add_argument("--guild", type=int, help="sync to this server only (instant); default: DEV_GUILD_ID")
    parser.add_argument("--global", dest="everywhere", action="store_true", help="sync globally even if DEV_GUILD_ID")
    parser.add_argument("--shards", help="the shards this process runs, e.g. 0-3 (default AGOT_SHARDS; none: all)")
    parser.add_argument("--shard-count", type=int, help="the total number of shards (default AGOT_SHARD_COUNT)")
    args = parser.parse_args(argv)
    load_dotenv()
    try:
        config = load_config()
        env_shards, env_count = shards.from_env()
        sharding = shards.parse_shards(args.shards or env_shards,
                                       args.shard_count if args.shard_count is not None else env_count)
    except (ConfigError, shards.ShardError) as exc:
        parser.error(str(exc))
    if not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    guild = None if args.everywhere else (args.guild or config.dev_guild_id)
    try:
        asyncio.run(_run(config, args.command == "sync", guild, sharding))
    except KeyboardInterrupt:
        return 0
    except (StorageError, CannotStart) as exc:  # the database cannot be used (nothing written), or Discord
        print(f"python -m bot: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
