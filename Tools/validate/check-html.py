#!/usr/bin/env python3
"""Checks statelint's HTML report as Chromium rendered it (Tools/validate/html.sh runs it). Each check prints a
PASS or FAIL line; the exit status is 1 when one failed.

usage: check-html.py dom DUMP REPORT.json [--contains TEXT]...
           the DOM Chromium dumped of a report against the JSON report of the same run: every finding exactly
           once (rule, severity, path, line), the summary's counts, the files not linted, the title, nothing
           external, one script (it ran: the filters are shown), no event-handler attributes; each TEXT must be
           in the page's text (hostile source shown as text).
       check-html.py frame REPORT.html REPORT.json OUT.html
           writes a page that lays REPORT.html out in a 390 x 844 CSS px frame (a phone; Chromium's headless
           window is never narrower than 500 px) and probes it: widths, colour scheme, contrast, and the
           filters (one severity and one rule unticked, chosen from the JSON report).
       check-html.py probe DUMP REPORT.json light|dark
           reads what the frame page found: no horizontal overflow at 390 px, the colour scheme asked for,
           text contrast of at least 4.5:1, the styles applied, and the number of findings each filter leaves.
       check-html.py png FILE WIDTH HEIGHT
           a screenshot: its size is the window's and it is not blank; prints its mean luminance.
       check-html.py darker DARK.png LIGHT.png
           the dark-mode screenshot's mean luminance is well below the light one's.
"""
import html
import html.parser
import json
import struct
import sys
import zlib
from collections import Counter

PHONE_WIDTH, PHONE_HEIGHT = 390, 844
failures = 0


def result(ok, what):
    global failures
    print(("PASS: " if ok else "FAIL: ") + what)
    if not ok:
        failures += 1


# MARK: - The DOM

class Element:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.children, self.text = [], []

    @property
    def classes(self):
        return (self.attrs.get("class") or "").split()

    def all_text(self):
        return "".join(part if isinstance(part, str) else part.all_text() for part in self.text)

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


class TreeBuilder(html.parser.HTMLParser):
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", [], None)
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        element = Element(tag, attrs, self.stack[-1])
        self.stack[-1].children.append(element)
        self.stack[-1].text.append(element)
        if tag not in self.VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        self.stack[-1].text.append(data)


def parse(path):
    builder = TreeBuilder()
    with open(path, encoding="utf-8") as f:
        builder.feed(f.read())
    builder.close()
    return builder.root


def normalized(path):
    while path.startswith("./"):
        path = path[2:]
    return path


def plural(n, word):
    return f"{n} {word}{'' if n == 1 else 's'}"


