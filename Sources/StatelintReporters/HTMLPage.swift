import Foundation

/// The fixed parts of the HTML report: its style sheet, its script and the Content Security Policy that
/// allows exactly those two (by SHA-256) and nothing else.
enum HTMLPage {
    /// The `<style>` element's text. No `<` or `&` in it (the page is also well-formed XML).
    static let style = """

        :root {
          color-scheme: light dark;
          --bg: #ffffff; --fg: #1f2328; --muted: #57606a; --line: #d0d7de; --panel: #f6f8fa; --code: #f6f8fa;
          --link: #0550ae; --mark: #ffdf5d; --mark-fg: #1f2328; --point: #bf3989;
          --error: #b3261e; --warning: #8a4b00; --info: #0b5cad; --badge-fg: #ffffff;
          --del: #ffebe9; --del-fg: #82071e; --ins: #dafbe1; --ins-fg: #116329;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #0d1117; --fg: #e6edf3; --muted: #9ea7b3; --line: #3d444d; --panel: #151b23; --code: #151b23;
            --link: #6cb6ff; --mark: #7a5c00; --mark-fg: #ffffff; --point: #f778ba;
            --error: #ff8e86; --warning: #e3b341; --info: #79c0ff; --badge-fg: #0d1117;
            --del: #3c1618; --del-fg: #ffc1bc; --ins: #12301d; --ins-fg: #aff5b4;
          }
        }
        *, *::before, *::after { box-sizing: border-box; }
        [hidden] { display: none !important; }
        html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
        body {
          margin: 0; background: var(--bg); color: var(--fg);
          font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif;
        }
        .page { max-width: 72rem; margin: 0 auto; padding: 1rem; }
        h1 { font-size: 1.6rem; margin: 0.25rem 0; }
        h2 { font-size: 1.3rem; margin: 2rem 0 0.5rem; padding-bottom: 0.25rem; border-bottom: 1px solid var(--line); }
        h3 { font-size: 1rem; margin: 1.25rem 0 0.5rem; }
        a { color: var(--link); }
        p, li, td, h1, h2, h3, label, .path, .loc { overflow-wrap: anywhere; }
        .count, .sev, th { overflow-wrap: normal; white-space: nowrap; }
        code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 0.875rem; }
        .lede, .muted, .page-foot { color: var(--muted); }
        .count {
          display: inline-block; min-width: 1.6em; padding: 0 0.45em; border-radius: 1em; border: 1px solid var(--line);
          background: var(--panel); color: var(--fg); font-size: 0.8rem; font-weight: 600; text-align: center;
        }
        .sev {
          display: inline-block; padding: 0 0.55em; border-radius: 1em; font-size: 0.8rem; font-weight: 700;
          letter-spacing: 0.02em; color: var(--badge-fg); background: var(--sev);
        }
        .sev-error, .finding[data-severity="error"] { --sev: var(--error); }
        .sev-warning, .finding[data-severity="warning"] { --sev: var(--warning); }
        .sev-info, .finding[data-severity="info"] { --sev: var(--info); }
        .summary-grid { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: flex-start; }
        .summary-grid > table { flex: 1 1 20rem; min-width: 0; }
        .summary-grid > .severity-counts { flex: 0 1 14rem; }
        table { border-collapse: collapse; }
        th, td { padding: 0.3rem 0.5rem; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
        thead th { font-size: 0.85rem; color: var(--muted); }
        .num { text-align: right; font-variant-numeric: tabular-nums; }
        .problems ul { padding-left: 1.25rem; }
        .problems .path, .file h3 .path { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; }
        .filters { margin: 1.5rem 0; padding: 0.25rem 0.75rem 0.75rem; border: 1px solid var(--line); border-radius: 8px; background: var(--panel); }
        .filters h2 { margin: 0.5rem 0; border: 0; font-size: 1.1rem; }
        fieldset { margin: 0 0 0.5rem; padding: 0; border: 0; min-width: 0; }
        legend { padding: 0; font-weight: 600; font-size: 0.9rem; }
        fieldset label { display: inline-flex; align-items: center; gap: 0.35em; min-height: 2rem; margin-right: 1rem; }
        .filter-status { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; }
        button { font: inherit; font-size: 0.9rem; padding: 0.2rem 0.75rem; min-height: 2rem; border-radius: 6px;
          border: 1px solid var(--line); background: var(--bg); color: var(--fg); cursor: pointer; }
        .rule > h2 code { font-size: 1.1rem; }
        .rule-name { color: var(--muted); font-weight: 400; font-size: 1rem; }
        .about { max-width: 48rem; }
        .rule-summary { margin: 0.25rem 0; }
        details.rationale { margin: 0.25rem 0 0.75rem; }
        details.rationale summary { cursor: pointer; color: var(--link); }
        .file > h3 { margin-top: 1.5rem; }
        .finding {
          margin: 0.75rem 0; padding: 0.6rem 0.85rem; border: 1px solid var(--line); border-left: 4px solid var(--sev);
          border-radius: 6px; background: var(--bg);
        }
        .finding > p { margin: 0.3rem 0; }
        .finding-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.25rem 0.6rem; }
        .loc { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 0.85rem; }
        .message { font-weight: 600; }
        pre {
          margin: 0.4rem 0; padding: 0.45rem 0.7rem; overflow-x: auto; tab-size: 4; line-height: 1.45;
          background: var(--code); color: var(--fg); border: 1px solid var(--line); border-radius: 6px;
        }
        pre code { white-space: pre; }
        .line::before {
          content: attr(data-n); display: inline-block; min-width: 3ch; margin-right: 1.25ch; text-align: right;
          color: var(--muted); -webkit-user-select: none; user-select: none;
        }
        mark { background: var(--mark); color: var(--mark-fg); border-radius: 2px; padding: 0.05em 0; }
        mark.point {
          display: inline-block; width: 0.5ch; height: 1.2em; vertical-align: text-bottom;
          background: var(--point); margin: 0 0.1ch; padding: 0;
        }
        .gap { display: block; color: var(--muted); font-style: italic; }
        .line.context { color: var(--muted); }
        .filter-choices > summary { cursor: pointer; }
        .filter-choices > summary h2 { display: inline; }
        .notes { margin: 0.4rem 0; padding-left: 1.25rem; }
        .note { margin: 0.3rem 0; }
        .note-label { font-weight: 700; color: var(--muted); }
        .help { color: var(--fg); }
        .fix > p { margin: 0.3rem 0; }
        .diff code { display: inline-block; min-width: 100%; }
        .diff del, .diff ins { display: block; text-decoration: none; }
        .diff del { background: var(--del); color: var(--del-fg); }
        .diff ins { background: var(--ins); color: var(--ins-fg); }
        .diff del::before { content: "- "; }
        .diff ins::before { content: "+ "; }
        .none { font-size: 1.25rem; font-weight: 600; padding: 1rem; border: 1px solid var(--line); border-radius: 8px; background: var(--panel); }
        .page-foot { margin-top: 2.5rem; padding-top: 0.5rem; border-top: 1px solid var(--line); font-size: 0.85rem; }
        @media (max-width: 30rem) {
          .page { padding: 0.75rem; }
          .rule-counts .name { display: none; }
          h1 { font-size: 1.35rem; }
          .finding { padding: 0.5rem 0.6rem; }
          pre { padding: 0.4rem 0.5rem; }
        }
        @media print {
          .filters { display: none; }
          .finding { break-inside: avoid; }
          pre { white-space: pre-wrap; }
        }

        """

