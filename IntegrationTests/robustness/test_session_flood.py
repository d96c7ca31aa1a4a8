"""5. Session flood: 20 000 sessions with --max-sessions 1000; least recently used evicted, RSS flat; and large
sessions held to a --max-session-bytes budget."""

from __future__ import annotations

import json
import time

from robust_http import KeepAliveClient
from robust_server import IPHONE15_SESSION, Server, metrics, record

TOTAL = 20_000
LIMIT = 1_000
TOUCH_EVERY = 250  # the hot session is read every 250 creations, well within the 999 that would evict it


def test_session_flood_evicts_lru_and_keeps_rss_flat() -> None:
    with Server("--max-sessions", str(LIMIT)) as server:
        client = KeepAliveClient(server.port)
        time.sleep(0.2)
        rss_start = server.rss_kb()
        started = time.monotonic()
        hot = client.request("POST", "/sessions", IPHONE15_SESSION)
        assert hot.status == 201, hot
        hot_id = hot.json()["id"]
        ids: list[str] = [hot_id]
        rss_at: dict[int, int] = {}
        for index in range(1, TOTAL):
            response = client.request("POST", "/sessions", IPHONE15_SESSION)
            assert response.status == 201, response
            assert response.header("Location") == f"/sessions/{response.json()['id']}"
            ids.append(response.json()["id"])
            if index % TOUCH_EVERY == 0:
                touched = client.request("GET", f"/sessions/{hot_id}")
                assert touched.status == 200, f"hot session evicted after {index} creations: {touched!r}"
            if index + 1 in (2_000, 10_000, TOTAL):
                rss_at[index + 1] = server.rss_kb()
        create_seconds = time.monotonic() - started
        assert len(set(ids)) == TOTAL, "duplicate session ids"

        samples = metrics(server.port)
        evicted_lru = samples.get('inset_sessions_evicted_total{reason="lru"}')
        evicted_ttl = samples.get('inset_sessions_evicted_total{reason="ttl"}')
        live = samples.get("inset_sessions_live")
        created = samples.get("inset_sessions_created_total")

        # Which ones survive: the hot one plus the last LIMIT - 1 created; everything older is gone.
        survivors = ids[TOTAL - (LIMIT - 1) :]
        evicted = ids[1 : TOTAL - (LIMIT - 1)]
        hot_status = client.request("GET", f"/sessions/{hot_id}").status
        oldest_statuses = [client.request("GET", f"/sessions/{sid}").status for sid in evicted[:200]]
        boundary_evicted = client.request("GET", f"/sessions/{evicted[-1]}").status
        boundary_kept = client.request("GET", f"/sessions/{survivors[0]}").status
        survivor_statuses = [client.request("GET", f"/sessions/{sid}").status for sid in survivors[::20]]
        gone = client.request("GET", f"/sessions/{evicted[0]}")
        client.close()
        assert server.alive()
        code, _ = server.terminate()
        assert code == 0, server.stderr()

    growth_kb = rss_at[TOTAL] - rss_at[2_000]
    record(
        "session_flood",
        max_sessions=LIMIT,
        created=TOTAL,
        seconds=round(create_seconds, 1),
        creates_per_s=round(TOTAL / create_seconds),
        rss_kb_start=rss_start,
        rss_kb_after_2000=rss_at[2_000],
        rss_kb_after_10000=rss_at[10_000],
        rss_kb_after_20000=rss_at[TOTAL],
        rss_growth_2000_to_20000_kb=growth_kb,
        metrics_evicted_lru=evicted_lru,
        metrics_evicted_ttl=evicted_ttl,
        metrics_sessions_live=live,
        metrics_sessions_created=created,
        hot_session_status=hot_status,
        oldest_200_statuses=sorted(set(oldest_statuses)),
        survivor_sample_statuses=sorted(set(survivor_statuses)),
    )
    assert hot_status == 200, "the session read regularly was evicted"
    assert set(oldest_statuses) == {404}, "old untouched sessions survived"
    assert gone.problem_type == "/problems/session-not-found", gone
    assert boundary_evicted == 404 and boundary_kept == 200, (boundary_evicted, boundary_kept)
    assert set(survivor_statuses) == {200}
    assert evicted_lru == TOTAL - LIMIT, evicted_lru
    assert (evicted_ttl or 0) == 0
    assert live == LIMIT, live
    assert created == TOTAL, created
    assert growth_kb < 5 * 1024, f"RSS grew {growth_kb} KB from 2 000 to 20 000 sessions: {rss_at}"


