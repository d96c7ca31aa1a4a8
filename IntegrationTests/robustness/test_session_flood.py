"""5. Session flood: 20 000 sessions with --max-sessions 1000; least recently used evicted, RSS flat."""

from __future__ import annotations

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
