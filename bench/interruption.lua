-- wrk script: an interrupted keyboard on each session (issue 14): a show, a hide 80 ms later, a taller show
-- 40 ms after that, so each event lands while the ones before it still animate and the session composes them
-- additively. Sessions come from $BENCH_SESSIONS as in bench/cycle.lua, each thread with its own N of them over its
-- one connection (bench/sessions.lua); request k of a thread goes to its session k mod N, phase floor(k / N) mod 3,
-- round floor(k / 3N). The timestamps are the session's clock: round r's
-- events at 1000 r, 1000 r + 80 and 1000 r + 120 ms, so every round starts after the last one has settled.
-- Prints "non2xx: N" in done().
dofile("bench/non2xx.lua")
dofile("bench/sessions.lua")
local counter = 0
local offsets = { 0, 80, 120 }

function init(args)
  local file = assert(io.open(assert(os.getenv("BENCH_SESSIONS"), "BENCH_SESSIONS not set"), "r"))
  ids = {}
  for line in file:lines() do
    if #line > 0 then table.insert(ids, line) end
  end
  file:close()
  assert(#ids > 0, "no session ids")
  ids = thread_sessions(ids)
  local frames = {
    '{"x": 0, "y": 508, "width": 390, "height": 336}',
    '{"x": 0, "y": 844, "width": 390, "height": 336}',
    '{"x": 0, "y": 464, "width": 390, "height": 380}',
  }
  local paths = { "/keyboard/show", "/keyboard/hide", "/keyboard/show" }
  -- Everything but the timestamp, per phase and session: the request only appends the number.
  heads, tails = {}, {}
  for p = 1, 3 do
    heads[p] = {}
    for i, id in ipairs(ids) do
      heads[p][i] = '{"sessionId": "' .. id .. '", "timestamp": '
    end
    tails[p] = ', "keyboard": {"frameEnd": ' .. frames[p] .. ', "animationDuration": 0.25, "animationCurve": 7}}'
  end
  request_paths = paths
  count = #ids
end

function request()
  session_event_written()
  local session = counter % count
  local phase = math.floor(counter / count) % 3
  local round = math.floor(counter / (3 * count))
  counter = counter + 1
  local body = heads[phase + 1][session + 1] .. (1000 * round + offsets[phase + 1]) .. tails[phase + 1]
  return wrk.format("POST", request_paths[phase + 1], { ["Content-Type"] = "application/json" }, body)
end
