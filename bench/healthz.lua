-- wrk script: plain GET /healthz. Counts non-2xx responses and prints "non2xx: N" in done().
dofile("bench/non2xx.lua")

function init(args)
  req = wrk.format("GET", "/healthz")
end

function request()
  return req
end