def check_dom(dump, report_path, contains):
    with open(report_path, encoding="utf-8") as f:
        report = json.load(f)
    findings = report["findings"]
    root = parse(dump)
    elements = list(root.walk())

    expected = Counter((f["rule"], f["severity"], normalized(f["path"]), str(f["line"])) for f in findings)
    shown = [e for e in elements if "finding" in e.classes]
    found = Counter((e.attrs.get("data-rule"), e.attrs.get("data-severity"), e.attrs.get("data-path"),
                     e.attrs.get("data-line")) for e in shown)
    missing, extra = expected - found, found - expected
    result(not missing and not extra,
           f"each of the {len(findings)} findings of the JSON report is in the DOM exactly once "
           f"({len(shown)} finding elements" + (f"; missing {sorted(missing)[:3]}" if missing else "")
           + (f"; unexpected {sorted(extra)[:3]}" if extra else "") + ")")
    result(all(e.tag == "article" and e.attrs.get("id") for e in shown), "every finding is an <article> with an id")
    result(not any("hidden" in e.attrs for e in shown), "every finding is visible when all filters are ticked")
    # Findings first: on a phone the first screen shows a finding, not the tables of counts.
    summary_at = next((i for i, e in enumerate(elements) if e.attrs.get("id") == "summary"), None)
    first_finding_at = next((i for i, e in enumerate(elements) if "finding" in e.classes), None)
    if findings:
        result(summary_at is not None and first_finding_at is not None and first_finding_at < summary_at,
               "the findings come before the summary's tables")
        # Each finding's source is shown with up to two lines around it (unmarked).
        with_context = [e for e in shown if any("context" in x.classes for x in e.walk())]
        result(len(with_context) == len(shown),
               f"every finding shows lines around its own ({len(with_context)} of {len(shown)})")

    titles = [e.all_text() for e in elements if e.tag == "title"]
    want_title = "statelint: " + (plural(len(findings), "finding") if findings else "no findings")
    result(titles == [want_title], f"the title is '{want_title}' (found {titles})")

    summary = report["summary"]
    severity_counts = {e.attrs["data-severity"]: [c.attrs.get("data-count") for c in e.walk() if "data-count" in c.attrs]
                       for e in elements if e.tag == "tr" and "data-severity" in e.attrs}
    want = {"error": [str(summary["errors"])], "warning": [str(summary["warnings"])], "info": [str(summary["notes"])]}
    result(severity_counts == want, f"the summary counts per severity match the JSON summary ({want})")
    rule_counts = {e.attrs["data-rule"]: [c.attrs.get("data-count") for c in e.walk() if "data-count" in c.attrs]
                   for e in elements if e.tag == "tr" and "data-rule" in e.attrs}
    want_rules = {rule: [str(n)] for rule, n in Counter(f["rule"] for f in findings).items()}
    result(rule_counts == want_rules, f"the summary counts per rule match the JSON findings ({len(want_rules)} rules)")
    problems = sorted(e.attrs.get("data-path") for e in elements if "problem" in e.classes)
    want_problems = sorted(normalized(p["path"]) for p in report["problems"])
    result(problems == want_problems, f"the files not linted are listed ({len(want_problems)})")

    # Nothing external, and nothing runs but the page's own script.
    scripts = [e for e in elements if e.tag == "script"]
    result(len(scripts) == (1 if findings else 0) and not any("src" in e.attrs for e in scripts),
           f"{len(scripts)} inline script element(s), none with src")
    loading = [(e.tag, name, value) for e in elements for name, value in e.attrs.items()
               if name in ("src", "srcset", "action", "formaction", "poster", "data", "background", "ping")
               or (name == "href" and not (value or "").startswith("#"))]
    banned = [e.tag for e in elements if e.tag in ("link", "img", "iframe", "object", "embed", "base", "frame", "video", "audio")]
    handlers = [(e.tag, name) for e in elements for name in e.attrs if name.startswith("on")]
    result(not loading and not banned and not handlers,
           f"no external asset, no link but to the page itself, no event handler attribute "
           f"({(loading + banned + handlers)[:3]})")
    styles = " ".join(e.all_text() for e in elements if e.tag == "style")
    result("url(" not in styles and "@import" not in styles, "the style sheet loads nothing (no url(), no @import)")
    csp = [e.attrs.get("content", "") for e in elements
           if e.tag == "meta" and (e.attrs.get("http-equiv") or "").lower() == "content-security-policy"]
    result(len(csp) == 1 and "default-src 'none'" in csp[0], "a Content Security Policy with default-src 'none'")

    if findings:
        forms = [e for e in elements if e.attrs.get("id") == "filters"]
        result(len(forms) == 1 and "hidden" not in forms[0].attrs,
               "the page's script ran under its CSP: the filters are shown")
        status = [e.all_text() for e in elements if e.attrs.get("id") == "shown"]
        want_status = f"{len(findings)} of {plural(len(findings), 'finding')} shown"
        result(status == [want_status], f"the filter status reads '{want_status}' ({status})")
    else:
        text = root.all_text()
        result("No findings" in text and not shown, "an empty report says 'No findings'")
    text = root.all_text()
    for needle in contains:
        result(needle in text, f"the page's text contains {needle!r}")


# MARK: - The phone frame

