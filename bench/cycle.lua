-- wrk script: a session cycle (show, hide, show with a new 380 pt keyboard at y 464) over the sessions
-- whose ids bench/run wrote, one per line, to the file named by $BENCH_SESSIONS. No timestamps: the server
-- clock is used. Request k of a thread goes to session k mod N, phase floor(k / N) mod 3, so consecutive
-- requests (on different connections) never hit the same session. Prints "non2xx: N" in done().
dofile("bench/non2xx.lua")
local counter = 0

local function event(path, id, frame)
  local body = '{"sessionId": "' .. id .. '", "keyboard": {"frameEnd": ' .. frame
    .. ', "animationDuration": 0.25, "animationCurve": 7}}'
  return wrk.format("POST", path, { ["Content-Type"] = "application/json" }, body)
end

function init(args)
  local file = assert(io.open(assert(os.getenv("BENCH_SESSIONS"), "BENCH_SESSIONS not set"), "r"))
  local ids = {}
  for line in file:lines() do
    if #line > 0 then table.insert(ids, line) end
  end
  file:close()
  assert(#ids > 0, "no session ids")
  local show = '{"x": 0, "y": 508, "width": 390, "height": 336}'
  local hide = '{"x": 0, "y": 844, "width": 390, "height": 336}'
  local showTaller = '{"x": 0, "y": 464, "width": 390, "height": 380}'
  phases = {}
  for p, spec in ipairs({ { "/keyboard/show", show }, { "/keyboard/hide", hide }, { "/keyboard/show", showTaller } }) do
    phases[p] = {}
    for i, id in ipairs(ids) do
      phases[p][i] = event(spec[1], id, spec[2])
    end
  end
  count = #ids
  -- each wrk thread starts at a different session
  counter = (thread_id or 0) * 97
end

function request()
  local session = counter % count
  local phase = math.floor(counter / count) % 3
  counter = counter + 1
  return phases[phase + 1][session + 1]
end
