/// The style sheet and script inlined into `report.html`. Nothing is loaded from the network.
enum HTMLAssets {
    static let css = #"""
    :root{--bg:#f6f8fa;--panel:#fff;--text:#1f2328;--muted:#59636e;--border:#d1d9e0;--head:#f6f8fa;
    --pass:#1a7f37;--pass-bg:#dafbe1;--fail:#cf222e;--fail-bg:#ffebe9;--error:#9a6700;--error-bg:#fff8c5;
    --na:#8c959f;--accent:#0969da;--row-hover:#f3f6fa;--code-bg:#f6f8fa;--toolbar-h:56px;
    --mono:ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,"Liberation Mono",monospace;
    font-family:system-ui,-apple-system,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif;color-scheme:light dark}
    @media (prefers-color-scheme:dark){:root{--bg:#0d1117;--panel:#151b23;--text:#e6edf3;--muted:#9198a1;--border:#3d444d;
    --head:#1b222c;--pass:#3fb950;--pass-bg:rgba(46,160,67,.18);--fail:#f85149;--fail-bg:rgba(248,81,73,.16);
    --error:#d29922;--error-bg:rgba(187,128,9,.18);--na:#656c76;--accent:#4493f8;--row-hover:#1c2430;--code-bg:#1b222c}}
    *{box-sizing:border-box}
    [hidden]{display:none!important}
    body{margin:0;background:var(--bg);color:var(--text);font-size:14px;line-height:1.45}
    code,pre,.mono{font-family:var(--mono);font-size:12.5px}
    a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}
    .wrap{max-width:1440px;margin:0 auto;padding:0 24px}
    .muted{color:var(--muted)}
    header.top{background:#1f2328;color:#f0f3f6;padding:14px 0}
    header.top .wrap{display:flex;flex-wrap:wrap;align-items:baseline;gap:6px 24px}
    .brand{font-size:18px;font-weight:650;letter-spacing:-.01em;display:flex;align-items:center;gap:8px}
    .brand span:not(.logo){font-weight:400;color:#9198a1}
    .logo{display:inline-grid;place-items:center;width:24px;height:24px;border-radius:6px;background:#2da44e;color:#fff;font-size:15px}
    header .meta{color:#c9d1d9;font-size:13px}header .meta code{color:#fff;background:rgba(255,255,255,.1);padding:1px 5px;border-radius:4px}
    .dot{color:#6e7681;margin:0 2px}
    main.wrap{padding-top:20px;padding-bottom:8px}
    .verdict{display:flex;align-items:center;gap:12px;padding:14px 18px;border-radius:10px;border:1px solid;font-size:16px;margin-bottom:14px}
    .verdict strong{margin-right:6px}
    .verdict.ok{background:var(--pass-bg);border-color:var(--pass);color:var(--text)}
    .verdict.bad{background:var(--fail-bg);border-color:var(--fail)}
    .verdict.warn{background:var(--error-bg);border-color:var(--error)}
    .verdict-icon{display:inline-grid;place-items:center;width:28px;height:28px;border-radius:50%;color:#fff;font-weight:700;flex:none}
    .ok .verdict-icon{background:var(--pass)}.bad .verdict-icon{background:var(--fail)}.warn .verdict-icon{background:var(--error)}
    .cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(130px,1fr));gap:10px;margin-bottom:10px}
    .card{background:var(--panel);border:1px solid var(--border);border-radius:10px;padding:12px 16px}
    .card .num{font-size:26px;font-weight:650;font-variant-numeric:tabular-nums;letter-spacing:-.02em}
    .card .label{color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.06em}
    .card.pass .num{color:var(--pass)}.card.fail .num{color:var(--fail)}.card.error .num{color:var(--error)}
    .bar{display:flex;height:8px;border-radius:4px;overflow:hidden;background:var(--border);margin-bottom:18px}
    .bar .pass{background:var(--pass)}.bar .fail{background:var(--fail)}.bar .error{background:var(--error)}
    .panel{background:var(--panel);border:1px solid var(--border);border-radius:10px;padding:4px 0 0;margin-bottom:18px}
    .panel>h2,.panel>p{padding:0 16px}
    h2{font-size:16px;margin:12px 0 6px;font-weight:650}
    h3{font-size:13px;margin:0 0 6px}
    .baseline{display:grid;grid-template-columns:repeat(3,1fr);gap:0;border-top:1px solid var(--border)}
    .base{padding:10px 16px;border-right:1px solid var(--border)}.base:last-child{border-right:0}
    .base ul{margin:0;padding-left:18px;max-height:160px;overflow:auto;font-family:var(--mono);font-size:12.5px}
    .base.fail h3{color:var(--fail)}.base.pass h3{color:var(--pass)}.base.error h3{color:var(--error)}
    .count{display:inline-block;min-width:20px;padding:0 6px;border-radius:10px;background:var(--border);color:var(--text);font-size:11.5px;text-align:center;font-weight:600}
    .toolbar{position:sticky;top:0;z-index:5;background:var(--bg);padding:8px 0;margin:0 -2px 8px}
    .wrap-inner{display:flex;flex-wrap:wrap;gap:8px;align-items:center;background:var(--panel);border:1px solid var(--border);border-radius:10px;padding:8px 10px;box-shadow:0 1px 3px rgba(31,35,40,.06)}
    #f-search{flex:1 1 170px;min-width:140px;padding:7px 10px;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--text);font:inherit}
    select{padding:6px 8px;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--text);font:inherit;max-width:190px}
    .seg{display:inline-flex;border:1px solid var(--border);border-radius:6px;overflow:hidden}
    .seg button{border:0;border-right:1px solid var(--border);background:var(--panel);color:var(--text);padding:6px 9px;font:inherit;cursor:pointer}
    .seg button:last-child{border-right:0}
    .seg button[aria-pressed="true"]{background:var(--accent);color:#fff}.seg button[aria-pressed="true"] .count{background:rgba(255,255,255,.25);color:#fff}
    button.link{border:0;background:none;color:var(--accent);cursor:pointer;font:inherit}
    .count-group{margin-left:auto;display:inline-flex;gap:10px;align-items:center;white-space:nowrap}
    #f-count{font-variant-numeric:tabular-nums}
    table.grid{width:100%;border-collapse:separate;border-spacing:0}
    .grid th{position:sticky;top:var(--toolbar-h);z-index:2;background:var(--head);text-align:left;font-weight:600;font-size:12px;color:var(--muted);
    padding:7px 10px;border-top:1px solid var(--border);border-bottom:1px solid var(--border);white-space:nowrap;box-shadow:1px 0 0 var(--head)}
    .grid td{padding:6px 10px;border-bottom:1px solid var(--border);vertical-align:top}
    .grid th.c-check,.grid td.cell{text-align:center;width:1%}
    .grid th.c-time,.grid td.time,.grid .num{text-align:right;font-variant-numeric:tabular-nums;width:1%}
    .grid th.c-status{width:1%}
    tr.group th{position:static;background:var(--panel);color:var(--text);font-size:13px;padding-top:14px;border-top:0}
    tr.group .muted{font-weight:400;margin-left:8px}
    tr.case{cursor:pointer}tr.case:hover td{background:var(--row-hover)}tr.case:focus-visible{outline:2px solid var(--accent);outline-offset:-2px}
    tr.case.open td{background:var(--row-hover);border-bottom-color:transparent}
    .name{font-family:var(--mono);font-size:12.5px;word-break:break-all}
    .tw{display:inline-block;width:12px;color:var(--muted);transition:transform .12s}
    tr.open .tw{transform:rotate(90deg)}
    .sub{color:var(--muted);font-size:12px;margin-top:2px;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;word-break:normal}
    .badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;white-space:nowrap}
    .badge.passed{background:var(--pass-bg);color:var(--pass)}.badge.failed{background:var(--fail-bg);color:var(--fail)}.badge.error{background:var(--error-bg);color:var(--error)}.badge.xfail{background:var(--border);color:var(--muted)}
    .mark{display:inline-grid;place-items:center;width:22px;height:22px;border-radius:5px;font-weight:700;font-size:12px}
    .mark.pass{background:var(--pass-bg);color:var(--pass)}
    .mark.fail{background:var(--fail);color:#fff}
    .mark.na{color:var(--na);font-weight:400}
    .legend{font-size:12.5px}.legend .mark{margin:0 2px 0 8px;width:18px;height:18px}
    tr.detail td{background:var(--row-hover);padding:4px 16px 16px 48px}
    .detail h4{margin:14px 0 6px;font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
    .facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:8px 0 0;font-size:13px}
    .facts dt{color:var(--muted)}.facts dd{margin:0;word-break:break-all}
    .unmet{border:1px solid var(--fail);border-left-width:4px;border-radius:6px;background:var(--panel);padding:8px 12px;margin-bottom:8px}
    .unmet .head{font-size:12.5px;color:var(--muted);margin-bottom:4px}
    .um{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;font-size:12.5px;margin-top:4px;word-break:normal;color:var(--text)}
    .um code{font-size:11.5px}
    .chip{display:inline-block;background:var(--fail-bg);color:var(--fail);border-radius:4px;padding:0 6px;font-weight:600;margin-right:6px}
    .ea{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;font-size:13px}
    .ea .k{color:var(--muted)}
    pre.excerpt{background:var(--code-bg);border:1px solid var(--border);border-radius:6px;padding:8px 10px;margin:8px 0 0;overflow:auto;max-height:220px;white-space:pre}
    .errbox{border:1px solid var(--error);border-left-width:4px;background:var(--panel);border-radius:6px;padding:8px 12px}
    table.inner{border-collapse:collapse;width:100%;background:var(--panel);border:1px solid var(--border);border-radius:6px;font-size:12.5px}
    table.inner th,table.inner td{text-align:left;padding:4px 8px;border-bottom:1px solid var(--border);vertical-align:top}
    table.inner th{position:static;background:var(--head);color:var(--muted);font-weight:600}
    table.inner td.u{font-family:var(--mono);word-break:break-all}
    .sev{display:inline-block;border-radius:4px;padding:0 6px;font-size:11.5px;font-weight:600}
    .sev.error{background:var(--fail-bg);color:var(--fail)}.sev.warning{background:var(--error-bg);color:var(--error)}.sev.info{background:var(--border);color:var(--muted)}
    .hop{display:inline-block;min-width:22px;text-align:center;border-radius:4px;background:var(--border);font-size:11.5px;font-weight:600}
    ol.chain{margin:0;padding-left:22px;font-size:12.5px}ol.chain li{margin:2px 0}
    #rules tr.gap td:first-child{box-shadow:inset 3px 0 0 var(--error)}
    #rules.gaps-only tbody tr:not(.gap){display:none}
    .gap-note{color:var(--error);font-size:12.5px}
    td.bad{color:var(--fail);font-weight:600}
    button.more{display:block;margin:12px auto 16px;padding:7px 16px;border:1px solid var(--border);border-radius:6px;background:var(--panel);color:var(--accent);font:inherit;cursor:pointer}
    #empty{padding:12px 16px}
    footer{color:var(--muted);font-size:12px;padding:8px 24px 28px}
    @media (max-width:800px){.baseline{grid-template-columns:1fr}.base{border-right:0;border-bottom:1px solid var(--border)}tr.detail td{padding-left:16px}}

    """#

    static let script = #"""
    (function () {
      'use strict';
      var DATA = JSON.parse(document.getElementById('conform-data').textContent);
      var cases = DATA.cases || expand(DATA), columns = DATA.columns, suites = {};
      // A page too large to embed every case whole: rows for every case, details for some (see the
      // note above the matrix), merged into the same case objects.
      function expand(d) {
        var out = new Array(d.rows.length), L = d.labels, R = d.rules, S = d.suites, passing = 0, detailed = 0;
        for (var i = 0; i < d.rows.length; i++) {
          var r = d.rows[i], suite = S[r[1]].name;
          out[i] = { id: r.length > 9 ? r[9] : suite + '/' + r[0], name: r[0], suite: suite, status: L[r[2]], cells: r[3], ms: r[4],
            kind: L[r[5]], exp: r[6] < 0 ? undefined : L[r[6]], act: L[r[7]], rules: r[8] ? r[8].map(function (k) { return R[k]; }) : undefined,
            file: '', rowOnly: true };
          if (out[i].status === 'passed') passing++;
        }
        JSON.parse(document.getElementById('conform-details').textContent).forEach(function (p) {
          if (out[p[0]].status === 'passed' && !p[1].xf) detailed++;
          out[p[0]] = p[1];
        });
        var left = 0;
        out.forEach(function (c) { if (c.rowOnly) left++; });
        var note = document.getElementById('omitted-count');
        if (note) note.textContent = 'the details of ' + num(detailed) + ' of ' + plural(passing, 'passing case') + ' are embedded, ' +
          'the other ' + num(left) + ' are rows only';
        DATA.rowOnly = left;
        return out;
      }
      DATA.suites.forEach(function (s) { suites[s.name] = s; });
      var tbody = document.getElementById('case-rows');
      var search = document.getElementById('f-search');
      var suiteSel = document.getElementById('f-suite');
      var ruleSel = document.getElementById('f-rule');
      var state = { status: 'all', suite: '', rule: '', q: '', limit: PAGE_SIZE, open: {}, matching: [] };
      var timer = null;

      function esc(s) {
        return String(s == null ? '' : s).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, '').replace(/[&<>"']/g, function (c) {
          return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
        });
      }
      function num(n) { return n.toLocaleString('en-US'); }
      function shellWord(s) { return /^[A-Za-z0-9_.\/:@%+=,-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'"; }
      function plural(n, word) { return num(n) + ' ' + word + (n === 1 ? '' : 's'); }
      function short(t) { t = String(t == null ? '' : t); return t.length > 160 ? t.slice(0, 160) + '\u2026' : t; }
      function pos(o) { return o.line ? (o.line + (o.col ? ':' + o.col : '')) : ''; }
      function haystack(c) {
        if (c._s) return c._s;
        var parts = [c.id, c.file, c.kind, c.status, c.exp, c.act, c.err, c.pformat];
        (c.tags || []).forEach(function (t) { parts.push(t); });
        (c.rules || []).forEach(function (r) { parts.push(r); });
        (c.unmet || []).forEach(function (u) { parts.push(u.expected, u.actual); });
        (c.diags || []).forEach(function (d) { parts.push(d.msg); });
        return (c._s = parts.join('\n').toLowerCase());
      }
      function matches(c) {
        var s = state.status;
        if (s === 'problems') { if (c.status === 'passed') return false; }
        else if (s !== 'all' && c.status !== s) return false;
        if (state.suite && c.suite !== state.suite) return false;
        if (state.rule && (!c.rules || c.rules.indexOf(state.rule) < 0)) return false;
        if (state.q) {
          var h = haystack(c), terms = state.q.split(/\s+/);
          for (var i = 0; i < terms.length; i++) if (terms[i] && h.indexOf(terms[i]) < 0) return false;
        }
        return true;
      }
      var CELL = { p: ['pass', '\u2713', 'pass'], f: ['fail', '\u2717', 'fail'], n: ['na', '\u2013', 'not applicable'] };
      function rowHTML(c, i) {
        var h = '<tr class="case s-' + c.status + (state.open[i] ? ' open' : '') + '" data-i="' + i + '" tabindex="0" aria-expanded="' + !!state.open[i] + '">';
        h += '<td><span class="badge ' + c.status + '">' + c.status + '</span>' +
          (c.xf ? ' <span class="badge xfail" title="a deliberately wrong expectation that failed exactly as declared">expected failure</span>' : '') + '</td>';
        h += '<td class="name"><span class="tw">\u25B8</span> ' + esc(c.name);
        var sub = c.kind;
        if (c.exp) sub += ' \u00B7 expected ' + esc(c.exp) + ', got ' + esc(c.act);
        else sub += ' \u00B7 ' + esc(c.act);
        if (c.unmet) sub += ' \u00B7 ' + c.unmet.length + ' unmet';
        if (c.err) sub += ' \u00B7 ' + esc(c.err);
        if (c.xf) sub += ' \u00B7 expected failure: ' + esc(c.xf[0]);
        h += '<div class="sub">' + sub + '</div>';
        if (c.unmet) {
          c.unmet.slice(0, 3).forEach(function (u) {
            h += '<div class="um"><span class="chip">' + esc(u.check) + '</span>expected ' + esc(short(u.expected)) +
              ' <span class="muted">\u2192</span> actual ' + esc(short(u.actual)) +
              (u.rule ? ' <code>' + esc(u.rule) + '</code>' : '') + (u.line ? ' <span class="muted">at ' + pos(u) + '</span>' : '') + '</div>';
          });
          if (c.unmet.length > 3) h += '<div class="um muted">and ' + (c.unmet.length - 3) + ' more</div>';
        }
        h += '</td>';
        for (var k = 0; k < columns.length; k++) {
          var cell = CELL[c.cells.charAt(k)] || CELL.n;
          h += '<td class="cell" title="' + esc(columns[k].label) + ': ' + cell[2] + '"><span class="mark ' + cell[0] + '">' + cell[1] + '</span></td>';
        }
        h += '<td class="time">' + (Math.round(c.ms * 10) / 10) + '</td></tr>';
        if (state.open[i]) h += detailHTML(c);
        return h;
      }
      function table(head, rows) {
        var h = '<table class="inner"><thead><tr>';
        head.forEach(function (x) { h += '<th>' + x + '</th>'; });
        h += '</tr></thead><tbody>' + rows.join('') + '</tbody></table>';
        return h;
      }
      function detailHTML(c) {
        var span = columns.length + 3;
        var h = '<tr class="detail"><td colspan="' + span + '"><div class="detail">';
        if (c.rowOnly) {
          return h + '<p class="muted">This page does not embed this passing case\u2019s details (see the note at the top). Show them with ' +
            '<code>conform report results.json --case ' + esc(shellWord(c.id)) + '</code> in the run\u2019s output folder.</p>' +
            '<dl class="facts"><dt>Kind</dt><dd>' + esc(c.kind) + '</dd>' + (c.exp ? '<dt>Expected verdict</dt><dd>' + esc(c.exp) + '</dd>' : '') +
            '<dt>Actual verdict</dt><dd>' + esc(c.act) + '</dd>' + (c.rules ? '<dt>Rules</dt><dd class="mono">' + c.rules.map(esc).join(', ') + '</dd>' : '') +
            '<dt>Duration</dt><dd>' + (Math.round(c.ms * 100) / 100) + ' ms</dd>' +
            '<dt>Link</dt><dd><a href="#case=' + encodeURIComponent(c.id) + '">#case=' + esc(c.id) + '</a></dd></dl></div></td></tr>';
        }
        h += '<dl class="facts"><dt>File</dt><dd class="mono">' + esc(c.file) + '</dd>';
        h += '<dt>Kind</dt><dd>' + esc(c.kind) + '</dd>';
        if (c.exp) h += '<dt>Expected verdict</dt><dd>' + esc(c.exp) + '</dd>';
        h += '<dt>Actual verdict</dt><dd>' + esc(c.act) + '</dd>';
        if (c.tags) h += '<dt>Tags</dt><dd>' + c.tags.map(esc).join(', ') + '</dd>';
        if (c.xf) h += '<dt>Expected failure</dt><dd>' + esc(c.xf[0]) + '<ul>' + c.xf.slice(1).map(function (x) { return '<li>' + esc(x) + '</li>'; }).join('') + '</ul></dd>';
        if (c.req) h += '<dt>Must fire</dt><dd class="mono">' + c.req.map(esc).join(', ') + '</dd>';
        if (c.forb) h += '<dt>Must not fire</dt><dd class="mono">' + c.forb.map(esc).join(', ') + '</dd>';
        h += '<dt>Duration</dt><dd>' + (Math.round(c.ms * 100) / 100) + ' ms</dd>';
        h += '<dt>Link</dt><dd><a href="#case=' + encodeURIComponent(c.id) + '">#case=' + esc(c.id) + '</a></dd></dl>';
        if (c.err) h += '<h4>Error</h4><div class="errbox">' + esc(c.err) + '</div>';
        if (c.unmet) {
          h += '<h4>Unmet expectations (' + c.unmet.length + ')</h4>';
          c.unmet.forEach(function (u) {
            h += '<div class="unmet"><div class="head"><span class="chip">' + esc(u.check) + '</span>';
            if (u.rule) h += '<code>' + esc(u.rule) + '</code> ';
            if (u.line) h += 'at <code>' + esc(c.file) + ':' + pos(u) + '</code>';
            h += '</div><div class="ea"><span class="k">Expected</span><span>' + esc(u.expected) + '</span>';
            h += '<span class="k">Actual</span><span>' + esc(u.actual) + '</span></div>';
            if (u.excerpt) h += '<pre class="excerpt">' + esc(u.excerpt) + '</pre>';
            h += '</div>';
          });
        }
        function more(n) { return n ? '<p class="muted">\u2026 and ' + num(n) + ' more in results.json</p>' : ''; }
        if (c.diags) {
          h += '<h4>Diagnostics (' + num(c.diags.length + (c.diagsMore || 0)) + ')</h4>' + table(['Severity', 'Rule', 'Line:col', 'Message', 'Path'],
            c.diags.map(function (d) {
              return '<tr><td><span class="sev ' + esc(d.sev) + '">' + esc(d.sev) + '</span></td><td class="u">' + esc(d.rule) +
                '</td><td class="u">' + pos(d) + '</td><td>' + esc(d.msg) + (d.spec ? '<div class="sub">' + esc(d.spec) + '</div>' : '') +
                '</td><td class="u">' + esc(d.path || '') + '</td></tr>';
            })) + more(c.diagsMore);
        }
        if (c.tracking) {
          h += '<h4>Tracking (' + plural(c.tracking.length + (c.trackingMore || 0), 'URL') + ')</h4>' + table(['Event', 'Hop', 'URL', 'Line:col'],
            c.tracking.map(function (t) {
              return '<tr><td>' + esc(t[0]) + '</td><td><span class="hop" title="hop ' + t[2] + ' of the chain">' + t[2] +
                '</span></td><td class="u">' + esc(t[1]) + '</td><td class="u">' + (t[3] ? t[3] + ':' + t[4] : '') + '</td></tr>';
            })) + more(c.trackingMore);
        }
        if (c.chain) {
          h += '<h4>Chain (' + c.chain.length + ' hops)</h4><ol class="chain" start="0">';
          c.chain.forEach(function (x) {
            h += '<li><span class="hop">' + x.depth + '</span> <code>' + esc(x.uri) + '</code> \u2014 ' + esc(x.outcome) + '</li>';
          });
          h += '</ol>';
        }
        if (c.pformat || c.params) {
          h += '<h4>Parameters' + (c.pformat ? ' \u2014 ' + esc(c.pformat) : '') + '</h4>';
          if (c.params) h += table(['Field', 'Value'], c.params.map(function (p) {
            return '<tr><td class="u">' + esc(p[0]) + '</td><td class="u">' + esc(p[1]) + '</td></tr>';
          }));
        }
        if (c.profiles) {
          h += '<h4>Profiles</h4>' + table(['Profile', 'Verdict'], c.profiles.map(function (p) {
            return '<tr><td>' + esc(p[0]) + '</td><td>' + esc(p[1]) + '</td></tr>';
          }));
        }
        return h + '</div></td></tr>';
      }
      function render() {
        var matching = [];
        for (var i = 0; i < cases.length; i++) if (matches(cases[i])) matching.push(i);
        state.matching = matching;
        var shown = Math.min(matching.length, state.limit), html = [], last = null, span = columns.length + 3;
        for (var j = 0; j < shown; j++) {
          var c = cases[matching[j]];
          if (c.suite !== last) {
            var s = suites[c.suite];
            html.push('<tr class="group"><th colspan="' + span + '">' + esc(c.suite) + '<span class="muted">' + plural(s.cases, 'case') + ' \u00B7 ' +
              s.passed + ' passed \u00B7 ' + s.failed + ' failed' + (s.errors ? ' \u00B7 ' + plural(s.errors, 'error') : '') + '</span></th></tr>');
            last = c.suite;
          }
          html.push(rowHTML(c, matching[j]));
        }
        tbody.innerHTML = html.join('');
        document.getElementById('f-count').textContent = shown < matching.length
          ? num(shown) + ' shown \u00B7 ' + num(matching.length) + ' matching'
          : num(matching.length) + ' of ' + plural(cases.length, 'case');
        var more = document.getElementById('more');
        more.hidden = shown >= matching.length;
        more.textContent = 'Show ' + num(Math.min(PAGE_SIZE, matching.length - shown)) + ' more (' + num(matching.length - shown) + ' not shown)';
        document.getElementById('empty').hidden = matching.length > 0;
        measure();
      }
      function apply() { if (timer) { clearTimeout(timer); timer = null; } state.limit = PAGE_SIZE; render(); }
      function setStatus(s) {
        state.status = s;
        var buttons = document.querySelectorAll('.seg button');
        for (var i = 0; i < buttons.length; i++) buttons[i].setAttribute('aria-pressed', String(buttons[i].getAttribute('data-status') === s));
        apply();
      }
      function reset() {
        search.value = ''; suiteSel.value = ''; ruleSel.value = '';
        state.q = ''; state.suite = ''; state.rule = '';
        setStatus('all');
      }
      document.querySelector('.seg').addEventListener('click', function (e) {
        var b = e.target.closest('button'); if (b) setStatus(b.getAttribute('data-status'));
      });
      search.addEventListener('input', function () {
        state.q = search.value.trim().toLowerCase();
        if (timer) clearTimeout(timer);
        timer = setTimeout(apply, cases.length > 2000 ? 150 : 30);
      });
      suiteSel.addEventListener('change', function () { state.suite = suiteSel.value; apply(); });
      ruleSel.addEventListener('change', function () { state.rule = ruleSel.value; apply(); });
      document.getElementById('f-reset').addEventListener('click', reset);
      document.getElementById('more').addEventListener('click', function () { state.limit += PAGE_SIZE; render(); });
      function toggle(tr) {
        var i = +tr.getAttribute('data-i');
        if (state.open[i]) {
          delete state.open[i]; tr.classList.remove('open'); tr.setAttribute('aria-expanded', 'false');
          var next = tr.nextElementSibling; if (next && next.classList.contains('detail')) next.remove();
        } else {
          state.open[i] = true; tr.classList.add('open'); tr.setAttribute('aria-expanded', 'true');
          tr.insertAdjacentHTML('afterend', detailHTML(cases[i]));
        }
      }
      tbody.addEventListener('click', function (e) {
        if (e.target.closest('tr.detail') || window.getSelection().toString()) return;
        var tr = e.target.closest('tr.case'); if (tr) toggle(tr);
      });
      tbody.addEventListener('keydown', function (e) {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        var tr = e.target.closest('tr.case'); if (!tr || e.target !== tr) return;
        e.preventDefault(); toggle(tr);
      });
      document.getElementById('rules').addEventListener('click', function (e) {
        var a = e.target.closest('a[data-rule]'); if (!a) return;
        e.preventDefault();
        ruleSel.value = a.getAttribute('data-rule'); state.rule = ruleSel.value; apply();
        document.getElementById('matrix').scrollIntoView();
      });
      var base = document.getElementById('baseline');
      if (base) base.addEventListener('click', function (e) {
        var a = e.target.closest('a[data-case]'); if (!a) return;
        e.preventDefault();
        reset(); search.value = a.getAttribute('data-case'); state.q = search.value.toLowerCase(); apply();
        document.getElementById('matrix').scrollIntoView();
      });
      document.getElementById('gaps-only').addEventListener('change', function (e) {
        document.getElementById('rules').classList.toggle('gaps-only', e.target.checked);
      });
      function measure() {
        var bar = document.getElementById('toolbar');
        document.documentElement.style.setProperty('--toolbar-h', (bar.offsetHeight - 1) + 'px');
      }
      window.addEventListener('resize', measure);
      if (window.ResizeObserver) new ResizeObserver(measure).observe(document.getElementById('toolbar'));
      var started = performance.now();
      render();
      var firstRender = performance.now() - started;

      function selftest() {
        var out = { total: cases.length, rowOnly: DATA.rowOnly || 0, firstRenderMs: Math.round(firstRender), steps: [] };
        function rows() { return tbody.querySelectorAll('tr.case').length; }
        function step(name) { out.steps.push({ name: name, rows: rows(), matching: state.matching.length }); }
        function click(el) { el.dispatchEvent(new MouseEvent('click', { bubbles: true })); }
        function pick(sel, value) { sel.value = value; sel.dispatchEvent(new Event('change', { bubbles: true })); }
        step('all');
        ['failed', 'passed', 'error', 'problems'].forEach(function (s) {
          click(document.querySelector('.seg button[data-status="' + s + '"]')); step('status=' + s);
        });
        click(document.getElementById('f-reset')); step('reset');
        if (DATA.suites.length) { pick(suiteSel, DATA.suites[0].name); step('folder=' + DATA.suites[0].name); click(document.getElementById('f-reset')); }
        if (ruleSel.options.length > 1) { pick(ruleSel, ruleSel.options[1].value); step('rule=' + ruleSel.options[1].value); click(document.getElementById('f-reset')); }
        if (cases.length) {
          var term = cases[cases.length - 1].name;
          search.value = term; search.dispatchEvent(new Event('input', { bubbles: true })); apply(); step('search=' + term);
          click(document.getElementById('f-reset'));
          var first = tbody.querySelector('tr.case');
          click(first.querySelector('td.name'));
          out.detailsOpened = tbody.querySelectorAll('tr.detail').length;
          out.detailText = (tbody.querySelector('tr.detail') || { textContent: '' }).textContent.slice(0, 200);
          click(first.querySelector('td.name'));
          out.detailsAfterClose = tbody.querySelectorAll('tr.detail').length;
        }
        // Sticky headers: scrolled into the table, the filter bar stays at the top and the column
        // headers sit right below it.
        var table = document.getElementById('cases');
        window.scrollTo(0, table.getBoundingClientRect().top + window.pageYOffset + 1500);
        var bar = document.getElementById('toolbar').getBoundingClientRect();
        out.sticky = { scrolled: Math.round(window.pageYOffset), toolbarTop: Math.round(bar.top), toolbarBottom: Math.round(bar.bottom),
          headerTop: Math.round(table.querySelector('thead th').getBoundingClientRect().top) };
        window.scrollTo(0, 0);
        out.errors = window.__conformErrors.slice();
        var pre = document.getElementById('selftest');
        pre.textContent = JSON.stringify(out);
        pre.hidden = false;
      }
      function openFromHash() {
        var m = /^#case=(.*)$/.exec(location.hash);
        if (!m) return;
        var id = decodeURIComponent(m[1]);
        for (var i = 0; i < cases.length; i++) {
          if (cases[i].id !== id) continue;
          reset(); suiteSel.value = cases[i].suite; state.suite = cases[i].suite;
          state.open[i] = true; state.limit = Math.max(PAGE_SIZE, state.matching.length); render();
          var row = tbody.querySelector('tr.case[data-i="' + i + '"]');
          if (row) row.scrollIntoView({ block: 'center' });
          return;
        }
      }
      window.addEventListener('hashchange', openFromHash);
      openFromHash();
      if (location.hash === '#selftest') {
        try { selftest(); } catch (e) {
          window.__conformErrors.push('selftest: ' + e);
          document.getElementById('selftest').textContent = JSON.stringify({ errors: window.__conformErrors });
        }
      }
    })();

    """#
}