FRAME = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>probe</title>
<style>html, body {{ margin: 0; padding: 0; overflow: hidden; background: #777; }}
iframe {{ display: block; border: 0; width: {width}px; height: {height}px; }}</style></head>
<body><iframe id="report" srcdoc="{srcdoc}"></iframe><pre id="probe-result"></pre>
<script>
var plan = {plan};
var frame = document.getElementById("report");
var done = false;
function luminance(rgb) {{
  var c = rgb.map(function (v) {{ v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }});
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}}
function channels(color) {{ return (color.match(/[\\d.]+/g) || []).map(Number); }}
function probe() {{
  if (done) {{ return; }}
  done = true;
  var doc = frame.contentDocument, win = frame.contentWindow, out = {{}};
  try {{
    out.innerWidth = win.innerWidth;
    out.clientWidth = doc.documentElement.clientWidth;
    out.scrollWidth = doc.documentElement.scrollWidth;
    out.bodyScrollWidth = doc.body.scrollWidth;
    out.overflowX = [win.getComputedStyle(doc.documentElement).overflowX, win.getComputedStyle(doc.body).overflowX];
    out.dark = win.matchMedia("(prefers-color-scheme: dark)").matches;
    out.styled = win.getComputedStyle(doc.querySelector(".page")).maxWidth;
    out.wide = [];
    Array.prototype.forEach.call(doc.querySelectorAll("body *"), function (e) {{
      if (e.closest("pre")) {{ return; }}
      var r = e.getBoundingClientRect();
      if (r.width > 0 && r.right > out.clientWidth + 0.5 && out.wide.length < 5) {{
        out.wide.push(e.tagName + "." + e.className + " right=" + Math.round(r.right));
      }}
    }});
    out.scrollingCode = Array.prototype.filter.call(doc.querySelectorAll("pre"), function (p) {{
      return p.scrollWidth > p.clientWidth;
    }}).length;
    out.contrast = [];
    plan.contrast.forEach(function (item) {{
      var e = doc.querySelector(item[0]);
      if (!e) {{ return; }}
      var fg = channels(win.getComputedStyle(e, item[1] || null).color);
      var b = e, bg = null;
      while (b && !bg) {{
        var c = channels(win.getComputedStyle(b).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] > 0)) {{ bg = c; }}
        b = b.parentElement;
      }}
      bg = bg || (out.dark ? [0, 0, 0] : [255, 255, 255]);
      var l1 = luminance(fg.slice(0, 3)), l2 = luminance(bg.slice(0, 3));
      out.contrast.push([item[0] + (item[1] || ""), Math.round(((Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05)) * 100) / 100]);
    }});
    var form = doc.getElementById("filters");
    var findings = Array.prototype.slice.call(doc.querySelectorAll(".finding"));
    var visible = function () {{ return findings.filter(function (f) {{ return f.getClientRects().length > 0; }}).length; }};
    var visibleRules = function () {{
      return Array.prototype.filter.call(doc.querySelectorAll(".rule"), function (r) {{ return r.getClientRects().length > 0; }}).length;
    }};
    var box = function (name, value) {{
      return Array.prototype.filter.call(form.querySelectorAll("input[type=checkbox]"), function (b) {{
        return b.name === name && b.value === value;
      }})[0];
    }};
    var set = function (b, on) {{ b.checked = on; b.dispatchEvent(new win.Event("change", {{ bubbles: true }})); }};
    out.filterShown = !!form && !form.hidden && form.getClientRects().length > 0;
    out.counts = [visible()];
    var severity = box("severity", plan.severity), rule = box("rule", plan.rule);
    set(severity, false);
    out.counts.push(visible());
    out.status = doc.getElementById("shown").textContent;
    set(severity, true); set(rule, false);
    out.counts.push(visible());
    out.rulesShown = visibleRules();
    set(severity, false);
    out.counts.push(visible());
    doc.getElementById("show-all").click();
    out.counts.push(visible());
  }} catch (error) {{
    out.error = String(error);
  }}
  document.getElementById("probe-result").textContent = JSON.stringify(out);
}}
frame.addEventListener("load", probe);
if (frame.contentDocument && frame.contentDocument.readyState === "complete" && frame.contentDocument.getElementById("filters")) {{
  probe();
}}
</script></body></html>
"""

# Elements whose text must keep a contrast of 4.5:1 against what is behind it (pseudo-element second).
CONTRAST = [["body", ""], [".lede", ""], ["h2", ""], [".message", ""], [".loc", ""], [".sev-error", ""],
            [".sev-warning", ""], [".sev-info", ""], [".count", ""], ["thead th", ""], [".rule-name", ""],
            [".rule-summary code", ""], ["details.rationale summary", ""], ["pre.source code", ""],
            [".line", "::before"], ["mark", ""], [".note-label", ""], [".help", ""], [".muted", ""], [".diff del", ""],
            [".diff ins", ""], ["legend", ""], ["button", ""], ["#shown", ""], [".page-foot p", ""]]


def plan_for(report):
    findings = report["findings"]
    severities = Counter(f["severity"] for f in findings)
    rules = Counter(f["rule"] for f in findings)
    # The commonest severity and the commonest rule (ties by name): unticking them leaves something visible
    # unless everything shares them.
    severity = sorted(severities, key=lambda s: (-severities[s], s))[0]
    rule = sorted(rules, key=lambda r: (-rules[r], r))[0]
    n = len(findings)
    expected = [n, n - severities[severity], n - rules[rule],
                n - sum(1 for f in findings if f["severity"] == severity or f["rule"] == rule), n]
    return severity, rule, expected, len(rules)


def write_frame(report_html, report_path, out):
    with open(report_path, encoding="utf-8") as f:
        report = json.load(f)
    severity, rule, _, _ = plan_for(report)
    with open(report_html, encoding="utf-8") as f:
        page = f.read()
    plan = json.dumps({"severity": severity, "rule": rule, "contrast": CONTRAST}).replace("<", "\\u003c")
    with open(out, "w", encoding="utf-8") as f:
        f.write(FRAME.format(width=PHONE_WIDTH, height=PHONE_HEIGHT, srcdoc=html.escape(page, quote=True), plan=plan))


def check_probe(dump, report_path, scheme):
    with open(report_path, encoding="utf-8") as f:
        report = json.load(f)
    severity, rule, expected, rule_count = plan_for(report)
    texts = [e.all_text() for e in parse(dump).walk() if e.attrs.get("id") == "probe-result"]
    try:
        out = json.loads(texts[0])
    except (IndexError, ValueError):
        result(False, f"{scheme}: the frame page wrote its probe results ({texts[:1]})")
        return
    result("error" not in out, f"{scheme}: the probe ran without error ({out.get('error', 'none')})")
    if "error" in out:
        return
    result(out["innerWidth"] == PHONE_WIDTH, f"{scheme}: the report is laid out {out['innerWidth']} CSS px wide (a phone: {PHONE_WIDTH})")
    result(out["scrollWidth"] <= out["clientWidth"] and out["bodyScrollWidth"] <= out["clientWidth"] and not out["wide"],
           f"{scheme}: no horizontal page scroll at {PHONE_WIDTH} px (scrollWidth {out['scrollWidth']}, body "
           f"{out['bodyScrollWidth']}, viewport {out['clientWidth']}; too wide: {out['wide'] or 'nothing'}; "
           f"{out['scrollingCode']} code blocks scroll inside themselves)")
    result(out["overflowX"] == ["visible", "visible"], f"{scheme}: the page does not hide its overflow ({out['overflowX']})")
    result(out["dark"] == (scheme == "dark"), f"{scheme}: prefers-color-scheme is {'dark' if out['dark'] else 'light'}")
    result(out["styled"] == "1152px", f"{scheme}: the page's style sheet applies under its CSP (max-width {out['styled']})")
    low = [(name, ratio) for name, ratio in out["contrast"] if ratio < 4.5]
    result(len(out["contrast"]) == len(CONTRAST) and not low,
           f"{scheme}: text contrast is at least 4.5:1 for {len(out['contrast'])} kinds of text "
           f"(lowest {min(out['contrast'], key=lambda c: c[1]) if out['contrast'] else None}; below: {low or 'none'})")
    result(out["filterShown"], f"{scheme}: the filters are shown")
    result(out["counts"] == expected,
           f"{scheme}: filters leave {out['counts']} findings visible: all, without {severity}, without {rule}, "
           f"without both, after 'Show all' (expected {expected})")
    result(out["rulesShown"] == rule_count - 1, f"{scheme}: unticking {rule} hides its section ({out['rulesShown']} of {rule_count} shown)")
    want_status = f"{expected[1]} of {plural(expected[0], 'finding')} shown"
    result(out["status"] == want_status, f"{scheme}: the status reads '{out['status']}' (expected '{want_status}')")


# MARK: - Screenshots

def read_png(path):
    """Width, height and rows of RGB(A) or grey 8-bit pixels of a PNG (non-interlaced), decoded here."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if zlib.crc32(kind + body) != struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0]:
            raise ValueError(f"bad CRC in {kind!r}")
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(color)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {color}, interlace {interlace}")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def mean_luminance(path):
    width, height, channels, rows = read_png(path)
    total, colors = 0.0, Counter()
    for row in rows:
        for x in range(0, width * channels, channels):
            pixel = row[x:x + 3] if channels >= 3 else row[x:x + 1] * 3
            colors[pixel] += 1
            total += 0.2126 * pixel[0] + 0.7152 * pixel[1] + 0.0722 * pixel[2]
    return total / (width * height), colors


