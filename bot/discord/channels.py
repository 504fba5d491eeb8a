"""Whether a channel has moved on below a table message, from what the gateway says.

The table message is edited in place while it is the conversation's last word; once people
have written below it, the next update posts it anew at the bottom. To know, the client
receives MESSAGE_CREATE events (the guild messages intent, which is not privileged: no
message content is read) and `ChannelWatch.note` keeps, for each channel, the newest message
an author other than the bot wrote there.

That record is complete for a message this process has watched from its start: one posted
at or after the first event it received, in a guild whose shard it runs. Otherwise (the bot
restarted since, or another process runs the guild's shard: a DM click is served by the
process of shard 0) the messages after the table message are read through REST, at most once
every `REFRESH` seconds while nobody has written there.
"""

from __future__ import annotations

import contextlib
import time
from collections import OrderedDict

import discord

REFRESH = 30.0
"""Seconds a channel read through REST is trusted."""
READ = 20
"""Messages read after the table message (the bot's own among them: its ping, its notices)."""
KEPT = 65536
"""Channels whose newest message by others is kept (the most recently active ones)."""


class ChannelWatch:
    """The newest message other authors wrote in each channel, as the gateway told it."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._origin: int | None = None
        """The first message this process heard of: it has heard of every later one."""
        self._foreign: OrderedDict[int, int] = OrderedDict()
        self._fetched: dict[int, tuple[float, int]] = {}
        """Channel -> (when, table message) read through REST with nobody else below it."""

    def note(self, message: discord.Message) -> None:
        """A message was created (MESSAGE_CREATE)."""
        if self._origin is None:
            self._origin = message.id
        if message.guild is None:
            return
        me = self.client.user
        if me is not None and message.author.id == me.id:
            return
        channel_id = message.channel.id
        self._foreign[channel_id] = max(self._foreign.pop(channel_id, 0), message.id)
        if len(self._foreign) > KEPT:
            self._foreign.popitem(last=False)

    async def moved_on(self, channel_id: int, guild_id: int | None, since: int) -> bool:
        """True when someone other than the bot wrote in the channel after message `since`."""
        heard = self._origin is not None and since >= self._origin
        if heard and guild_id is not None and self.client.get_guild(guild_id) is not None:
            return self._foreign.get(channel_id, 0) > since
        return await self._read(channel_id, since)

    async def _read(self, channel_id: int, since: int) -> bool:
        """Read the channel's messages after `since` (once per `REFRESH` seconds at most)."""
        fetched = self._fetched.get(channel_id)
        if fetched is not None and fetched[1] == since and time.monotonic() - fetched[0] < REFRESH:
            return False
        me = self.client.user
        channel = self.client.get_partial_messageable(channel_id)
        found = False
        with contextlib.suppress(discord.HTTPException):
            async for message in channel.history(limit=READ, after=discord.Object(since)):
                if me is None or message.author.id != me.id:
                    found = True
                    break
        if len(self._fetched) > KEPT:
            self._fetched.clear()
        if not found:
            self._fetched[channel_id] = (time.monotonic(), since)
        return found
