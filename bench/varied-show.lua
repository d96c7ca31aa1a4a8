-- wrk script: stateless POST /keyboard/show with bodies as real clients send them (bench/varied-bodies.lua):
-- a pool of 400 bodies over five serializers (the playground's JSON.stringify, two hand-written curl styles,
-- JSONEncoder in declaration order and with .sortedKeys), five devices, both keyboard heights, durations
-- 0.25 and 0.35, focused fields at different heights, and optional members (timestamp, contentOffset,
-- keyboardDistance, focusedRect) in some bodies and not others. Requests go through the pool in a fixed
-- pseudo-random order, so consecutive requests differ. Prints "non2xx: N" in done().
dofile("bench/non2xx.lua")
dofile("bench/varied-bodies.lua")

local POOL = 400
local counter = 0

function init(args)
  pool = {}
  local entries = {}
  for i = 1, POOL do
    local style = pick(styles)
    local d = pick(devices)
    local contentHeight = d.h + 200 * random(15) + (chance(20) and 0.5 or 0)
    local keyboardHeight = d.kb[random(2)]
    local o = {
      device = d,
      contentHeight = contentHeight,
      keyboardHeight = keyboardHeight,
      duration = pick({ 0.25, 0.25, 0.35 }),
    }
    if chance(85) then
      local fieldHeight = pick({ 44, 36, 52 })
      o.focusedRect = { pick({ 16, 20 }), random(math.floor(contentHeight) - fieldHeight - 1),
        d.w - 2 * pick({ 16, 20 }), fieldHeight }
    end
    if chance(40) then
      o.contentOffset = pick({ -d.top, random(math.floor(contentHeight - d.h)) - d.top,
        random(2000) + pick({ 0, 0.5, 0.25 }) })
    end
    if chance(25) then o.keyboardDistance = pick({ 8, 12, 16, 20 }) end
    if chance(50) then o.timestamp = timestampValue(style, 1000 + random(900000000) / 7) end
    local body = serialize(statelessShow(style, o), style)
    entries[i] = { path = "/keyboard/show", body = body }
    pool[i] = wrk.format("POST", "/keyboard/show", { ["Content-Type"] = "application/json" }, body)
  end
  dump(entries)
  -- a fixed pseudo-random walk through the pool: stride 163 is prime to 400, so each pass visits every body
  order = {}
  for i = 1, POOL do order[i] = ((i - 1) * 163) % POOL + 1 end
  counter = (thread_id or 0) * 97
end

function request()
  counter = counter + 1
  return pool[order[counter % POOL + 1]]
end
