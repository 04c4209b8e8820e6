-- POST /oauth/token for pending logins: device codes from $DEVICE_CODES (one per line), each request from its own
-- client address through the trusted proxy (X-Forwarded-For), the way real traffic arrives.
local codes = {}
for line in io.lines(os.getenv("DEVICE_CODES")) do codes[#codes + 1] = line end
local counter = 0
request = function()
  counter = counter + 1
  local code = codes[(counter % #codes) + 1]
  local body = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&client_id=d3&device_code=" .. code
  local headers = {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["X-Forwarded-For"] = string.format("10.%d.%d.%d", counter % 250, math.floor(counter / 250) % 250, math.floor(counter / 62500) % 250),
  }
  return wrk.format("POST", "/oauth/token", headers, body)
end
