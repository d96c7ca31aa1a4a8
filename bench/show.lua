-- wrk script: stateless POST /keyboard/show for an iPhone 15 with a focused field near the bottom.
-- Counts non-2xx responses (wrk does not) and prints "non2xx: N" in done().
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  non2xx = 0
  local body = '{"scrollView": {"frame": {"x": 0, "y": 0, "width": 390, "height": 844},'
    .. ' "safeAreaInsets": {"top": 47, "left": 0, "bottom": 34, "right": 0},'
    .. ' "contentSize": {"width": 390, "height": 2000}},'
    .. ' "screen": {"width": 390, "height": 844},'
    .. ' "keyboard": {"frameEnd": {"x": 0, "y": 508, "width": 390, "height": 336},'
    .. ' "animationDuration": 0.25, "animationCurve": 7},'
    .. ' "focusedRect": {"x": 16, "y": 700, "width": 358, "height": 44}}'
  req = wrk.format("POST", "/keyboard/show", { ["Content-Type"] = "application/json" }, body)
end

function request()
  return req
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
  end
end

function done(summary, latency, requests)
  local n = 0
  for _, t in ipairs(threads) do
    n = n + (t:get("non2xx") or 0)
  end
  io.write(string.format("non2xx: %d\n", n))
end
