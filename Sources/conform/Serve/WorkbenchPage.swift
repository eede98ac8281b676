/// The workbench page: one HTML document with its style and script inline (no framework, no build step, no
/// CDN), so the binary serves it whole and it works offline. Everything it shows comes from the JSON API.
enum WorkbenchPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>conform workbench</title>
<link rel="icon" href="data:,">
<style>
:root { --bg:#f7f7f8; --panel:#fff; --line:#d9d9de; --text:#1d1d22; --dim:#6b6b75; --error:#c62828; --warning:#b26a00; --info:#1565c0; --ok:#2e7d32; --mono: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
* { box-sizing: border-box; }
body { margin:0; font:14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color:var(--text); background:var(--bg); height:100vh; display:flex; flex-direction:column; }
header { display:flex; gap:12px; align-items:center; padding:8px 14px; background:#1d1d22; color:#fff; flex-wrap:wrap; }
header h1 { font-size:16px; margin:0 8px 0 0; }
header select, header input, header button { font:inherit; }
button { cursor:pointer; border:1px solid var(--line); background:#fff; border-radius:4px; padding:3px 9px; }
button.primary { background:#1d1d22; color:#fff; border-color:#1d1d22; }
main { display:grid; grid-template-columns: minmax(0,1.15fr) minmax(0,1fr); gap:10px; padding:10px; flex:1; min-height:0; }
#examples { max-width:300px; }
section { background:var(--panel); border:1px solid var(--line); border-radius:6px; display:flex; flex-direction:column; min-height:0; }
.bar { display:flex; gap:8px; align-items:center; padding:6px 8px; border-bottom:1px solid var(--line); flex-wrap:wrap; }
.tabs button { border:none; border-bottom:2px solid transparent; border-radius:0; background:none; padding:4px 8px; }
.tabs button.on { border-bottom-color:#1d1d22; font-weight:600; }
.pane { display:none; padding:8px; overflow:auto; flex:1; min-height:0; }
.pane.on { display:block; }
#editor { position:relative; flex:1; min-height:0; display:flex; font:13px/19px var(--mono); }
#gutter { width:58px; overflow:hidden; background:#f0f0f3; border-right:1px solid var(--line); color:var(--dim); text-align:right; padding:6px 0; user-select:none; }
#gutter div { height:19px; padding-right:6px; position:relative; }
#gutter div.m-error { background:#fde2e2; } #gutter div.m-warning { background:#fff0d6; } #gutter div.m-info { background:#e3efff; }
#gutter div .dot { position:absolute; left:4px; top:6px; width:8px; height:8px; border-radius:50%; cursor:pointer; }
.dot.error { background:var(--error); } .dot.warning { background:var(--warning); } .dot.info { background:var(--info); }
#code { position:relative; flex:1; min-width:0; }
#backdrop, #source { position:absolute; inset:0; margin:0; padding:6px 8px; font:inherit; white-space:pre; overflow:auto; tab-size:4; border:0; }
#backdrop { color:transparent; pointer-events:none; }
#backdrop mark { background:none; color:transparent; text-decoration:underline wavy; text-decoration-skip-ink:none; text-underline-offset:3px; }
#backdrop mark.error { text-decoration-color:var(--error); } #backdrop mark.warning { text-decoration-color:var(--warning); } #backdrop mark.info { text-decoration-color:var(--info); }
#source { background:transparent; color:var(--text); resize:none; outline:none; }
#editor.drop { outline:3px dashed var(--info); }
#status { color:var(--dim); font-size:12px; }
.finding { padding:5px 6px; border-bottom:1px solid #eee; cursor:pointer; }
.finding:hover { background:#f4f6fb; }
.sev { font-weight:600; text-transform:uppercase; font-size:11px; }
.sev.error { color:var(--error); } .sev.warning { color:var(--warning); } .sev.info { color:var(--info); }
.rule { font-family:var(--mono); font-size:12px; color:var(--dim); }
table { border-collapse:collapse; width:100%; font-size:13px; }
th, td { border-bottom:1px solid #eee; padding:3px 5px; text-align:left; vertical-align:top; }
td.url, .mono { font-family:var(--mono); font-size:12px; word-break:break-all; }
pre.diff { font:12px/17px var(--mono); background:#fafafa; border:1px solid #eee; padding:6px; overflow:auto; }
.del { background:#fde2e2; display:block; } .add { background:#dff3e0; display:block; }
blockquote { margin:6px 0; padding:4px 10px; border-left:3px solid var(--line); color:#333; }
#timeline { position:relative; height:46px; background:#f0f0f3; border:1px solid var(--line); border-radius:4px; margin:8px 0; }
#timeline .mark { position:absolute; top:0; bottom:0; width:2px; background:#888; }
#timeline .mark span { position:absolute; top:2px; left:4px; font-size:11px; white-space:nowrap; }
#timeline .mark.fired { background:var(--ok); }
#timeline .mark.fired span { color:var(--ok); font-weight:600; }
#playhead { position:absolute; top:0; bottom:0; width:2px; background:var(--error); }
video { max-width:100%; background:#000; }
.preview { border:1px dashed var(--line); margin:4px 8px 4px 0; }
.chip { display:inline-block; padding:1px 7px; border-radius:10px; background:#eee; font-size:12px; margin-right:4px; }
.chip.ok { background:#dff3e0; } .chip.bad { background:#fde2e2; }
.strip { display:flex; gap:8px; overflow-x:auto; padding:6px 0; }
.strip figure { margin:0; width:140px; flex:none; border:1px solid var(--line); border-radius:4px; padding:4px; font-size:12px; }
.cta { display:inline-flex; gap:8px; align-items:center; border:1px solid var(--line); border-radius:6px; padding:6px 10px; }
.cta b { background:#1d1d22; color:#fff; border-radius:4px; padding:2px 8px; }
#paramtext mark { text-decoration:underline wavy; background:none; }
#paramtext mark.error { text-decoration-color:var(--error); } #paramtext mark.warning { text-decoration-color:var(--warning); } #paramtext mark.info { text-decoration-color:var(--info); }
.sched { position:relative; height:30px; background:#f0f0f3; border-radius:4px; margin:6px 0; }
.sched div { position:absolute; top:4px; bottom:4px; width:6px; margin-left:-3px; border-radius:2px; background:#1565c0; }
.lane { position:relative; height:34px; background:#f0f0f3; border-radius:4px; margin:6px 0 18px; }
.lane .tick { position:absolute; top:100%; font-size:11px; color:var(--dim); white-space:nowrap; transform:translateX(-50%); }
.lane .step { position:absolute; top:0; bottom:0; width:2px; background:#888; }
.lane .step span { position:absolute; top:2px; left:4px; font-size:11px; white-space:nowrap; }
.lane .shown { position:absolute; top:14px; bottom:4px; background:#2e7d32; opacity:.55; border-radius:2px; }
.ssaiAd { position:absolute; top:4px; bottom:4px; background:#1565c0; color:#fff; font-size:11px; overflow:hidden; white-space:nowrap; padding:0 4px; border-right:2px solid #fff; }
.ssaiSkip { position:absolute; top:0; bottom:0; width:2px; background:#ffb300; }
dl.decision { display:grid; grid-template-columns:max-content 1fr; gap:2px 10px; margin:6px 0; }
dl.decision dt { color:var(--dim); } dl.decision dd { margin:0; }
.hidden { display:none !important; }
label.inline { display:inline-flex; gap:4px; align-items:center; }
</style>
</head>
<body>
<header>
  <h1>conform workbench</h1>
  <select id="mode" aria-label="Input">
    <option value="tag">Tag (paste or drop XML)</option>
    <option value="url">Tag URL</option>
    <option value="params">Parameter string</option>
  </select>
  <input id="url" class="hidden" size="60" placeholder="https://ads.example.com/vast?id=1" aria-label="Tag URL">
  <button id="resolve" class="hidden primary">Resolve</button>
  <select id="examples" aria-label="Examples"><option value="">Examples…</option></select>
  <label class="inline"><input type="checkbox" id="follow" checked> follow wrappers</label>
  <label class="inline" title="Request every asset (media, images, captions, scripts; never tracking pixels) and compare it with the tag"><input type="checkbox" id="probe"> probe assets</label>
  <select id="player" aria-label="Player"></select>
  <input id="macros" size="22" placeholder="macros: CACHEBUSTING=1 …" aria-label="Macros">
  <span id="status"></span>
</header>
<main>
  <section>
    <div class="bar"><b id="sourceTitle">Source</b><span id="summary" class="rule"></span></div>
    <div id="editor">
      <div id="gutter"></div>
      <div id="code"><pre id="backdrop" aria-hidden="true"></pre><textarea id="source" spellcheck="false" wrap="off" aria-label="Tag source" placeholder="Paste a VAST or VMAP tag here, or drop a file"></textarea></div>
    </div>
  </section>
  <section>
    <div class="bar tabs" id="tabs">
      <button data-pane="findings" class="on">Findings</button>
      <button data-pane="explain">Explanation</button>
      <button data-pane="fix">Fix</button>
      <button data-pane="chain">Chain</button>
      <button data-pane="assets">Assets</button>
      <button data-pane="tracking">Tracking</button>
      <button data-pane="playback">Playback</button>
      <button data-pane="profiles">Profiles</button>
      <button data-pane="params">Parameters</button>
      <button data-pane="share">Share</button>
    </div>
    <div class="pane on" id="pane-findings">
      <div class="bar" style="border:0;padding:0 0 6px">
        <label class="inline"><input type="checkbox" class="sevfilter" value="error" checked> errors <b id="n-error">0</b></label>
        <label class="inline"><input type="checkbox" class="sevfilter" value="warning" checked> warnings <b id="n-warning">0</b></label>
        <label class="inline"><input type="checkbox" class="sevfilter" value="info" checked> info <b id="n-info">0</b></label>
        <input id="rulefilter" placeholder="rule filter" size="18" aria-label="Rule filter">
      </div>
      <div id="findings"></div>
    </div>
    <div class="pane" id="pane-explain"><p class="rule">Pick a finding to see its rule explained.</p></div>
    <div class="pane" id="pane-fix">
      <button id="fixRun">Show repairs</button> <button id="fixApply" disabled>Apply</button> <button id="fixDownload" disabled>Download fixed tag</button>
      <div id="fixOut"></div>
    </div>
    <div class="pane" id="pane-chain"><div id="chainOut" class="rule">Follow wrappers to resolve the chain.</div>
      <p><button id="comparePlayers">Compare player presets</button></p><div id="compareOut"></div></div>
    <div class="pane" id="pane-assets"><div id="assetsOut" class="rule">Tick “probe assets” to request every asset and compare it with the tag.</div></div>
    <div class="pane" id="pane-tracking">
      <button id="copyText">Copy as text</button> <button id="copyCSV">Copy as CSV</button>
      <div id="trackingOut"></div>
    </div>
    <div class="pane" id="pane-playback">
      <div class="bar" style="border:0;padding:0 0 6px">
        <select id="media" aria-label="Media file"></select>
        <label class="inline" title="Firing counts impressions: off unless you mean it"><input type="checkbox" id="fireReal"> fire pixels for real</label>
        <button id="skip" class="hidden">Skip ad</button>
      </div>
      <video id="video" controls muted playsinline preload="none" width="480"></video>
      <div id="timeline"><div id="playhead"></div></div>
      <div id="fired" class="mono"></div>
      <h4>Companions and icons</h4><div id="previews" class="rule">None declared.</div>
    </div>
    <div class="pane" id="pane-profiles">
      <div class="bar" style="border:0;padding:0 0 6px">
        <label class="inline">companion slot <input id="slot" size="8" value="300x250"></label>
        <label class="inline">content duration <input id="duration" size="9" value="00:10:00"></label>
        <button id="profilesRun">Evaluate profiles</button>
      </div>
      <div id="profilesOut"></div>
      <h4>Pause timeline</h4>
      <input id="pauseTimeline" size="40" value="play@0,pause@30,resume@40,pause@90,close@95" aria-label="Pause timeline"> <button id="simulateRun">Simulate</button>
      <div id="simulateOut"></div>
      <h4>VMAP schedule</h4><button id="scheduleRun">Draw schedule</button><div id="scheduleOut"></div>
    </div>
    <div class="pane" id="pane-params">
      <textarea id="paramInput" rows="3" style="width:100%;font:12px var(--mono)" placeholder="icon=https://…,bannerTitle=…,ctaUrl=https://…" aria-label="Parameter string"></textarea>
      <button id="paramsRun" class="primary">Check parameters</button>
      <div id="paramsOut"></div>
    </div>
    <div class="pane" id="pane-share">
      <p><button id="downloadHTML">Download HTML findings page</button> <button id="copyMarkdown">Copy Markdown summary</button></p>
      <p><label class="inline">case name <input id="caseName" size="28" placeholder="workbench/my-tag"></label> <button id="saveCase">Save as corpus case</button></p>
      <div id="shareOut" class="mono"></div>
    </div>
  </section>
</main>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
const state = { report: null, findings: [], rootURI: null, fixed: null, tracking: [], marks: [], lastFired: -1 };
const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));

async function api(path, body) {
  const options = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch("/api/" + path, options);
  const type = response.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) throw new Error((data && data.error) || ("HTTP " + response.status));
  return data;
}
function status(text, bad) { $("status").textContent = text; $("status").style.color = bad ? "#ff8a80" : ""; }
function macros() {
  const out = {};
  for (const part of $("macros").value.split(/\s+/)) { const i = part.indexOf("="); if (i > 0) out[part.slice(0, i)] = part.slice(i + 1); }
  return out;
}
function checkBody(extra) {
  const body = Object.assign({ xml: $("source").value, name: state.rootURI || "tag.xml", player: $("player").value, macro: macros() }, extra || {});
  if ($("follow").checked) body.follow = true;
  if ($("probe").checked) body.probe = true;
  if (state.rootURI) body["root-uri"] = state.rootURI;
  return body;
}

// ---- tabs
for (const button of document.querySelectorAll("#tabs button")) {
  button.addEventListener("click", () => showPane(button.dataset.pane));
}
function showPane(name) {
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("on", b.dataset.pane === name);
  for (const p of document.querySelectorAll(".pane")) p.classList.toggle("on", p.id === "pane-" + name);
}

// ---- editor
const source = $("source");
function renderGutter() {
  const lines = source.value.split("\n").length;
  const byLine = {};
  for (const f of visibleFindings()) {
    const line = f.position && f.position.line; if (!line) continue;
    const rank = { error: 3, warning: 2, info: 1 }[f.severity];
    if (!byLine[line] || rank > byLine[line].rank) byLine[line] = { rank, f };
  }
  let html = "";
  for (let i = 1; i <= lines; i++) {
    const m = byLine[i];
    html += m ? `<div class="m-${m.f.severity}" data-line="${i}"><span class="dot ${m.f.severity}" title="${esc(m.f.message)}"></span>${i}</div>` : `<div>${i}</div>`;
  }
  $("gutter").innerHTML = html;
  renderBackdrop();
  syncScroll();
}
function renderBackdrop() {
  const lines = source.value.split("\n");
  const marks = {};
  for (const f of visibleFindings()) {
    if (!f.position) continue;
    (marks[f.position.line] = marks[f.position.line] || []).push(f);
  }
  let html = "";
  lines.forEach((text, index) => {
    const here = marks[index + 1];
    if (!here) { html += esc(text) + "\n"; return; }
    const f = here.sort((a, b) => a.position.column - b.position.column)[0];
    const start = Math.max(0, Math.min(text.length, f.position.column - 1));
    let end = start;
    while (end < text.length && !/[\s]/.test(text[end]) && (end === start || text[end] !== "<")) end++;
    if (end === start) end = Math.min(text.length, start + 1);
    html += esc(text.slice(0, start)) + `<mark class="${f.severity}" data-rule="${esc(f.ruleID)}">${esc(text.slice(start, end) || " ")}</mark>` + esc(text.slice(end)) + "\n";
  });
  $("backdrop").innerHTML = html + " ";
}
function syncScroll() {
  $("backdrop").scrollTop = source.scrollTop; $("backdrop").scrollLeft = source.scrollLeft;
  $("gutter").scrollTop = source.scrollTop;
}
source.addEventListener("scroll", syncScroll);
let timer = null;
source.addEventListener("input", () => { renderGutter(); clearTimeout(timer); timer = setTimeout(check, 350); });
$("gutter").addEventListener("click", (event) => {
  const row = event.target.closest("[data-line]"); if (!row) return;
  const f = visibleFindings().find((x) => x.position && x.position.line === Number(row.dataset.line));
  if (f) openFinding(f);
});
const editor = $("editor");
editor.addEventListener("dragover", (e) => { e.preventDefault(); editor.classList.add("drop"); });
editor.addEventListener("dragleave", () => editor.classList.remove("drop"));
editor.addEventListener("drop", async (e) => {
  e.preventDefault(); editor.classList.remove("drop");
  const file = e.dataTransfer.files[0]; if (!file) return;
  $("mode").value = "tag"; $("mode").dispatchEvent(new Event("change"));
  $("sourceTitle").textContent = file.name;
  setSource(await file.text(), null); check();
});
function setSource(text, rootURI) { source.value = text; state.rootURI = rootURI; renderGutter(); }
function jumpTo(position) {
  if (!position) return;
  const lines = source.value.split("\n");
  let offset = 0;
  for (let i = 0; i < position.line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, (position.column || 1) - 1);
  source.focus(); source.setSelectionRange(offset, offset + 1);
  source.scrollTop = Math.max(0, (position.line - 5) * 19);
  syncScroll();
}

// ---- check
let generation = 0;
async function check() {
  if ($("mode").value === "params") return;
  if (!source.value.trim()) { showReport(null); return; }
  const mine = ++generation;
  status("checking…");
  try {
    const [report] = await api("check", checkBody());
    if (mine !== generation) return;
    showReport(report);
    status("checked " + new Date().toLocaleTimeString());
  } catch (error) { if (mine === generation) status(error.message, true); }
}
function allFindings(report) {
  if (!report) return [];
  const out = [...report.diagnostics];
  for (const p of report.profiles || []) out.push(...p.diagnostics);
  if (report.chain) for (const d of report.chain.diagnostics) if (!out.some((x) => x.ruleID === d.ruleID && x.message === d.message && x.file === d.file)) out.push(d);
  if (report.probe) out.push(...report.probe.diagnostics);
  return out;
}
function visibleFindings() {
  const severities = new Set([...document.querySelectorAll(".sevfilter:checked")].map((c) => c.value));
  const rule = $("rulefilter").value.trim().toLowerCase();
  return state.findings.filter((f) => severities.has(f.severity) && (!rule || f.ruleID.toLowerCase().includes(rule)))
    .filter((f) => !f.file || f.file === "tag.xml" || f.file === state.report?.file);
}
function showReport(report) {
  state.report = report;
  state.findings = allFindings(report);
  for (const s of ["error", "warning", "info"]) $("n-" + s).textContent = state.findings.filter((f) => f.severity === s).length;
  $("summary").textContent = report ? summaryLine(report.summary) : "";
  renderFindings(); renderGutter(); renderChain(); renderAssets(); renderTracking(); renderPlayback();
}
function summaryLine(s) {
  if (!s) return "";
  return [s.version ? s.kind + " " + s.version : s.kind, s.kind === "VAST" ? `${s.ads} ad(s), ${s.mediaFiles} media file(s)` : ""].filter(Boolean).join(" · ");
}
function renderFindings() {
  const all = state.findings.filter((f) => visibleFindings().includes(f) || (f.file && f.file !== state.report?.file && f.file !== "tag.xml"));
  $("findings").innerHTML = all.length ? all.map((f, i) => `<div class="finding" data-i="${state.findings.indexOf(f)}">
    <span class="sev ${f.severity}">${f.severity}</span> <span class="loc mono">${esc(f.file && f.file !== "tag.xml" && f.file !== state.report?.file ? f.file + " " : "")}${f.position ? f.position.line + ":" + f.position.column : ""}</span>
    ${esc(f.message)} <span class="rule">[${esc(f.ruleID)}]</span></div>`).join("") : `<p class="rule">${state.report ? "No findings." : "Nothing checked yet."}</p>`;
}
$("findings").addEventListener("click", (e) => { const row = e.target.closest(".finding"); if (row) openFinding(state.findings[Number(row.dataset.i)]); });
for (const c of document.querySelectorAll(".sevfilter")) c.addEventListener("change", () => { renderFindings(); renderGutter(); });
$("rulefilter").addEventListener("input", () => { renderFindings(); renderGutter(); });
async function openFinding(f) {
  if (!f.file || f.file === "tag.xml" || f.file === state.report?.file) jumpTo(f.position);
  showPane("explain");
  const pane = $("pane-explain");
  pane.innerHTML = "<p class='rule'>Loading…</p>";
  try {
    const rule = await api("explain?id=" + encodeURIComponent(f.ruleID));
    const example = (list, title) => list && list.length ? `<h4>${title}</h4><pre class="diff">${esc(list[0].text.replace(/\u2193/g, ""))}</pre>` : "";
    pane.innerHTML = `<h3 class="mono">${esc(rule.id)} <span class="sev ${rule.severity}">${rule.severity}</span></h3>
      <p><b>${esc(rule.name)}</b>: ${esc(rule.summary)}</p>
      <p>${esc(rule.rationale)}</p>
      ${(rule.specReferences || []).map((r) => `<blockquote>“${esc(r.quote)}”<br><span class="rule">${esc(r.document)} ${esc(r.section || "")}</span></blockquote>`).join("")}
      <h4>Fix</h4><p>${esc(rule.fix)}</p>
      ${example(rule.invalidExamples, "Breaks it")}${example(rule.validExamples, "Meets it")}
      <p class="rule">The finding: ${esc(f.message)}</p>`;
  } catch (error) { pane.innerHTML = `<p class="sev error">${esc(error.message)}</p>`; }
}

// ---- fix
$("fixRun").addEventListener("click", async () => {
  try {
    const out = await api("fix", { xml: source.value, name: "tag.xml" });
    state.fixed = out.fixed;
    const r = out.report;
    $("fixApply").disabled = $("fixDownload").disabled = !r.repairs.length;
    $("fixOut").innerHTML = r.refused ? `<p class="sev error">Not repaired: ${esc(r.refused)}</p>`
      : r.repairs.length ? `<p>${r.repairs.length} repair(s); ${r.remaining} finding(s) left for a hand.</p><pre class="diff" id="diff">${diff(source.value, out.fixed)}</pre>`
      : `<p>Nothing to repair${r.remaining ? ` (${r.remaining} finding(s) need a hand)` : ""}.</p>`;
  } catch (error) { $("fixOut").innerHTML = `<p class="sev error">${esc(error.message)}</p>`; }
});
function diff(before, after) {
  const a = before.split("\n"), b = after.split("\n");
  const n = a.length, m = b.length, lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  let i = 0, j = 0, out = "";
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) { out += "  " + esc(a[i]) + "\n"; i++; j++; }
    else if (j < m && (i === n || lcs[i][j + 1] >= lcs[i + 1][j])) { out += `<span class="add">+ ${esc(b[j])}</span>`; j++; }
    else { out += `<span class="del">- ${esc(a[i])}</span>`; i++; }
  }
  return out;
}
$("fixApply").addEventListener("click", () => { if (state.fixed != null) { setSource(state.fixed, state.rootURI); $("fixApply").disabled = true; check(); } });
$("fixDownload").addEventListener("click", () => download(state.fixed ?? source.value, "tag.fixed.xml", "application/xml"));
function download(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a"); a.href = url; a.download = name; document.body.appendChild(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---- chain
function renderAssets() {
  const probe = state.report?.probe;
  if (!probe) { $("assetsOut").innerHTML = "<p class='rule'>Tick “probe assets” to request every asset and compare it with the tag.</p>"; return; }
  const facts = (a) => {
    const m = a.media, out = [];
    if (m) {
      if (m.width) out.push(m.width + "x" + m.height);
      if (m.durationMs != null) out.push((m.durationMs / 1000).toFixed(2) + " s");
      if (m.bitrateKbps) out.push(m.bitrateKbps + " kbps");
      out.push([m.videoCodec, m.audioCodec].filter(Boolean).join("+"));
    } else if (a.image) out.push(a.image.width + "x" + a.image.height);
    else if (a.caption?.format) out.push(a.caption.format);
    return out.filter(Boolean).join(" · ");
  };
  const rows = probe.assets.map((r) => `<tr><td>${esc(r.asset.owner === r.asset.element ? r.asset.element : r.asset.owner + " " + r.asset.element)}</td>
    <td class="mono">${r.asset.position.line}:${r.asset.position.column}${r.asset.hop ? " (hop " + r.asset.hop + ")" : ""}</td><td class="url">${esc(r.asset.url)}</td>
    <td>${r.answer.status ?? esc(r.answer.outcome)}</td><td>${esc((r.answer.contentType || "").split(";")[0])}</td><td>${r.answer.firstByteMs ?? ""}</td>
    <td>${esc(facts(r.answer))}</td>
    <td>${r.diagnostics.length ? r.diagnostics.map((d) => `<div><span class="sev ${d.severity}">${d.severity}</span> ${esc(d.message)} <span class="rule">[${esc(d.ruleID)}]</span></div>`).join("") : "ok"}</td></tr>`).join("");
  $("assetsOut").innerHTML = (probe.mediaUnavailable ? `<p class="rule">Media files were not inspected (${esc(probe.mediaUnavailable)}): install ffmpeg for dimensions, duration, bitrate and codecs.</p>` : "")
    + `<p class="rule">${probe.assets.length} asset(s) requested; ${probe.pixels} tracking pixel(s) never requested.
       Answers are kept for 5 minutes while the workbench runs, so editing does not request them again: <button type="button" id="reprobe">request again</button></p>`
    + (rows ? `<table><tr><th>asset</th><th>at</th><th>URL</th><th>status</th><th>type</th><th>first byte ms</th><th>what it is</th><th>findings</th></tr>${rows}</table>` : "");
}
$("assetsOut").addEventListener("click", (event) => { if (event.target.id === "reprobe") reprobe(); });
async function reprobe() {
  const mine = ++generation;
  status("requesting the assets again…");
  try {
    const [report] = await api("check", checkBody({ reprobe: true }));
    if (mine !== generation) return;
    showReport(report);
    status("requested again " + new Date().toLocaleTimeString());
  } catch (error) { if (mine === generation) status(error.message, true); }
}
function renderChain() {
  const chain = state.report?.chain;
  if (!chain) { $("chainOut").innerHTML = "<p class='rule'>Follow wrappers to resolve the chain.</p>"; return; }
  $("chainOut").innerHTML = chain.ads.map((ad) => `<h4>Ad ${esc(ad.ad)}</h4>
    <table><tr><th>hop</th><th>URI</th><th>outcome</th><th>version</th><th>ms</th><th>status</th></tr>
    ${ad.chain.map((h) => `<tr><td>${h.hop}</td><td class="url">${esc(h.uri || "(pasted)")}</td><td>${esc(h.outcome)}</td><td>${esc(h.version || "")}</td><td>${h.durationMs ?? ""}</td><td>${h.statusCode ?? ""}</td></tr>`).join("")}</table>
    <p>Stop: <b>${esc(ad.stop.reason)}</b>${ad.stop.vastErrorCode ? ` (IAB error ${ad.stop.vastErrorCode})` : ""} — ${esc(ad.stop.message)}</p>
    ${ad.errorURLs && ad.errorURLs.length ? `<p>Error URLs a player would fire:</p><ul>${ad.errorURLs.map((u) => `<li class="mono">${esc(u.expanded || u.url || u)}</li>`).join("")}</ul>` : ""}`).join("")
    + (chain.rootErrors && chain.rootErrors.length ? `<p>No ad in the response: the Error URLs a player would fire:</p><ul class="rootErrors">${chain.rootErrors.map((u) => `<li class="mono">${esc(u.expanded || u.url || u)}</li>`).join("")}</ul>` : "")
    + `<p class="rule">player ${esc(chain.player.name)}: depth ${chain.player.maxDepth}, ${chain.player.perHopTimeout} s per hop${chain.player.refusePrivateAddresses ? ", private addresses refused" : ""}</p>`;
}
$("comparePlayers").addEventListener("click", async () => {
  const players = [...$("player").options].map((o) => o.value);
  $("compareOut").innerHTML = "<p class='rule'>Resolving with each preset…</p>";
  try {
    const reports = await Promise.all(players.map((p) => api("check", checkBody({ player: p, follow: true })).then((r) => r[0])));
    $("compareOut").innerHTML = `<table><tr><th></th>${players.map((p) => `<th>${esc(p)}</th>`).join("")}</tr>
      <tr><td>hops</td>${reports.map((r) => `<td>${r.chain?.ads[0]?.chain.length ?? "-"}</td>`).join("")}</tr>
      <tr><td>stop</td>${reports.map((r) => `<td>${esc(r.chain?.ads[0]?.stop.reason ?? "-")}${r.chain?.ads[0]?.stop.vastErrorCode ? " (" + r.chain.ads[0].stop.vastErrorCode + ")" : ""}</td>`).join("")}</tr>
      <tr><td>max depth</td>${reports.map((r) => `<td>${r.chain?.player.maxDepth ?? "-"}</td>`).join("")}</tr>
      <tr><td>per hop</td>${reports.map((r) => `<td>${r.chain?.player.perHopTimeout ?? "-"} s</td>`).join("")}</tr></table>`;
  } catch (error) { $("compareOut").innerHTML = `<p class="sev error">${esc(error.message)}</p>`; }
});

// ---- tracking
function trackingRows() {
  const rows = [];
  for (const ad of state.report?.chain?.ads || []) {
    const t = ad.tracking; if (!t) continue;
    const add = (event, list) => { for (const u of list || []) rows.push({ ad: ad.ad, event, hop: u.hop, url: u.url, expanded: u.expanded, offset: u.offset }); };
    add("impression", t.impression); add("error", t.error);
    for (const [event, list] of Object.entries(t.events || {})) add(event, list);
    if (t.clickThrough) add("clickThrough", [t.clickThrough]);
    add("clickTracking", t.clickTracking); add("customClick", t.customClick);
    add("nonLinearClickTracking", t.nonLinearClickTracking); add("companionClickTracking", t.companionClickTracking);
    add("iconViewTracking", t.iconViewTracking); add("iconClickTracking", t.iconClickTracking);
    for (const [event, list] of Object.entries(t.viewableImpression || {})) add("viewable:" + event, list);
    for (const [vendor, list] of Object.entries(t.verification || {})) add("verification:" + vendor, list);
  }
  return rows;
}
function renderTracking() {
  const rows = state.tracking = trackingRows();
  $("trackingOut").innerHTML = rows.length ? `<table id="waterfall"><tr><th>event</th><th>hop</th><th>URL (macros filled)</th></tr>${rows.map((r) =>
    `<tr><td>${esc(r.event)}${r.offset ? " @" + esc(r.offset) : ""}</td><td>${r.hop}</td><td class="url" title="${esc(r.url)}">${esc(r.expanded)}</td></tr>`).join("")}</table>`
    : "<p class='rule'>No tracking collected (follow wrappers to collect the chain's pixels).</p>";
}
function copy(text) {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text).then(() => status("copied"));
  const area = document.createElement("textarea"); area.value = text; document.body.appendChild(area); area.select();
  document.execCommand("copy"); area.remove(); status("copied");
}
const csvField = (s) => /[",\n]/.test(String(s)) ? '"' + String(s).replace(/"/g, '""') + '"' : String(s);
$("copyText").addEventListener("click", () => copy(state.tracking.map((r) => `${r.event}${r.offset ? "@" + r.offset : ""}\thop ${r.hop}\t${r.expanded}`).join("\n")));
$("copyCSV").addEventListener("click", () => copy(["ad,event,offset,hop,url,expanded", ...state.tracking.map((r) => [r.ad, r.event, r.offset || "", r.hop, r.url, r.expanded].map(csvField).join(","))].join("\n")));

// ---- playback
const video = $("video");
function creativesOf(report) {
  const out = [];
  for (const ad of report?.vast?.ads || []) for (const c of (ad.inLine || ad.wrapper)?.creatives || []) out.push(c);
  return out;
}
function seconds(offset, duration) {
  if (!offset) return null;
  const text = String(offset).trim();
  if (text.endsWith("%")) return duration ? duration * parseFloat(text) / 100 : null;
  const parts = text.split(":").map(Number);
  return parts.length === 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : null;
}
// The document that plays: the tag itself, or for a wrapper the InLine its chain reached (fetched by the
// server within the chain policy, and decoded by a check of its own).
// Its text is kept, for the profile that says which MediaFile a native player picks.
async function playedDocument(report) {
  const last = report?.chain?.ads?.[0]?.chain?.slice(-1)[0];
  if (!last || last.hop === 0 || last.outcome !== "inline" || !last.uri) { state.playedText = source.value; return report; }
  if (state.played?.uri === last.uri) { state.playedText = state.played.text; return state.played.report; }
  try {
    const fetched = await api("fetch", { url: last.uri });
    const [inline] = await api("check", { xml: fetched.text, name: last.uri });
    state.played = { uri: last.uri, report: inline, text: fetched.text };
    state.playedText = fetched.text;
    return inline;
  } catch (error) { status(error.message, true); return report; }
}
// The MediaFile the SSAI profile's native player would play (HLS first, then the MP4 family), if any.
async function nativePick() {
  try {
    const [report] = await api("check", { xml: state.playedText || "", name: "tag.xml", profile: ["ssai"] });
    return report.profiles?.[0]?.ssai?.adBreaks?.[0]?.ads?.[0]?.resourceURI || null;
  } catch (error) { return null; }
}
async function renderPlayback() {
  const current = state.report;
  const played = await playedDocument(current);
  const media = [];
  for (const c of creativesOf(played)) for (const m of c.linear?.mediaFiles || []) media.push(m);
  const native = media.length ? await nativePick() : null;
  if (state.report !== current) return; // a newer check has come in meanwhile
  state.playedReport = played;
  const select = $("media");
  const picked = media.find((m) => native && m.url?.value === native);
  const pick = picked || media[0];
  select.innerHTML = media.map((m, i) => `<option value="${i}" ${m === pick ? "selected" : ""}>${esc((m.type || "?") + " " + (m.width?.value ?? "") + "×" + (m.height?.value ?? "") + " " + (m.url?.value || ""))}${m === picked ? " (the native player's pick)" : ""}</option>`).join("");
  select.dataset.urls = JSON.stringify(media.map((m) => m.url?.value || ""));
  const chosen = pick?.url?.value || "";
  if (video.dataset.src !== chosen) { video.dataset.src = chosen; if (chosen) video.src = chosen; else video.removeAttribute("src"); }
  buildTimeline();
  renderPreviews();
}
$("media").addEventListener("change", () => { const urls = JSON.parse($("media").dataset.urls || "[]"); video.dataset.src = urls[Number($("media").value)]; video.src = video.dataset.src; buildTimeline(); });
function buildTimeline() {
  const linear = creativesOf(state.playedReport || state.report).find((c) => c.linear)?.linear;
  const declared = linear?.duration?.value?.milliseconds ? linear.duration.value.milliseconds / 1000 : null;
  const duration = isFinite(video.duration) && video.duration > 0 ? video.duration : declared;
  const byEvent = {};
  for (const r of state.tracking) (byEvent[r.event] = byEvent[r.event] || []).push(r);
  const marks = [];
  const at = (name, fraction) => { if (byEvent[name]) marks.push({ name, time: duration ? duration * fraction : null, fraction, urls: byEvent[name] }); };
  at("impression", 0); at("start", 0); at("firstQuartile", 0.25); at("midpoint", 0.5); at("thirdQuartile", 0.75); at("complete", 1);
  for (const r of byEvent.progress || []) {
    const t = seconds(r.offset, duration);
    if (t != null) marks.push({ name: "progress@" + r.offset, time: t, fraction: duration ? t / duration : 0, urls: [r] });
  }
  state.marks = marks.sort((a, b) => a.fraction - b.fraction);
  state.skip = seconds(linear?.skipoffset?.raw, duration);
  const box = $("timeline");
  box.innerHTML = '<div id="playhead"></div>' + state.marks.map((m, i) =>
    `<div class="mark" data-i="${i}" style="left:${(m.fraction * 100).toFixed(2)}%" title="${esc(m.urls.map((u) => u.expanded).join("\n"))}"><span>${esc(m.name)}</span></div>`).join("");
  state.lastTime = -1;
  $("fired").innerHTML = "";
}
video.addEventListener("loadedmetadata", buildTimeline);
video.addEventListener("timeupdate", () => {
  const t = video.currentTime, d = video.duration || 1;
  $("playhead").style.left = (100 * t / d).toFixed(2) + "%";
  state.marks.forEach((m, i) => {
    const node = document.querySelector(`#timeline .mark[data-i="${i}"]`);
    if (!node || node.classList.contains("fired")) return;
    const due = m.fraction >= 1 ? video.ended || t >= d - 0.05 : t >= (m.time ?? m.fraction * d);
    if (!due) return;
    node.classList.add("fired");
    for (const u of m.urls) {
      $("fired").insertAdjacentHTML("beforeend", `<div>${t.toFixed(2)} s ${esc(m.name)} → ${esc(u.expanded)}${$("fireReal").checked ? " (fired)" : " (shown, not requested)"}</div>`);
      if ($("fireReal").checked) { const img = new Image(); img.referrerPolicy = "no-referrer"; img.src = u.expanded; }
    }
  });
  $("skip").classList.toggle("hidden", !(state.skip != null && t >= state.skip));
});
video.addEventListener("ended", () => video.dispatchEvent(new Event("timeupdate")));
video.addEventListener("seeked", () => { if (video.currentTime < 0.1) buildTimeline(); });
$("skip").addEventListener("click", () => { $("fired").insertAdjacentHTML("beforeend", `<div>skipped at ${video.currentTime.toFixed(2)} s</div>`); video.pause(); });
function renderPreviews() {
  const out = [];
  for (const c of creativesOf(state.playedReport || state.report)) {
    for (const comp of c.companionAds?.companions || []) out.push(frame(comp, "companion"));
    for (const icon of c.linear?.icons || []) out.push(frame(icon, "icon"));
  }
  $("previews").innerHTML = out.filter(Boolean).join("") || "None declared.";
}
function frame(item, kind) {
  const w = item.width?.value || 300, h = item.height?.value || 250;
  const resource = (kind) => (item.resources || []).find((r) => r.kind === kind)?.content?.value;
  const stat = resource("StaticResource"), iframe = resource("IFrameResource"), html = resource("HTMLResource");
  let doc = "";
  if (stat) doc = `<img src="${esc(stat)}" width="${w}" height="${h}" style="object-fit:contain">`;
  else if (iframe) doc = `<iframe src="${esc(iframe)}" width="${w}" height="${h}" style="border:0"></iframe>`;
  else if (html) doc = html;
  else doc = `<p style="font:12px sans-serif">${kind} ${w}×${h}: no resource</p>`;
  return `<div style="display:inline-block"><div class="rule">${kind} ${w}×${h}</div><iframe class="preview" sandbox="" referrerpolicy="no-referrer" width="${w}" height="${h}" srcdoc="${esc("<body style='margin:0'>" + doc)}"></iframe></div>`;
}

// ---- profiles
// Seconds as the page writes them: 90 → 1:30, 5.5 → 0:05.5.
function clock(t) {
  if (t == null || !isFinite(t)) return "?";
  const m = Math.floor(t / 60), s = t - 60 * m;
  return m + ":" + (s < 10 ? "0" : "") + (Number.isInteger(s) ? s : s.toFixed(1));
}
// Pause-ad eligibility: the verdict, the creative it would show (at its size) or the causes it shows none.
function drawPause(p) {
  const c = p.pause?.creative;
  return `<div class="pauseEligibility" data-eligible="${p.eligible ? "true" : "false"}">
    <span class="chip ${p.eligible ? "ok" : "bad"}">${p.eligible ? "eligible for a pause ad" : "not eligible for a pause ad"}</span>
    ${c ? `<dl class="decision"><dt>shows</dt><dd class="pauseCreative" data-width="${c.width ?? ""}" data-height="${c.height ?? ""}">&lt;NonLinear&gt; ${c.width ?? "?"}×${c.height ?? "?"} ${esc(c.creativeType || "")}</dd>
      <dt>image</dt><dd class="url">${esc(c.imageURL || "")}</dd><dt>click</dt><dd class="url">${esc(c.clickThrough || "(none)")}</dd></dl>` : ""}
    ${(p.pause?.causes || []).map((cause) => `<div class="cause rule">${esc(typeof cause === "string" ? cause : JSON.stringify(cause))}</div>`).join("")}</div>`;
}
// The companion decision for the slot: which companion the player chooses, at what size, and the fallback taken.
function drawCompanion(p) {
  const decision = p.companion || {};
  return (decision.ads || []).map((ad) => `<dl class="decision companionDecision" data-decision="${esc(decision.decision || "")}"
      data-width="${ad.companion?.width ?? ""}" data-height="${ad.companion?.height ?? ""}" data-fallback="${esc(ad.fallback || "")}">
    <dt>ad</dt><dd>${esc(ad.adID || ad.adPath || "")}</dd>
    <dt>decision</dt><dd class="companionChoice">${esc(decision.decision || "")} (${esc(ad.display || "")})</dd>
    <dt>companion</dt><dd class="companionSize">${ad.companion ? `${ad.companion.width}×${ad.companion.height} ${esc(ad.companion.resource || "")}` : "none chosen"}</dd>
    ${ad.companion?.resourceContent ? `<dt>resource</dt><dd class="url">${esc(ad.companion.resourceContent)}</dd>` : ""}
    <dt>fallback</dt><dd class="companionFallback">${esc(ad.fallback || "none")}</dd>
    <dt>after the ad</dt><dd>${esc(ad.afterAd || "")}</dd></dl>`).join("") || "<p class='rule'>No ad to decide for.</p>";
}
// The SSAI model: each break on a lane, its ads as bars as long as their durations, a mark at each skip offset.
function drawSSAI(p) {
  const breaks = p.ssai?.adBreaks || [];
  return breaks.map((b, i) => {
    const length = b.ads.reduce((sum, ad) => sum + (ad.duration || 0), 0), total = length || 1;
    let at = 0;
    const bars = b.ads.map((ad) => {
      const left = 100 * at / total, width = 100 * (ad.duration || 0) / total;
      at += ad.duration || 0;
      const skip = ad.skipOffset != null && ad.duration ? `<div class="ssaiSkip" title="skippable at ${ad.skipOffset} s" style="left:${(left + 100 * ad.skipOffset / total).toFixed(2)}%"></div>` : "";
      return `<div class="ssaiAd" data-duration="${ad.duration ?? ""}" data-skip="${ad.skipOffset ?? ""}" title="${esc(ad.resourceURI || "no resource URI")}"
        style="left:${left.toFixed(2)}%;width:${width.toFixed(2)}%">${esc(ad.id || "ad")} · ${ad.duration ?? "?"} s${ad.skipOffset != null ? " · skip " + ad.skipOffset + " s" : ""}</div>${skip}`;
    }).join("");
    return `<div class="ssaiBreak" data-offset="${b.timeOffset ?? ""}" data-ads="${b.ads.length}">
      <div class="rule">break ${i + 1} at ${b.timeOffset != null ? clock(b.timeOffset) : "?"} (${esc(b.source)}): ${b.ads.length} ad(s), ${length} s</div>
      <div class="lane">${bars}</div></div>`;
  }).join("") || "<p class='rule'>No ad break.</p>";
}
$("profilesRun").addEventListener("click", async () => {
  try {
    const [report] = await api("check", checkBody({ profile: ["all"], "profile-option": ["slot=" + $("slot").value, "duration=" + $("duration").value] }));
    const drawn = { pause: drawPause, companion: drawCompanion, ssai: drawSSAI };
    $("profilesOut").innerHTML = (report.profiles || []).map((p) => `<div class="profile" data-profile="${esc(p.profile)}"><b>${esc(p.profile)}</b> <span class="chip ${p.diagnostics.some((d) => d.severity === "error") ? "bad" : "ok"}">${esc(p.verdict)}</span>
      ${(p.reasons || []).map((r) => `<div class="rule">because ${esc(r)}</div>`).join("")}
      ${drawn[p.profile] ? drawn[p.profile](p) : ""}
      ${p.diagnostics.map((d) => `<div><span class="sev ${d.severity}">${d.severity}</span> ${esc(d.message)} <span class="rule">[${esc(d.ruleID)}]</span></div>`).join("")}
      <details><summary class="rule">what the player flow does (JSON)</summary><pre class="mono">${esc(JSON.stringify(Object.fromEntries(Object.entries(p).filter(([k]) => !["diagnostics", "verdict", "profile", "reasons"].includes(k))), null, 2))}</pre></details></div>`).join("<hr>");
  } catch (error) { $("profilesOut").innerHTML = `<p class="sev error">${esc(error.message)}</p>`; }
});
// The simulated pause timeline: each step at its time, and the span each pause ad is on screen.
$("simulateRun").addEventListener("click", async () => {
  try {
    const out = await api("simulate", { xml: source.value, name: "tag.xml", timeline: $("pauseTimeline").value });
    const steps = out.simulation.steps || [];
    const end = Math.max(1, ...steps.map((s) => s.time || 0)) * 1.05;
    const pos = (t) => (100 * t / end).toFixed(2) + "%";
    const spans = [];
    steps.forEach((s, i) => {
      if (!s.shown) return;
      const gone = steps.slice(i + 1).find((later) => later.dismissed === s.shown || later.event === "close" && later.pixels?.length);
      spans.push({ ad: s.shown, from: s.time, to: gone ? gone.time : end });
    });
    $("simulateOut").innerHTML = `<div class="lane pauseLane">
        ${steps.map((s, i) => `<div class="step" data-event="${esc(s.event)}" data-time="${s.time}" style="left:${pos(s.time)}" title="${esc(s.outcome)}"><span style="top:${i % 2 ? 17 : 2}px">${esc(s.event)}</span></div>`).join("")}
        ${spans.map((s) => `<div class="shown" data-from="${s.from}" data-to="${s.to}" style="left:${pos(s.from)};width:${(100 * (s.to - s.from) / end).toFixed(2)}%" title="${esc(s.ad)} on screen"></div>`).join("")}
        ${[0, end / 2, end].map((t) => `<div class="tick" style="left:${pos(t)}">${clock(Math.round(t))}</div>`).join("")}</div>
      <table>${steps.map((s) => `<tr><td class="mono">${clock(s.time)}</td><td>${esc(s.event)}</td><td>${esc(s.outcome)}</td><td class="url">${(s.pixels || []).map((px) => esc(px.event + " → " + px.url)).join("<br>")}</td></tr>`).join("")}</table>`;
  } catch (error) { $("simulateOut").innerHTML = `<p class="sev error">${esc(error.message)}</p>`; }
});
$("scheduleRun").addEventListener("click", async () => {
  try {
    const out = await api("schedule", { xml: source.value, name: "schedule.xml", duration: $("duration").value });
    const breaks = out.schedule.breaks || [];
    const total = out.schedule.contentDuration || seconds($("duration").value, null) || Math.max(1, ...breaks.map((b) => b.time || 0));
    $("scheduleOut").innerHTML = `<div class="sched">${breaks.map((b) => `<div title="${esc(b.timecode + " " + b.kind)}" style="left:${Math.min(100, 100 * (b.time || 0) / total)}%"></div>`).join("")}</div>
      <table>${breaks.map((b) => `<tr><td>${esc(b.timecode)}</td><td>${esc(b.kind)}</td><td class="url">${esc(b.source)}</td></tr>`).join("")}</table>
      ${out.diagnostics.map((d) => `<div><span class="sev ${d.severity}">${d.severity}</span> ${esc(d.message)}</div>`).join("")}`;
  } catch (error) { $("scheduleOut").innerHTML = `<p class="sev error">${esc(error.message)}</p>`; }
});

// ---- parameters
$("paramsRun").addEventListener("click", checkParams);
async function checkParams() {
  const text = $("paramInput").value.trim();
  if (!text) return;
  try {
    const out = await api("params", { strings: [text] });
    const a = out.results[0].analysis;
    const marks = a.diagnostics.filter((d) => d.position).sort((x, y) => x.position.column - y.position.column);
    let html = "", at = 0;
    const chars = [...text];
    for (const d of marks) {
      const start = Math.max(at, d.position.column - 1);
      html += esc(chars.slice(at, start).join("")) + `<mark class="${d.severity}" title="${esc(d.message)}">${esc(chars[start] ?? " ")}</mark>`;
      at = start + 1;
    }
    html += esc(chars.slice(at).join(""));
    const c = a.creative || {};
    let preview = "";
    if (c.carousel) preview = `<h4>Carousel: ${esc(c.carousel.title)}</h4><div class="strip">${c.carousel.images.map((img) =>
      `<figure><div class="mono">#${img.position}</div><div class="url">${esc(img.url)}</div><div class="rule">tap → ${esc(img.tapDestination || "(none)")}</div></figure>`).join("")}</div>`;
    else if (c.customCTA) preview = `<h4>Custom CTA</h4><div class="cta"><span>${esc(c.customCTA.title)}</span><b>${esc(c.customCTA.buttonText)}</b></div><div class="rule">→ ${esc(c.customCTA.destination)}</div>`;
    else if (Object.keys(c).length) preview = `<pre class="mono">${esc(JSON.stringify(c, null, 2))}</pre>`;
    $("paramsOut").innerHTML = `<p>Format <b>${esc(a.format || "unknown")}</b> <span class="chip ${a.accepted ? "ok" : "bad"}">${a.accepted ? "accepted" : "rejected"}</span></p>
      <pre id="paramtext" class="diff">${html}</pre>
      ${a.diagnostics.map((d) => `<div class="finding"><span class="sev ${d.severity}">${d.severity}</span> ${d.position ? "col " + d.position.column : ""} ${esc(d.message)} <span class="rule">[${esc(d.ruleID)}]</span></div>`).join("") || "<p>No findings.</p>"}
      ${preview}`;
  } catch (error) { $("paramsOut").innerHTML = `<p class="sev error">${esc(error.message)}</p>`; }
}

// ---- share
$("downloadHTML").addEventListener("click", async () => {
  try { download(await api("check", checkBody({ format: "html" })), "findings.html", "text/html"); } catch (error) { status(error.message, true); }
});
$("copyMarkdown").addEventListener("click", async () => {
  status("building the summary…");
  try { const md = await api("check", checkBody({ format: "markdown" })); $("shareOut").textContent = md; await copy(md); } catch (error) { status(error.message, true); }
});
$("saveCase").addEventListener("click", async () => {
  const name = $("caseName").value.trim();
  if (!name) { $("shareOut").textContent = "Give the case a name."; return; }
  try {
    const out = await api("save-case", checkBody({ name }));
    $("shareOut").innerHTML = `Saved case <b>${esc(out.case)}</b> (${out.files.map(esc).join(", ")}): conform run <span class="chip ${out.status === "passed" ? "ok" : "bad"}">${esc(out.status)}</span>`;
  } catch (error) { $("shareOut").innerHTML = `<span class="sev error">${esc(error.message)}</span>`; }
});

// ---- inputs
$("mode").addEventListener("change", () => {
  const mode = $("mode").value;
  $("url").classList.toggle("hidden", mode !== "url"); $("resolve").classList.toggle("hidden", mode !== "url");
  if (mode === "params") showPane("params");
});
$("resolve").addEventListener("click", resolveURL);
$("url").addEventListener("keydown", (e) => { if (e.key === "Enter") resolveURL(); });
async function resolveURL() {
  const url = $("url").value.trim(); if (!url) return;
  status("fetching…");
  try {
    const out = await api("fetch", { url });
    $("follow").checked = true;
    setSource(out.text, out.url);
    $("sourceTitle").textContent = out.url;
    await check();
    showPane("chain");
  } catch (error) { status(error.message, true); }
}
$("examples").addEventListener("change", async () => {
  const id = $("examples").value; if (!id) return;
  try {
    const ex = await api("example?id=" + encodeURIComponent(id));
    if (ex.kind === "params") { $("mode").value = "params"; $("paramInput").value = ex.text; showPane("params"); checkParams(); }
    else { $("mode").value = "tag"; $("sourceTitle").textContent = "Source"; setSource(ex.text, null); check(); }
    $("mode").dispatchEvent(new Event("change"));
  } catch (error) { status(error.message, true); }
});
$("follow").addEventListener("change", check);
$("probe").addEventListener("change", check);
$("player").addEventListener("change", check);
$("macros").addEventListener("change", check);
(async function start() {
  try {
    const info = await api("info");
    $("player").innerHTML = info.players.map((p) => `<option>${esc(p)}</option>`).join("");
    $("saveCase").disabled = !info.corpus;
    if (!info.corpus) $("saveCase").title = "start the server with --corpus DIR to save cases";
    const examples = await api("examples");
    const groups = {};
    for (const e of examples) (groups[e.group] = groups[e.group] || []).push(e);
    for (const [group, list] of Object.entries(groups)) {
      const g = document.createElement("optgroup"); g.label = group === "rules" ? "Rule examples" : "Corpus";
      g.innerHTML = list.map((e) => `<option value="${esc(e.id)}">${esc(e.title)}</option>`).join("");
      $("examples").appendChild(g);
    }
    status("ready");
  } catch (error) { status(error.message, true); }
  renderGutter();
})();
</script>
</body>
</html>
"""#
}
