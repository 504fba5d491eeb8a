"""Start-up: the bot logs in (offline), syncs its commands and prints its invite URL."""

from __future__ import annotations

import pytest

from tests.discord.conftest import MakeHarness
from tests.discord.harness import APP_ID


async def test_login_syncs_commands_and_prints_the_invite(
    make_harness: MakeHarness, capsys: pytest.CaptureFixture[str]
) -> None:
    harness = await make_harness()
    out = capsys.readouterr().out
    assert out.strip() == (
        "Invite cardbot to a server: https://discord.com/oauth2/authorize"
        f"?client_id={APP_ID}&scope=bot+applications.commands&permissions=311385245696"
    )
    paths = [(c.method, c.path) for c in harness.recorder.calls]
    assert paths == [
        ("GET", "/users/@me"),
        ("GET", "/oauth2/applications/@me"),
        ("PUT", f"/applications/{APP_ID}/commands"),
    ]
    synced = {cmd["name"] for cmd in harness.recorder.calls[-1].payload}
    assert synced == {"game", "play"}