    /// The `<script>` element's text: the filters. It reads only the page's own attributes (no report data is
    /// written into it). In a CDATA section for XML readers; no `]]>` in it.
    static let script = """
        //<![CDATA[
        (function () {
          "use strict";
          var form = document.getElementById("filters");
          if (!form) { return; }
          var findings = Array.prototype.slice.call(document.querySelectorAll(".finding"));
          var groups = Array.prototype.slice.call(document.querySelectorAll(".rule, .file"));
          var status = document.getElementById("shown");
          var boxes = Array.prototype.slice.call(form.querySelectorAll("input[type=checkbox]"));
          function ticked(name) {
            var on = Object.create(null);
            boxes.forEach(function (box) { if (box.name === name && box.checked) { on[box.value] = true; } });
            return on;
          }
          function apply() {
            var severities = ticked("severity"), rules = ticked("rule"), shown = 0;
            findings.forEach(function (finding) {
              var visible = severities[finding.getAttribute("data-severity")] === true
                && rules[finding.getAttribute("data-rule")] === true;
              finding.hidden = !visible;
              if (visible) { shown += 1; }
            });
            groups.forEach(function (group) { group.hidden = group.querySelector(".finding:not([hidden])") === null; });
            status.textContent = shown + " of " + findings.length + (findings.length === 1 ? " finding" : " findings") + " shown";
          }
          form.addEventListener("change", apply);
          form.addEventListener("submit", function (event) { event.preventDefault(); });
          document.getElementById("show-all").addEventListener("click", function () {
            boxes.forEach(function (box) { box.checked = true; });
            apply();
          });
          form.hidden = false;
          apply();
        })();
        //]]>
        """

    /// Nothing may load; only this page's style and script may apply and run.
    static let contentSecurityPolicy = "default-src 'none'; style-src '\(hashSource(style))'; "
        + "script-src '\(hashSource(script))'; base-uri 'none'; form-action 'none'"

    /// A CSP hash source: `sha256-` and the Base64 of the SHA-256 of the text's UTF-8.
    static func hashSource(_ text: String) -> String {
        "sha256-" + Data(SHA256.hash(Array(text.utf8))).base64EncodedString()
    }
}

/// SHA-256 (FIPS 180-4), for the page's CSP hashes.
enum SHA256 {
    /// The round constants: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The 32-byte digest of `message`.
    static func hash(_ message: [UInt8]) -> [UInt8] {
        // The first 32 bits of the fractional parts of the square roots of the first 8 primes.
        var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        var data = message
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        let bits = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }

        func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        var w = [UInt32](repeating: 0, count: 64)
        for block in stride(from: 0, to: data.count, by: 64) {
            for i in 0..<16 {
                let j = block + 4 * i
                w[i] = UInt32(data[j]) << 24 | UInt32(data[j + 1]) << 16 | UInt32(data[j + 2]) << 8 | UInt32(data[j + 3])
            }
            for i in 16..<64 {
                let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for i in 0..<64 {
                let t1 = hh &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[i] &+ w[i]
                let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            for (i, v) in [a, b, c, d, e, f, g, hh].enumerated() { h[i] = h[i] &+ v }
        }
        return h.flatMap { v in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> UInt32($0)) } }
    }
}
