-- wrk script: a session cycle over the sessions whose ids are in $BENCH_SESSIONS (one a line, as for
-- bench/cycle.lua), with bodies as real clients send them (bench/varied-bodies.lua). Each session is one
-- client: one serializer (the playground's JSON.stringify, two hand-written curl styles, JSONEncoder in
-- declaration order and with .sortedKeys), one device, and one timestamp habit (the playground stamps every
-- event, curl scripts never, a Swift client in half the sessions; the server clock otherwise). Its events
-- go show, hide, show (the QuickType bar toggled: a taller keyboard), show (toggled back: a keyboard frame
-- change), hide, show, with focused fields at new heights, and optional members in some events (a hide's
-- frameBegin, the user's scroll as scrollView.contentOffset, keyboardDistance, focusedRect).
-- Each thread has its own N sessions over its one connection (bench/sessions.lua), so a session's events reach
-- the server in their order; its request k goes to session perm[k mod N], phase floor(k / N) mod 6, perm a fixed
-- shuffle: consecutive requests go to different sessions and so mostly to different clients. Timestamps are
-- CLOCK_MONOTONIC milliseconds read as requests are sent, so each session's are increasing across runs too.
-- Prints "non2xx: N" in done().
dofile("bench/non2xx.lua")
dofile("bench/sessions.lua")
dofile("bench/varied-bodies.lua")
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } varied_timespec;
  int clock_gettime(int clock, varied_timespec *ts);
]]
local now = ffi.new("varied_timespec")
local counter = 0
-- where a per-request timestamp goes in a body while the pool is built
local MARK = 987654321.5

local function milliseconds()
  ffi.C.clock_gettime(1, now)
  return tonumber(now.tv_sec) * 1000 + tonumber(now.tv_nsec) / 1e6
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
  count = #ids
  -- phases: the path, and whether the keyboard is the taller one (QuickType bar on)
  local phases = { { "/keyboard/show", 1 }, { "/keyboard/hide", 1 }, { "/keyboard/show", 2 },
    { "/keyboard/show", 1 }, { "/keyboard/hide", 1 }, { "/keyboard/show", 2 } }
  pool = {}
  local entries = {}
  for i, id in ipairs(ids) do
    local style = pick(styles)
    local d = pick(devices)
    local stamps = style == "js" or (style == "swift" or style == "sorted") and chance(50)
    local duration = pick({ 0.25, 0.25, 0.35 })
    local distance = chance(25) and pick({ 8, 12, 16 }) or nil
    local lastFrame = nil
    pool[i] = {}
    for p, spec in ipairs(phases) do
      local path = spec[1]
      local height = d.kb[spec[2]]
      local o = { sessionId = id, duration = duration }
      if stamps then o.timestamp = MARK end
      if path == "/keyboard/show" then
        o.frameEnd = rect(0, d.h - height, d.w, height)
        lastFrame = { d.h - height, height }
        if style == "js" or chance(80) then
          local fieldHeight = pick({ 44, 36 })
          o.focusedRect = rect(16, 60 + random(1800), d.w - 32, fieldHeight)
        end
      else
        o.frameEnd = rect(0, d.h, d.w, lastFrame[2])
        if style == "js" or ((style == "swift" or style == "sorted") and chance(60)) then
          o.frameBegin = rect(0, lastFrame[1], d.w, lastFrame[2])
        end
      end
      if style ~= "js" and chance(20) then o.contentOffset = random(1500) - d.top + pick({ 0, 0.5 }) end
      -- a client that sets keyboardDistance sends it with its first show
      if distance and p == 1 then o.keyboardDistance = distance end
      local body = serialize(sessionEvent(style, o), style)
      local entry = { path = path, style = style }
      if stamps then
        local at = body:find(number(MARK), 1, true)
        entry.before = body:sub(1, at - 1)
        entry.after = body:sub(at + #number(MARK))
        entry.body = entry.before .. timestampText(style, milliseconds()) .. entry.after
      else
        entry.body = body
        entry.request = httpRequest(path, body)
      end
      pool[i][p] = entry
      entries[#entries + 1] = entry
    end
  end
  dump(entries, "." .. (thread_id or 0))
  perm = {}
  for i = 1, count do perm[i] = i end
  for i = count, 2, -1 do
    local j = random(i)
    perm[i], perm[j] = perm[j], perm[i]
  end
end

-- The clock is read as each stamped event is written: a session's events are only N requests of its thread apart
-- (N about 16), so a clock read once every few dozen requests would give them the same time.
function request()
  session_event_written()
  local session = perm[counter % count + 1]
  local phase = math.floor(counter / count) % 6
  counter = counter + 1
  local entry = pool[session][phase + 1]
  if entry.request then return entry.request end
  return httpRequest(entry.path, entry.before .. timestampText(entry.style, milliseconds()) .. entry.after)
end
