-- wrk script: a session cycle (show, hide, show with a new 380 pt keyboard at y 464) over the sessions
-- whose ids bench/run wrote, one per line, to the file named by $BENCH_SESSIONS. Run with one connection a thread
-- (bench/sessions.lua): each thread has its own N sessions, and its request k goes to its session k mod N, phase
-- floor(k / N) mod 3, so a session's events reach the server in their order. Each event carries the session's clock, 1 000 ms after the session's previous one: a plain
-- cycle is a keyboard that shows, hides and shows again once each animation has finished. Without
-- timestamps the server's clock spaced a session's events by N requests (about 15 ms at this rate), so every
-- event interrupted a dozen running ones: that is the interruption case, which bench/interruption.lua
-- measures on its own. Prints "non2xx: N" in done().
dofile("bench/non2xx.lua")
dofile("bench/sessions.lua")
local counter = 0

-- Everything but the timestamp, per phase and session: a request only appends the number.
local function parts(id, frame)
  return '{"sessionId": "' .. id .. '", "timestamp": ',
    ', "keyboard": {"frameEnd": ' .. frame .. ', "animationDuration": 0.25, "animationCurve": 7}}'
end

function init(args)
  local file = assert(io.open(assert(os.getenv("BENCH_SESSIONS"), "BENCH_SESSIONS not set"), "r"))
  local ids = {}
  for line in file:lines() do
    if #line > 0 then table.insert(ids, line) end
  end
  file:close()
  assert(#ids > 0, "no session ids")
  ids = thread_sessions(ids)
  local show = '{"x": 0, "y": 508, "width": 390, "height": 336}'
  local hide = '{"x": 0, "y": 844, "width": 390, "height": 336}'
  local showTaller = '{"x": 0, "y": 464, "width": 390, "height": 380}'
  phases = {}
  for p, spec in ipairs({ { "/keyboard/show", show }, { "/keyboard/hide", hide }, { "/keyboard/show", showTaller } }) do
    phases[p] = { path = spec[1], heads = {}, tails = {} }
    for i, id in ipairs(ids) do
      phases[p].heads[i], phases[p].tails[i] = parts(id, spec[2])
    end
  end
  count = #ids
end

function request()
  session_event_written()
  local session = counter % count
  local step = math.floor(counter / count)
  local phase = phases[step % 3 + 1]
  counter = counter + 1
  local body = phase.heads[session + 1] .. (1000 * step) .. phase.tails[session + 1]
  return wrk.format("POST", phase.path, { ["Content-Type"] = "application/json" }, body)
end