BUDGET = 8_000_000
BIG_TOTAL = 3_000


def big_session(tag: str) -> bytes:
    """The iPhone 15 session with 256 fields and 16 pinned views, each id 256 characters: about 92 KB of JSON
    (sessions are separate, so every one may carry the same ids)."""
    fields = [
        {"id": f"{tag}-f{i:03d}-".ljust(256, "f"), "rect": {"x": 16, "y": 40 + 60 * i, "width": 358, "height": 44},
         "order": i}
        for i in range(256)
    ]
    pinned = [
        {"id": f"{tag}-p{i:02d}-".ljust(256, "p"), "frame": {"x": 0, "y": 800 - i, "width": 390, "height": 44}}
        for i in range(16)
    ]
    return json.dumps(dict(IPHONE15_SESSION, fields=fields, pinnedViews=pinned)).encode()


def test_session_byte_budget_evicts_lru_and_bounds_rss() -> None:
    """--max-session-bytes 8 000 000 with --max-sessions 100 000: 3 000 sessions of ~92 KB bodies (~80 KB kept
    each, 240 MB in all) stay within the byte budget: inset_session_bytes <= 8 MB, LRU evictions counted, RSS
    bounded, the newest session kept and the first gone."""
    with Server(
        "--max-sessions", "100000", "--max-session-bytes", str(BUDGET), "--max-body-bytes", "100000"
    ) as server:
        client = KeepAliveClient(server.port, timeout=15)
        time.sleep(0.2)
        rss_start = server.rss_kb()
        started = time.monotonic()
        ids: list[str] = []
        body = big_session("big")
        for index in range(BIG_TOTAL):
            response = client.request("POST", "/sessions", body)
            assert response.status == 201, f"session {index}: {response!r}"
            location = response.header("Location") or ""
            assert location.startswith("/sessions/"), response
            ids.append(location[len("/sessions/") :])
        create_seconds = time.monotonic() - started
        rss_end = server.rss_kb()
        samples = metrics(server.port)
        session_bytes = samples.get("inset_session_bytes")
        evicted = sum(value for key, value in samples.items() if key.startswith("inset_sessions_evicted_total"))
        live = samples.get("inset_sessions_live")
        newest = client.request("GET", f"/sessions/{ids[-1]}")
        first = client.request("GET", f"/sessions/{ids[0]}")
        client.close()
        assert server.alive()
        code, _ = server.terminate()
        assert code == 0, server.stderr()
    growth_kb = rss_end - rss_start
    record(
        "session_byte_budget",
        max_session_bytes=BUDGET,
        created=BIG_TOTAL,
        body_bytes_each=len(body),
        seconds=round(create_seconds, 1),
        rss_kb_start=rss_start,
        rss_kb_end=rss_end,
        rss_growth_kb=growth_kb,
        metrics_session_bytes=session_bytes,
        metrics_evicted=evicted,
        metrics_sessions_live=live,
        newest_status=newest.status,
        first_status=first.status,
    )
    assert session_bytes is not None, "inset_session_bytes missing from /metrics"
    assert session_bytes <= BUDGET, f"inset_session_bytes {session_bytes} over the {BUDGET}-byte budget"
    assert evicted > 0, "3 000 sessions of ~80 KB under an 8 MB budget, yet none was evicted"
    assert growth_kb < 120 * 1024, f"RSS grew {growth_kb} KB for sessions held to an 8 MB budget"
    assert newest.status == 200 and newest.json()["id"] == ids[-1], newest
    assert first.status == 404 and first.problem_type == "/problems/session-not-found", first
