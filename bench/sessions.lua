-- Shared by the wrk scripts whose requests are a session's events (bench/cycle.lua, bench/interruption.lua,
-- bench/varied-cycle.lua; loaded with dofile after bench/non2xx.lua, from the repository root).
--
-- A session's events must reach the server in the order they were stamped, or the later one arriving first makes
-- the earlier one stale (409). wrk keeps one request at a time on a connection, but a thread's request() cannot
-- tell which of its connections it writes for, so with many connections a thread two events of one session can be
-- under way at once on two connections, and a loaded machine delivers them in either order (the 18 stale 409s of
-- a clean clone's CI run beside another build). So these scripts run with one connection a thread
-- (`wrk -tC -cC`, with BENCH_THREADS=C: bench/run and scripts/measure-resources do), and each thread sends only
-- its own sessions, the i-th id to thread (i - 1) mod C. A session's next event is then written only after the
-- answer to its previous one has arrived, on the same connection, however the machine schedules anything.
--
-- The rule is checked as the run goes: a request written while its thread's previous one is unanswered means
-- more than one connection a thread (or a request lost to a socket error); done() prints "overlapped: N",
-- which bench/run fails on.

local threads_total = tonumber(os.getenv("BENCH_THREADS") or "1")
overlapped = 0
local unanswered = false
-- wrk calls thread 0's request() once before the run to check what it returns, and never sends that request.
local checking_call = true

-- The thread's own share of `ids` (at least one).
function thread_sessions(ids)
  local id = thread_id or 0
  assert(id < threads_total, "thread " .. id .. " of BENCH_THREADS=" .. threads_total .. ": run wrk -tC -cC")
  local mine = {}
  for i, session in ipairs(ids) do
    if (i - 1) % threads_total == id then mine[#mine + 1] = session end
  end
  assert(#mine > 0, "fewer sessions than threads")
  return mine
end

-- Called by request() for each event it writes.
function session_event_written()
  if checking_call and (thread_id or 0) == 0 then
    checking_call = false
    return
  end
  checking_call = false
  if unanswered then overlapped = overlapped + 1 end
  unanswered = true
end

local count_response = response
function response(status, headers, body)
  unanswered = false
  count_response(status, headers, body)
end

local report = done
function done(summary, latency, requests)
  report(summary, latency, requests)
  local n = 0
  for _, t in ipairs(threads) do
    n = n + (t:get("overlapped") or 0)
  end
  io.write(string.format("overlapped: %d\n", n))
end
