"""Prints the figures the robustness tests wrote to $ROBUST_RESULTS as one short table (for docs/reliability.md).

usage: python3 IntegrationTests/robustness/summary.py [--since FILE] [--markdown]
  --since FILE   only results written after FILE was (the run that just finished)
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(__file__))
# robust_server imports the process helpers the black-box suites share, as conftest.py arranges for pytest.
sys.path.insert(0, os.path.join(os.path.dirname(__file__), os.pardir, "common"))
from robust_server import results_dir  # noqa: E402


def load(since: float) -> dict[str, dict]:
    results = {}
    for path in sorted(results_dir().glob("*.json")):
        if path.stat().st_mtime + 1e-3 < since:
            continue
        try:
            results[path.stem] = json.loads(path.read_text())
        except ValueError:
            continue
    return results


def rows(r: dict[str, dict]) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    if h := r.get("hostile_inputs"):
        out.append((
            "1 hostile inputs",
            f"{h['sent']}/{h['cases']} cases, {h['bytes_sent'] / 1e6:.1f} MB sent",
            f"service answered {h['answered_by_service']}, libmicrohttpd {h['answered_by_libmicrohttpd']}, "
            f"closed {h['closed_without_answer']}, no answer {h['no_answer_within_timeout']}; "
            f"normal show after each: {h['normal_show_after_each']} (max {h['max_normal_show_ms']} ms); "
            f"server died/broke: {h['server_died_or_broke']}; known bugs (xfail): {len(h['known_bugs_xfail'])}",
        ))
    if b := r.get("hostile_big_bodies"):
        out.append((
            "1 big bodies",
            f"{b['cases']} bodies up to 4 MiB",
            f"all 400 problem+json, slowest {max(b['ms'].values())} ms (1 000 000-deep nesting: "
            f"{b['ms'].get('nesting-1000000-arrays')} ms)",
        ))
    if p := r.get("pool_sweep"):
        out.append((
            "1 pool sweep",
            f"{p['requests']} requests around the 32 KiB pool",
            "each answered, /healthz after each: " + ", ".join(f"{n} × {s}" for s, n in sorted(p["statuses"].items())),
        ))
    if q := r.get("random_around_pool"):
        out.append(("1 random shapes", f"{q['requests']} requests of random shape", "/healthz answered after each"))
    if s := r.get("slowloris"):
        out.append((
            "2 slowloris",
            f"{s['trickling_connections']} conns x {s['held_seconds']} s",
            f"{s['normal_requests']} normal requests: max {s['latency_ms_max']} ms, median "
            f"{s['latency_ms_median']} ms; trickling still open at end: {s['still_open_at_end']}",
        ))
    if i := r.get("idle_timeout"):
        out.append((
            "2 idle timeout",
            f"--connection-timeout {i['connection_timeout_s']}",
            f"{i['closed_by_server']}/{i['quiet_connections']} quiet connections closed "
            f"{i['closed_after_s_min']}-{i['closed_after_s_max']} s after their last byte",
        ))
    if t := r.get("trickle_vs_header_timeout"):
        out.append((
            "2 trickle vs deadline",
            f"--header-timeout {t['header_timeout_s']}",
            f"{t['closed']}/{t['trickling']} trickling (1 B / 0.5-1 s) connections closed "
            f"{t['closed_after_first_byte_s_min']}-{t['closed_after_first_byte_s_max']} s after their first byte",
        ))
    if t := r.get("tricklers_twice_the_limit"):
        out.append((
            "2 tricklers x2 limit",
            f"{t['trickling']} tricklers, --connection-limit {t['connection_limit']}, "
            f"--header-timeout {t['header_timeout_s']}",
            f"a normal client was served after {t['normal_client_waited_s']} s",
        ))
    if a := r.get("access_log_stalled_stdout"):
        out.append((
            "2 stalled stdout",
            f"{a['requests_answered']} requests, stdout never read",
            f"all answered in {a['seconds']} s, {a['lines_dropped']} log lines dropped and counted; exit "
            f"{a['exit_seconds_after_sigterm']} s after SIGTERM",
        ))
    if a := r.get("access_log_keeps_up"):
        out.append((
            "2 log keeps up",
            f"{a['requests']} requests, stdout a file",
            f"{a['lines']} lines (with the listening line), {a['dropped']} dropped",
        ))
    if d := r.get("disconnects"):
        out.append((
            "3 disconnects",
            f"{d['connections']} conns, {d['rounds']} rounds, {d['seconds']} s",
            f"RSS {d['rss_kb_start']} KB at start, {d['rss_kb_after_round_1']} KB after round 1, "
            f"{d['rss_kb_after_last_round']} KB after the last (growth {d['rss_growth_kb']} KB); "
            f"server fds {d['server_fds_start']} -> {d['server_fds_end']}",
        ))
    if hc := r.get("half_close"):
        out.append((
            "3 half-close",
            f"{hc['connections']} partial requests then FIN",
            f"{hc['still_held']} still held by the server {hc['released_within_s']} s after the last",
        ))
    if hr := r.get("half_close_rss"):
        out.append((
            "3 half-close RSS",
            f"{hr['connections']} half bodies timed out",
            f"RSS {hr['rss_kb_rounds'][0]} -> {hr['rss_kb_rounds'][-1]} KB "
            f"(+{hr['growth_round_2_to_10_kb']} KB from round 2 to 10)",
        ))
    if c := r.get("concurrency"):
        out.append((
            "4 concurrency",
            f"{c['threads']} threads x {c['sessions']} sessions, {c['seconds']} s",
            f"{c['requests']} requests, {c['requests_per_s']} req/s; statuses {c['by_status']}; "
            f"transport errors {c['transport_errors']}, inconsistent sessions {c['inconsistent_sessions']}, "
            f"unjustified 409 {c['unjustified_409']}",
        ))
    if f := r.get("session_flood"):
        out.append((
            "5 session flood",
            f"{f['created']} sessions, --max-sessions {f['max_sessions']}, {f['seconds']} s",
            f"{f['creates_per_s']} creates/s; evicted lru {f['metrics_evicted_lru']:.0f}, live "
            f"{f['metrics_sessions_live']:.0f}; RSS {f['rss_kb_after_2000']} KB at 2000 -> "
            f"{f['rss_kb_after_20000']} KB at 20000",
        ))
    if g := r.get("graceful_shutdown"):
        out.append((
            "6 graceful shutdown",
            f"{g['clients']} keep-alive clients",
            f"{g['shows_ok_total']} shows ok ({g['shows_answered_after_sigterm']} after SIGTERM), 5xx "
            f"{g['server_errors_5xx']}, failed after start {g['failed_after_response_started']}, connection "
            f"errors {g['connection_errors_not_started']}; /readyz {g['readyz_before']} -> "
            f"{g['readyz_while_draining']}; exit {g['exit_code']} after {g['exit_seconds']} s",
        ))
    if st := r.get("shutdown_stuck_request"):
        out.append((
            "6 stuck request",
            f"--shutdown-timeout {st['shutdown_timeout']}",
            f"exit {st['exit_code']} after {st['exit_seconds']} s",
        ))
    if sec := r.get("security"):
        out.append((
            "7 security",
            "session isolation",
            f"{sec.get('isolation_operations_on_a', 0)} operations on A left B byte-identical; "
            f"{sec.get('guess_requests_all_404', 0)} requests with {sec.get('guessed_ids', 0)} guessed ids all 404",
        ))
    return out


def main(argv: list[str]) -> int:
    since = 0.0
    markdown = "--markdown" in argv
    if "--since" in argv:
        since = Path(argv[argv.index("--since") + 1]).stat().st_mtime
    results = load(since)
    if not results:
        print("robustness summary: no results in", results_dir())
        return 0
    mode = next(iter(results.values())).get("mode", "?")
    table = rows(results)
    print(f"\n== robustness summary ({mode} mode; figures in {results_dir()})")
    if markdown:
        print("| test | load | result |\n| --- | --- | --- |")
        for name, load_, result in table:
            print(f"| {name} | {load_} | {result} |")
        return 0
    width_name = max(len(name) for name, _, _ in table)
    width_load = max(len(load_) for _, load_, _ in table)
    for name, load_, result in table:
        print(f"{name:<{width_name}}  {load_:<{width_load}}  {result}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
