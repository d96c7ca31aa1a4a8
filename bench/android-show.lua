-- wrk script: stateless POST /keyboard/show with platform "android": a 412 x 915 dp phone on three-button
-- navigation, a resized list with a WindowInsetsAnimation callback, a focused field near the bottom (the request
-- of openapi.yaml's android example). Counts non-2xx responses and prints "non2xx: N" in done().
dofile("bench/non2xx.lua")

function init(args)
  local body = '{"platform": "android", "screen": {"width": 412, "height": 915},'
    .. ' "systemBars": {"top": 24, "bottom": 48}, "navigationMode": "threeButton",'
    .. ' "windowSoftInputMode": "adjustResize", "insetsAnimationCallback": true,'
    .. ' "scrollView": {"frame": {"x": 0, "y": 80, "width": 412, "height": 787},'
    .. ' "contentSize": {"width": 412, "height": 2000}},'
    .. ' "focusedRect": {"x": 16, "y": 700, "width": 380, "height": 56},'
    .. ' "keyboard": {"frameEnd": {"x": 0, "y": 515, "width": 412, "height": 400}}}'
  req = wrk.format("POST", "/keyboard/show", { ["Content-Type"] = "application/json" }, body)
end

function request()
  return req
end
