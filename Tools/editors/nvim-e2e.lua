-- End-to-end test of `statelint server` from Neovim's own LSP client (run by Tools/test-editors.sh, after
-- the configuration block of docs/editors.md). Writes one line per check to $RESULTS: "PASS: ..." or
-- "FAIL: ...", then quits.
local results = {}
local function check(ok, what, detail)
  table.insert(results, (ok and "PASS: " or "FAIL: ") .. what .. ((not ok and detail) and (" (" .. detail .. ")") or ""))
  return ok
end
local function finish()
  local f = io.open(os.getenv("RESULTS"), "w")
  f:write(table.concat(results, "\n") .. "\n")
  f:close()
  vim.cmd("qa!")
end
local function codes(buf)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(list, tostring(d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)))
  end
  table.sort(list)
  return table.concat(list, ",")
end
local function wait_codes(buf, expected, what)
  local ok = vim.wait(15000, function() return codes(buf) == expected end, 50)
  return check(ok, what, "diagnostics: [" .. codes(buf) .. "], expected [" .. expected .. "]")
end

local ok, err = pcall(function()
  local project = os.getenv("PROJECT")
  vim.cmd("edit " .. project .. "/Card.swift")
  local card = vim.api.nvim_get_current_buf()
  check(vim.wait(15000, function() return #vim.lsp.buf_get_clients(card) > 0 end, 50), "the docs' configuration attaches statelint to a Swift buffer")
  if not wait_codes(card, "print_changes_leftover,state_injected_value", "the findings of the open file are shown") then return end
  for _, d in ipairs(vim.diagnostic.get(card)) do
    if d.code == "state_injected_value" or (d.user_data and d.user_data.lsp.code == "state_injected_value") then
      check(d.lnum == 6 and d.col == 8, "the finding's range starts at line 7, column 9", d.lnum .. ":" .. d.col)
      check(d.message:find("'@State var count' in 'Card'", 1, true) ~= nil, "the message names the property and the view", d.message)
      check(d.severity == vim.diagnostic.severity.WARN and d.source == "statelint", "severity warning, source statelint")
    end
  end

  -- The quick fix for the _printChanges() line, requested and applied through the client.
  local params = vim.lsp.util.make_range_params()
  params.range = { start = { line = 10, character = 0 }, ["end"] = { line = 10, character = 0 } }
  params.context = { diagnostics = {} }
  local responses = vim.lsp.buf_request_sync(card, "textDocument/codeAction", params, 10000) or {}
  local fix, titles = nil, {}
  for _, response in pairs(responses) do
    for _, action in ipairs(response.result or {}) do
      table.insert(titles, action.title)
      if action.isPreferred then fix = action end
    end
  end
  check(vim.tbl_contains(titles, "Disable print_changes_leftover for this line"), "a code action disables the rule for the line", table.concat(titles, "; "))
  if not check(fix ~= nil, "a preferred quick fix is offered", table.concat(titles, "; ")) then return end
  -- The encoding the server chose (UTF-16 unless the client offered UTF-8, as newer Neovims do).
  local client = vim.lsp.buf_get_clients(card)[next(vim.lsp.buf_get_clients(card))]
  vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding or "utf-16")
  local text = table.concat(vim.api.nvim_buf_get_lines(card, 0, -1, false), "\n")
  check(text:find("_printChanges", 1, true) == nil, "applying the quick fix removes the debugging line")
  wait_codes(card, "state_injected_value", "the fixed finding disappears, the other stays")

  -- Cross-file: the caller in another buffer passes a constant, so the seed can never go stale.
  vim.cmd("edit " .. project .. "/Screen.swift")
  local screen = vim.api.nvim_get_current_buf()
  check(vim.wait(15000, function() return #vim.lsp.buf_get_clients(screen) > 0 end, 50), "the second buffer joins the same server")
  check(#vim.lsp.get_active_clients() == 1, "one server for the project", tostring(#vim.lsp.get_active_clients()))
  for i, line in ipairs(vim.api.nvim_buf_get_lines(screen, 0, -1, false)) do
    if line:find("Card(count: total)", 1, true) then
      local changed = line:gsub("Card%(count: total%)", "Card(count: 0)")
      vim.api.nvim_buf_set_lines(screen, i - 1, i, false, { changed })
    end
  end
  wait_codes(card, "", "an edit in one buffer (not saved) clears the finding in the other")
  vim.cmd("undo")
  wait_codes(card, "state_injected_value", "undoing it brings the finding back")
end)
check(ok, "the test script ran to the end", tostring(err))
finish()
