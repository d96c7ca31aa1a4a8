"""4. Concurrency: 64 client threads on 16 shared sessions with show/hide/PATCH and strictly increasing timestamps
per session; no 5xx, no transport error, no lost update."""

from __future__ import annotations

import random
import re
import threading
import time
from dataclasses import dataclass, field

from robust_http import KeepAliveClient
from robust_server import IPHONE15_SESSION, KEYBOARD_336, Server, is_short, metrics, record

THREADS = 64
SESSIONS = 16
STEP_MS = 50  # timestamps advance 50 ms per drawn event, so animations (500 ms) overlap several events
STALE = re.compile(r"older than the session's last event at (\d+(?:\.\d+)?) ms")


@dataclass
class SessionLedger:
    id: str
    lock: threading.Lock = field(default_factory=threading.Lock)
    counter: int = 0  # the last timestamp drawn (in steps)
    drawn: set[int] = field(default_factory=set)
    accepted: dict[int, tuple[str, object]] = field(default_factory=dict)  # ts -> (op, detail)
    stale: list[tuple[int, float]] = field(default_factory=list)  # (our ts, the server's last event) for each 409


OPS = ("show", "hide", "patch_offset", "patch_size")


def request_for(op: str, session_id: str, ts: int, rng: random.Random) -> tuple[str, str, dict, object]:
    if op == "show":
        return "POST", "/keyboard/show", {"sessionId": session_id, "timestamp": ts, "keyboard": KEYBOARD_336}, None
    if op == "hide":
        return "POST", "/keyboard/hide", {"sessionId": session_id, "timestamp": ts}, None
    if op == "patch_offset":
        y = rng.randrange(0, 1200)
        return "PATCH", f"/sessions/{session_id}", {"timestamp": ts, "scrollView": {"contentOffset": {"x": 0, "y": y}}}, y
    height = rng.randrange(1000, 4000)
    body = {"timestamp": ts, "scrollView": {"contentSize": {"width": 390, "height": height}}}
    return "PATCH", f"/sessions/{session_id}", body, height


