-- step-anchors.lua: gives each "Step N.x: ..." heading a second, stable anchor,
-- #step-N.x, an empty element just before it (the heading keeps its own id, which the
-- table of contents and the handouts' own links use; an anchor inside the heading would
-- be copied into the table of contents). The grade's page links a hint's step there
-- (autograder/report/html.h).
function Header(h)
  local step = pandoc.utils.stringify(h.content):match("^Step (%d+%.%l+)[:%s]")
  if step then
    return {pandoc.RawBlock("html", '<span id="step-' .. step .. '"></span>'), h}
  end
end