def check_png(path, width, height):
    with open(path, "rb") as f:
        head = f.read(24)
    ok = head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
    size = struct.unpack(">II", head[16:24]) if ok else None
    result(size == (width, height), f"{path}: {size[0] if size else '?'} x {size[1] if size else '?'} px, the window's size ({width} x {height})")
    luminance, colors = mean_luminance(path)
    commonest = colors.most_common(1)[0][1] / (width * height)
    result(len(colors) >= 16 and commonest < 0.97,
           f"{path}: not blank ({len(colors)} colours, the commonest covers {commonest:.0%}; mean luminance {luminance:.1f})")


def check_darker(dark, light):
    d, _ = mean_luminance(dark)
    l, _ = mean_luminance(light)
    result(d < l * 0.5, f"dark mode is dark: mean luminance {d:.1f} ({dark}) against {l:.1f} ({light})")


def main(argv):
    if len(argv) >= 3 and argv[1] == "dom":
        contains = [argv[i + 1] for i in range(4, len(argv) - 1) if argv[i] == "--contains"]
        check_dom(argv[2], argv[3], contains)
    elif len(argv) == 5 and argv[1] == "frame":
        write_frame(argv[2], argv[3], argv[4])
    elif len(argv) == 5 and argv[1] == "probe" and argv[4] in ("light", "dark"):
        check_probe(argv[2], argv[3], argv[4])
    elif len(argv) == 5 and argv[1] == "png":
        check_png(argv[2], int(argv[3]), int(argv[4]))
    elif len(argv) == 4 and argv[1] == "darker":
        check_darker(argv[2], argv[3])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
