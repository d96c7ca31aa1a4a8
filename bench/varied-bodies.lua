-- Shared by bench/varied-show.lua and bench/varied-cycle.lua (loaded with dofile from the repository root):
-- show and hide bodies as different real clients serialize them, so that consecutive requests differ in
-- shape (key order, spacing, optional members) and in their numbers, not one body repeated.
--
-- A body is built as an ordered list of members, {key, value} pairs (a value is a number, a string, or
-- another list), and written by one of these serializers:
--   js      the browser playground and client.js: JSON.stringify, compact; keys in the order that code builds
--           them (geometry() then keyboard {frameEnd, ...KEYBOARD_INFO}, then focusedRect; sessionId and
--           timestamp first on a session's event)
--   curl    a hand-written curl script in the style of bench/show.lua: ": " and ", ", a newline before each
--           top-level member after the first
--   pretty  a body file for `curl -d @body.json` as jq or json.dumps(indent=2) write it: two-space indent,
--           one member a line; its author put "screen" before "scrollView"
--   swift   Swift's JSONEncoder, compact; keys in the declaration order of a Codable client's structs
--           (timestamp, screen, scrollView {frame, contentSize, contentOffset, safeAreaInsets}, keyboard
--           {frameBegin, frameEnd, animationDuration, animationCurve}, focusedRect, keyboardDistance); nil
--           optionals left out (encodeIfPresent)
--   sorted  JSONEncoder with .sortedKeys: the same members, every object's keys in byte order
-- Numbers are written as JavaScript and JSONEncoder both write them: a whole double as 390, a fraction in
-- its shortest form (0.25, 412.5, 48213.6).

styles = { "js", "curl", "pretty", "swift", "sorted" }

-- Screen sizes in points, portrait safe areas, keyboard heights without and with the QuickType bar.
devices = {
  { w = 375, h = 667, top = 20, bottom = 0, kb = { 216, 260 } },   -- iPhone SE
  { w = 390, h = 844, top = 47, bottom = 34, kb = { 291, 336 } },  -- iPhone 15
  { w = 393, h = 852, top = 59, bottom = 34, kb = { 291, 336 } },  -- iPhone 15 Pro
  { w = 430, h = 932, top = 59, bottom = 34, kb = { 301, 346 } },  -- iPhone 15 Pro Max
  { w = 820, h = 1180, top = 24, bottom = 20, kb = { 313, 368 } }, -- iPad Air, portrait
}

-- Park-Miller minimal standard generator: exact in doubles, the same sequence on every run.
local seed = 20240601
function random(n)
  seed = (seed * 16807) % 2147483647
  return seed % n + 1
end
function pick(list) return list[random(#list)] end
function chance(percent) return random(100) <= percent end

function number(v)
  if v == math.floor(v) and math.abs(v) < 1e15 then return string.format("%d", v) end
  for digits = 1, 17 do
    local text = string.format("%." .. digits .. "g", v)
    if tonumber(text) == v then return text end
  end
  return string.format("%.17g", v)
end

local function sortedMembers(members)
  local copy = {}
  for i, m in ipairs(members) do copy[i] = m end
  table.sort(copy, function(a, b) return a[1] < b[1] end)
  return copy
end

local function write(value, style, depth, out)
  if type(value) == "number" then
    out[#out + 1] = number(value)
  elseif type(value) == "string" then
    out[#out + 1] = '"' .. value .. '"'
  else
    local members = style == "sorted" and sortedMembers(value) or value
    out[#out + 1] = "{"
    for i, m in ipairs(members) do
      if style == "pretty" then
        out[#out + 1] = (i > 1 and ",\n" or "\n") .. string.rep("  ", depth + 1)
      elseif i > 1 then
        out[#out + 1] = (style == "curl") and ((depth == 0) and ",\n " or ", ") or ","
      end
      out[#out + 1] = '"' .. m[1] .. '"' .. ((style == "curl" or style == "pretty") and ": " or ":")
      write(m[2], style, depth + 1, out)
    end
    if style == "pretty" and #members > 0 then out[#out + 1] = "\n" .. string.rep("  ", depth) end
    out[#out + 1] = "}"
  end
end

function serialize(members, style)
  local out = {}
  write(members, style, 0, out)
  return table.concat(out)
end

function rect(x, y, width, height) return { { "x", x }, { "y", y }, { "width", width }, { "height", height } } end
function size(width, height) return { { "width", width }, { "height", height } } end
function point(x, y) return { { "x", x }, { "y", y } } end
function insets(top, left, bottom, right)
  return { { "top", top }, { "left", left }, { "bottom", bottom }, { "right", right } }
end

-- keyboard {frameEnd, animationDuration, animationCurve} for JS and hand-written bodies; Swift declares
-- frameBegin before frameEnd (UIKit's order). frameBegin may be nil.
function keyboardMembers(style, frameBegin, frameEnd, duration)
  local k = {}
  if frameBegin and (style == "swift" or style == "sorted") then k[#k + 1] = { "frameBegin", frameBegin } end
  if frameBegin and style == "js" then k[#k + 1] = { "frameBegin", frameBegin } end -- {frameBegin, frameEnd, ...INFO}
  k[#k + 1] = { "frameEnd", frameEnd }
  if frameBegin and (style == "curl" or style == "pretty") then k[#k + 1] = { "frameBegin", frameBegin } end
  k[#k + 1] = { "animationDuration", duration }
  k[#k + 1] = { "animationCurve", 7 }
  return k
end

-- A timestamp in milliseconds as each client writes it: requestAnimationFrame time (0.1 ms), a hand-written
-- whole number, CACurrentMediaTime() * 1000 (microseconds).
function timestampValue(style, ms)
  if style == "js" then return math.floor(ms * 10 + 0.5) / 10 end
  if style == "curl" or style == "pretty" then return math.floor(ms) end
  return math.floor(ms * 1000 + 0.5) / 1000
end

-- timestampValue written as number() would write it, with one string.format (varied-cycle.lua calls it as it sends).
function timestampText(style, ms)
  if style == "curl" or style == "pretty" then return string.format("%d", math.floor(ms)) end
  local text = string.format(style == "js" and "%.1f" or "%.3f", ms)
  return (text:gsub("0+$", ""):gsub("%.$", ""))
end

-- The members of a stateless show: the whole geometry, the keyboard, and the optional members each client
-- adds (timestamp, contentOffset, keyboardDistance, focusedRect) where it declares them.
function statelessShow(style, o)
  local d = o.device
  local scroll
  if style == "swift" or style == "sorted" then
    scroll = { { "frame", rect(0, 0, d.w, d.h) }, { "contentSize", size(d.w, o.contentHeight) } }
    if o.contentOffset then scroll[#scroll + 1] = { "contentOffset", point(0, o.contentOffset) } end
    scroll[#scroll + 1] = { "safeAreaInsets", insets(d.top, 0, d.bottom, 0) }
  else
    scroll = { { "frame", rect(0, 0, d.w, d.h) }, { "safeAreaInsets", insets(d.top, 0, d.bottom, 0) },
      { "contentSize", size(d.w, o.contentHeight) } }
    if o.contentOffset then scroll[#scroll + 1] = { "contentOffset", point(0, o.contentOffset) } end
  end
  local keyboard = keyboardMembers(style, nil, rect(0, d.h - o.keyboardHeight, d.w, o.keyboardHeight), o.duration)
  local focused = o.focusedRect and rect(o.focusedRect[1], o.focusedRect[2], o.focusedRect[3], o.focusedRect[4])
  local m = {}
  local function add(key, value) if value ~= nil then m[#m + 1] = { key, value } end end
  if style == "swift" or style == "sorted" then
    add("timestamp", o.timestamp)
    add("screen", size(d.w, d.h))
    add("scrollView", scroll)
    add("keyboard", keyboard)
    add("focusedRect", focused)
    add("keyboardDistance", o.keyboardDistance)
  elseif style == "pretty" then
    add("screen", size(d.w, d.h))
    add("scrollView", scroll)
    add("keyboard", keyboard)
    add("focusedRect", focused)
    add("keyboardDistance", o.keyboardDistance)
    add("timestamp", o.timestamp)
  else -- js: {...geometry(), keyboard, focusedRect} and what the page adds; curl: bench/show.lua's order
    add("scrollView", scroll)
    add("screen", size(d.w, d.h))
    add("keyboard", keyboard)
    add("focusedRect", focused)
    add("keyboardDistance", o.keyboardDistance)
    add("timestamp", o.timestamp)
  end
  return m
end

-- The members of a session's show or hide: sessionId and timestamp first (client.js writes them so; Swift
-- declares them so), an optional user scroll, the keyboard, and a show's focusedRect.
-- o.timestamp is a marker number (varied-cycle.lua's MARK) where the body gets its timestamp as it is sent.
function sessionEvent(style, o)
  local m = { { "sessionId", o.sessionId } }
  if o.timestamp then m[#m + 1] = { "timestamp", o.timestamp } end
  if o.contentOffset then m[#m + 1] = { "scrollView", { { "contentOffset", point(0, o.contentOffset) } } } end
  m[#m + 1] = { "keyboard", keyboardMembers(style, o.frameBegin, o.frameEnd, o.duration) }
  if o.focusedRect then m[#m + 1] = { "focusedRect", o.focusedRect } end
  if o.keyboardDistance then m[#m + 1] = { "keyboardDistance", o.keyboardDistance } end
  return m
end

-- A raw HTTP request for `body`, with the headers wrk.format would write.
function httpRequest(path, body)
  return "POST " .. path .. " HTTP/1.1\r\nHost: " .. tostring(wrk.host) .. "\r\nContent-Type: application/json\r\n"
    .. "Content-Length: " .. #body .. "\r\n\r\n" .. body
end

-- $BENCH_DUMP names a file to write every body of the pool to, one a line with newlines escaped as \n, and
-- its path first (for checking them with curl). `suffix`, when given, is appended to the name (varied-cycle.lua's
-- threads each have a pool of their own sessions, and each writes its own file).
function dump(entries, suffix)
  local name = os.getenv("BENCH_DUMP")
  if not name or name == "" then return end
  name = name .. (suffix or "")
  local file = assert(io.open(name, "w"))
  for _, e in ipairs(entries) do
    file:write(e.path, "\t", (e.body:gsub("\n", "\\n")), "\n")
  end
  file:close()
end
