-- wrk script: stateless POST /keyboard/show for an iPhone 15 with a focused field near the bottom.
-- Counts non-2xx responses (wrk does not) and prints "non2xx: N" in done().
dofile("bench/non2xx.lua")

function init(args)
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