def test_no_lost_update_under_concurrency() -> None:
    duration = 5.0 if is_short() else 30.0
    with Server() as server:
        setup = KeepAliveClient(server.port)
        ledgers: list[SessionLedger] = []
        for _ in range(SESSIONS):
            response = setup.request("POST", "/sessions", IPHONE15_SESSION)
            assert response.status == 201, response
            ledgers.append(SessionLedger(response.json()["id"]))
        setup.close()

        counts: dict[tuple[str, int], int] = {}
        problems: list[str] = []
        counts_lock = threading.Lock()
        deadline = time.monotonic() + duration
        start_barrier = threading.Barrier(THREADS)

        def worker(seed: int) -> None:
            rng = random.Random(seed)
            client = KeepAliveClient(server.port, timeout=15)
            local: dict[tuple[str, int], int] = {}
            try:
                start_barrier.wait()
                while time.monotonic() < deadline:
                    ledger = ledgers[rng.randrange(SESSIONS)]
                    op = rng.choice(OPS)
                    with ledger.lock:
                        ledger.counter += 1
                        step = ledger.counter
                        ledger.drawn.add(step)
                    method, path, body, detail = request_for(op, ledger.id, step * STEP_MS, rng)
                    try:
                        response = client.request(method, path, body)
                    except Exception as error:  # noqa: BLE001 - every transport error is a failure
                        with counts_lock:
                            problems.append(f"transport error on {op} {ledger.id} @{step}: {error!r}")
                        client.close()
                        continue
                    local[(op, response.status)] = local.get((op, response.status), 0) + 1
                    if response.status == 200:
                        with ledger.lock:
                            ledger.accepted[step] = (op, detail)
                    elif response.status == 409:
                        match = STALE.search(response.json().get("detail", ""))
                        last = float(match.group(1)) if match else float("nan")
                        with ledger.lock:
                            ledger.stale.append((step, last))
                    else:
                        with counts_lock:
                            problems.append(f"{op} @{step}: unexpected {response!r}")
            finally:
                client.close()
                with counts_lock:
                    for key, value in local.items():
                        counts[key] = counts.get(key, 0) + value

        threads = [threading.Thread(target=worker, args=(seed,)) for seed in range(THREADS)]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=duration + 60)
        elapsed = time.monotonic() - started
        assert not any(thread.is_alive() for thread in threads), "client threads hung"
        assert server.alive(), server.stderr()

        # ---- the final state of every session against the ledger
        inconsistencies: list[str] = []
        bogus_409: list[str] = []
        check = KeepAliveClient(server.port)
        for ledger in ledgers:
            response = check.request("GET", f"/sessions/{ledger.id}")
            assert response.status == 200, response
            state = response.json()
            accepted = sorted(ledger.accepted)
            last = accepted[-1] if accepted else None
            expected_last_time = last * STEP_MS if last is not None else 0
            if state["lastEventTime"] != expected_last_time:
                inconsistencies.append(
                    f"{ledger.id}: lastEventTime {state['lastEventTime']} != highest accepted {expected_last_time}"
                )
            keyboard_events = [ts for ts in accepted if ledger.accepted[ts][0] in ("show", "hide")]
            final_event = ledger.accepted[keyboard_events[-1]][0] if keyboard_events else "hide"
            allowed = {"show": {"showing", "shown"}, "hide": {"hiding", "hidden"}}[final_event]
            if state["keyboardState"] not in allowed:
                inconsistencies.append(
                    f"{ledger.id}: keyboardState {state['keyboardState']} after a final accepted {final_event}"
                )
            sizes = [ts for ts in accepted if ledger.accepted[ts][0] == "patch_size"]
            expected_height = ledger.accepted[sizes[-1]][1] if sizes else 2000
            if state["scrollView"]["contentSize"]["height"] != expected_height:
                inconsistencies.append(
                    f"{ledger.id}: contentSize.height {state['scrollView']['contentSize']['height']} != last "
                    f"accepted {expected_height}"
                )
            # A 409 is allowed only when a later timestamp had already been accepted: the server names it.
            for step, server_last in ledger.stale:
                if not server_last > step * STEP_MS or (server_last / STEP_MS) not in ledger.accepted:
                    bogus_409.append(f"{ledger.id}: 409 for @{step * STEP_MS} citing last event {server_last}")
        check.close()

        # ---- the server's own counters agree with what the clients saw (no lost or doubled response)
        samples = metrics(server.port)
        code, _ = server.terminate()
        assert code == 0, server.stderr()

    total = sum(counts.values())
    by_status: dict[int, int] = {}
    for (_, status), value in counts.items():
        by_status[status] = by_status.get(status, 0) + value
    server_counts = {
        "show_200": samples.get('inset_http_requests_total{method="POST",route="/keyboard/show",status="200"}', 0),
        "hide_200": samples.get('inset_http_requests_total{method="POST",route="/keyboard/hide",status="200"}', 0),
        "patch_200": samples.get('inset_http_requests_total{method="PATCH",route="/sessions/{id}",status="200"}', 0),
    }
    client_counts = {
        "show_200": counts.get(("show", 200), 0),
        "hide_200": counts.get(("hide", 200), 0),
        "patch_200": counts.get(("patch_offset", 200), 0) + counts.get(("patch_size", 200), 0),
    }
    record(
        "concurrency",
        threads=THREADS,
        sessions=SESSIONS,
        seconds=round(elapsed, 1),
        requests=total,
        requests_per_s=round(total / elapsed),
        by_status={str(k): v for k, v in sorted(by_status.items())},
        by_operation={f"{op} {status}": v for (op, status), v in sorted(counts.items())},
        stale_409=by_status.get(409, 0),
        transport_errors=len([p for p in problems if p.startswith("transport")]),
        unexpected=len(problems),
        inconsistent_sessions=len(inconsistencies),
        unjustified_409=len(bogus_409),
        server_counts=server_counts,
        client_counts=client_counts,
    )
    assert not problems, problems[:10]
    assert not any(status >= 500 for status in by_status), by_status
    assert not inconsistencies, inconsistencies
    assert not bogus_409, bogus_409[:10]
    assert {k: int(v) for k, v in server_counts.items()} == client_counts
