#!/usr/bin/env python3
"""The workbench in a real browser: Playwright for Python driving the system Chromium against a real
`conform serve` on a free loopback port. Exits non-zero when any step fails.

Steps: paste a tag and see its findings in the list, the gutter and under the source; open a finding's
explanation; repair the tag (diff, apply, download); resolve a tag URL whose wrapper chain
scripts/test-http-server.py serves, and compare the player presets; see the chain's pixels in the tracking
waterfall and copy it as CSV; play a small video made here with ffmpeg and see the start, quartile and
progress marks on the timeline without a pixel being requested, then with the firing switch on see them
requested; download the HTML findings page and copy the Markdown summary; save the chain as a corpus case
and prove `conform run` passes on it; check a parameter string; drop a file; load an example; evaluate the
player profiles; no console errors; a screenshot.

Needs: a built conform (swift build), python3 with `pip install playwright` (the browser is the system's,
never downloaded: `playwright install` is not used), chromium, ffmpeg and libmicrohttpd.

Usage: scripts/workbench-browser-test.py [--binary .build/debug/conform] [--chromium /usr/bin/chromium]
                                         [--screenshot workbench.png]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PASTED = """<VAST version="4.2">
  <Ad id="pasted">
    <InLine>
      <AdSystem>Workbench</AdSystem>
      <AdTitle>Pasted</AdTitle>
      <Error>https://errors.example.com/e?code=[errorcode]</Error>
      <Impression><![CDATA[https://track.example.com/impression]]></Impression>
      <AdServingId>a</AdServingId>
      <Creatives>
        <Creative>
          <UniversalAdId idRegistry="ad-id.org">X</UniversalAdId>
          <Linear>
            <Duration>00:00:04</Duration>
            <MediaFiles>
              <MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.example.com/a.mp4]]></MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>
"""


# A tag for the playback pick and the player profiles: a WebM file, a VPAID MP4 and a plain MP4 (the native
# player plays the plain MP4: neither WebM nor VPAID is among its formats), two companions, a pause-ad
# NonLinear and a skippable Linear.
def profiled(base):
    return f"""<VAST version="4.2"><Ad id="profiled"><InLine><AdSystem>x</AdSystem><AdTitle>Profiled</AdTitle>
<Impression><![CDATA[https://track.example.com/i]]></Impression><AdServingId>a</AdServingId>
<Creatives><Creative><UniversalAdId idRegistry="ad-id.org">P-1</UniversalAdId><Linear skipoffset="00:00:05"><Duration>00:00:10</Duration><MediaFiles>
<MediaFile delivery="progressive" type="video/webm" width="640" height="360"><![CDATA[{base}/files/clip.webm]]></MediaFile>
<MediaFile delivery="progressive" type="video/mp4" apiFramework="VPAID" width="640" height="360"><![CDATA[{base}/files/vpaid.mp4]]></MediaFile>
<MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[{base}/files/p.mp4]]></MediaFile>
</MediaFiles></Linear></Creative>
<Creative><UniversalAdId idRegistry="ad-id.org">P-2</UniversalAdId><CompanionAds>
<Companion width="728" height="90"><StaticResource creativeType="image/png"><![CDATA[{base}/files/companion.png]]></StaticResource></Companion>
<Companion width="300" height="250"><StaticResource creativeType="image/png"><![CDATA[{base}/files/companion.png]]></StaticResource></Companion>
</CompanionAds></Creative>
<Creative><UniversalAdId idRegistry="ad-id.org">P-3</UniversalAdId><NonLinearAds><NonLinear width="400" height="225" minSuggestedDuration="00:00:10"><StaticResource creativeType="image/png"><![CDATA[{base}/files/companion.png]]></StaticResource>
<NonLinearClickThrough><![CDATA[https://landing.example.com/p]]></NonLinearClickThrough></NonLinear></NonLinearAds></Creative>
</Creatives></InLine></Ad></VAST>
"""


# A VMAP schedule: a pre-roll, a mid-roll at five minutes, a post-roll.
VMAP = """<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
""" + "".join(f"""  <vmap:AdBreak timeOffset="{offset}" breakType="linear" breakId="{name}">
    <vmap:AdSource id="{name}-source" allowMultipleAds="false" followRedirects="true">
      <vmap:AdTagURI templateType="vast4"><![CDATA[https://ads.example.com/vast?slot={name}]]></vmap:AdTagURI>
    </vmap:AdSource>
  </vmap:AdBreak>
""" for offset, name in [("start", "pre"), ("00:05:00", "mid"), ("end", "post")]) + "</vmap:VMAP>\n"


def inline(base):
    pixel = base + "/status/204?e="
    events = "".join(
        f'<Tracking event="{e}"><![CDATA[{pixel}{e}]]></Tracking>'
        for e in ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete"])
    return f"""<VAST version="4.2">
  <Ad id="inline">
    <InLine>
      <AdSystem>Origin</AdSystem>
      <AdTitle>Played</AdTitle>
      <Impression><![CDATA[{pixel}impression-inline]]></Impression>
      <AdServingId>serve-1</AdServingId>
      <Creatives>
        <Creative>
          <UniversalAdId idRegistry="ad-id.org">UA-1</UniversalAdId>
          <Linear skipoffset="00:00:02">
            <Duration>00:00:04</Duration>
            <TrackingEvents>{events}<Tracking event="progress" offset="00:00:01"><![CDATA[{pixel}progress-1s]]></Tracking></TrackingEvents>
            <MediaFiles>
              <MediaFile delivery="progressive" type="video/webm" width="160" height="120"><![CDATA[{base}/files/clip.webm]]></MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
        <Creative>
          <UniversalAdId idRegistry="ad-id.org">UA-2</UniversalAdId>
          <CompanionAds>
            <Companion width="300" height="250">
              <StaticResource creativeType="image/png"><![CDATA[{base}/files/companion.png]]></StaticResource>
              <CompanionClickThrough><![CDATA[https://landing.example.com/c]]></CompanionClickThrough>
            </Companion>
          </CompanionAds>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>
"""


def wrapper(base):
    return f"""<VAST version="4.2">
  <Ad id="wrapper">
    <Wrapper>
      <AdSystem>Wrapper</AdSystem>
      <Impression><![CDATA[{base}/status/204?e=impression-wrapper]]></Impression>
      <VASTAdTagURI><![CDATA[{base}/files/inline.xml]]></VASTAdTagURI>
    </Wrapper>
  </Ad>
</VAST>
"""


class Failure(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Failure(message)
    print("ok   " + message)


def wait_until(page, expression, timeout=10000):
    """Polls `expression` in the page (Playwright's own polling evaluates strings, which the page's content
    security policy forbids)."""
    deadline = time.time() + timeout / 1000
    while time.time() < deadline:
        if page.evaluate(expression):
            return
        time.sleep(0.1)
    raise Failure(f"timed out waiting for {expression}")


def start(command, first_line_check):
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    if not first_line_check(line):
        process.kill()
        raise Failure(f"{command[0]} did not start: {line!r}")
    return process, line


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/conform"))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--screenshot", default=None, help="where to write the screenshot (default: a temporary folder)")
    args = parser.parse_args()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("error: Playwright for Python is needed: pip install playwright", file=sys.stderr)
        return 2
    for tool in [args.binary, args.chromium, shutil.which("ffmpeg") or "ffmpeg"]:
        if not os.path.exists(tool):
            print(f"error: {tool} is needed", file=sys.stderr)
            return 2

    work = tempfile.mkdtemp(prefix="workbench-test-")
    files = os.path.join(work, "files")
    corpus = os.path.join(work, "corpus")
    os.makedirs(files)
    os.makedirs(corpus)
    screenshot = args.screenshot or os.path.join(work, "workbench.png")
    processes = []
    try:
        # A four-second clip, made here.
        subprocess.run(["ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=duration=4:size=160x120:rate=10",
                        "-c:v", "libvpx", "-b:v", "200k", "-y", os.path.join(files, "clip.webm")], check=True)
        subprocess.run(["ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i", "color=c=orange:s=300x250", "-frames:v", "1",
                        "-y", os.path.join(files, "companion.png")], check=True)
        # MP4 files for the native player's pick (MPEG-4 part 2: any ffmpeg writes it; the page only selects them).
        for name in ["p.mp4", "vpaid.mp4"]:
            subprocess.run(["ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=10",
                            "-c:v", "mpeg4", "-y", os.path.join(files, name)], check=True)
        origin, line = start([sys.executable, os.path.join(ROOT, "scripts/test-http-server.py"), files], lambda l: l.strip().isdigit())
        processes.append(origin)
        base = f"http://127.0.0.1:{line.strip()}"
        with open(os.path.join(files, "inline.xml"), "w") as f:
            f.write(inline(base))
        with open(os.path.join(files, "wrapper.xml"), "w") as f:
            f.write(wrapper(base))
        server, line = start([args.binary, "serve", "--corpus", corpus], lambda l: "http://127.0.0.1:" in l)
        processes.append(server)
        url = line.split(": ", 1)[1].strip()
        print("workbench at " + url)

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=args.chromium,
                                                 args=["--no-sandbox", "--autoplay-policy=no-user-gesture-required"])
            context = browser.new_context(accept_downloads=True, viewport={"width": 1500, "height": 950})
            context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url.rstrip("/"))
            page = context.new_page()
            problems, requested = [], []
            page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
            page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
            page.on("request", lambda r: requested.append(r.url))
            page.goto(url)
            wait_until(page, "document.getElementById('status').textContent === 'ready'", timeout=15000)

            # Paste a tag: findings in the list, a marker in the gutter at the finding's line, a mark under the source.
            page.fill("#source", PASTED)
            page.wait_for_selector("#findings .finding", timeout=15000)
            rules = page.eval_on_selector_all("#findings .finding .rule", "nodes => nodes.map(n => n.textContent)")
            expect(any("VAST-2.0-url-cdata" in r for r in rules), "pasted tag: VAST-2.0-url-cdata among the findings")
            expect(any("VAST-2.0-macro-case" in r for r in rules), "pasted tag: VAST-2.0-macro-case among the findings")
            marked = page.eval_on_selector_all("#gutter [data-line]", "nodes => nodes.map(n => Number(n.dataset.line))")
            expect(6 in marked, f"a gutter marker on line 6, the <Error> line (markers on {marked})")
            under = page.eval_on_selector_all("#backdrop mark", "nodes => nodes.map(n => n.dataset.rule)")
            expect(len(under) > 0, f"findings underlined in the source ({under})")

            wait_until(page, "[...document.querySelectorAll('#media option')].some(o => o.textContent.includes(\"the native player's pick\"))")
            expect(True, "playback offers the MediaFile the native player would pick (the SSAI profile's)")

            # A finding opens its explanation.
            page.click("#findings .finding:has-text('VAST-2.0-url-cdata')")
            page.wait_for_selector("#pane-explain h3", timeout=10000)
            text = page.inner_text("#pane-explain")
            expect("VAST-2.0-url-cdata" in text and "Fix" in text, "the explanation names the rule and its fix")

            # Repairs: a diff, applied, downloaded.
            page.click("#tabs button[data-pane=fix]")
            page.click("#fixRun")
            page.wait_for_selector("#diff .add", timeout=10000)
            expect("[ERRORCODE]" in page.inner_text("#diff"), "the repair diff writes the macro in upper case")
            page.click("#fixApply")
            wait_until(page, "document.getElementById('source').value.includes('[ERRORCODE]')", timeout=5000)
            wait_until(page, "![...document.querySelectorAll('#findings .rule')].some(n => n.textContent.includes('macro-case'))",
                                   timeout=15000)
            expect(True, "applied: the editor holds the repaired tag and the macro-case finding is gone")
            with page.expect_download() as info:
                page.click("#fixDownload")
            downloaded = open(info.value.path()).read()
            expect("<![CDATA[https://errors.example.com/e?code=[ERRORCODE]]]>" in downloaded, "the downloaded tag is the repaired one")

            # A tag URL: the server fetches it and resolves the chain.
            page.select_option("#mode", "url")
            page.fill("#url", base + "/files/wrapper.xml")
            page.click("#resolve")
            page.wait_for_selector("#chainOut table", timeout=20000)
            chain = page.inner_text("#chainOut")
            expect("/files/inline.xml" in chain and "inline" in chain, "the chain view shows the hop to the InLine")
            hops = page.eval_on_selector_all("#chainOut table tr", "rows => rows.length - 1")
            expect(hops == 2, f"two hops: the wrapper and the InLine ({hops})")
            page.click("#tabs button[data-pane=tracking]")
            waterfall = page.inner_text("#trackingOut")
            expect("impression-wrapper" in waterfall and "impression-inline" in waterfall and "firstQuartile" in waterfall,
                   "the tracking waterfall lists both hops' impressions and the quartile events")

            page.evaluate("document.getElementById('status').textContent = ''")
            page.click("#copyText")
            wait_until(page, "document.getElementById('status').textContent === 'copied'")
            text = page.evaluate("navigator.clipboard.readText()")
            expect("impression-wrapper" in text and "firstQuartile" in text and not text.startswith("ad,event"), "the waterfall copied as text")
            page.evaluate("document.getElementById('status').textContent = ''")
            page.click("#copyCSV")
            wait_until(page, "document.getElementById('status').textContent === 'copied'")
            csv = page.evaluate("navigator.clipboard.readText()")
            expect(csv.startswith("ad,event,offset,hop,url,expanded") and "impression-wrapper" in csv, "the waterfall copied as CSV")
            page.click("#tabs button[data-pane=chain]")
            page.click("#comparePlayers")
            page.wait_for_selector("#compareOut table", timeout=20000)
            compared = page.inner_text("#compareOut")
            expect(all(p in compared for p in ["spec", "ima", "vast-client-js"]), "the player presets side by side")

            # Assets: ticking "probe assets" re-checks with each asset's answer beside it; the answers are kept for the
            # session, and "request again" requests them again.
            def probed(path):
                with urllib.request.urlopen(base + "/requests?agent=conform", timeout=10) as answer:
                    return answer.read().decode().splitlines().count(path)
            page.click("#tabs button[data-pane=assets]")
            page.check("#probe")
            page.wait_for_selector("#assetsOut table", timeout=20000)
            rows = page.eval_on_selector_all("#assetsOut table tr", "rows => rows.slice(1).map(r => r.innerText)")
            expect(any("MediaFile" in r and "/files/clip.webm" in r and "200" in r for r in rows),
                   f"the Assets tab shows the MediaFile's answer beside it ({rows})")
            expect(any("Companion StaticResource" in r and "300x250" in r for r in rows),
                   f"the Assets tab shows the companion image's size ({rows})")
            once = probed("/files/clip.webm")
            expect(once == 1, f"the media file requested once by the probe ({once})")
            page.evaluate("document.getElementById('status').textContent = ''")
            page.evaluate("() => { const s = document.getElementById('source'); s.value += '\\n'; s.dispatchEvent(new Event('input')); }")
            wait_until(page, "document.getElementById('status').textContent.startsWith('checked')", timeout=20000)
            page.wait_for_selector("#assetsOut table", timeout=20000)
            expect(probed("/files/clip.webm") == 1, "a re-check keeps the session's answer: nothing requested again")
            page.evaluate("document.getElementById('status').textContent = ''")
            page.click("#reprobe")
            wait_until(page, "document.getElementById('status').textContent.startsWith('requested again')", timeout=20000)
            expect(probed("/files/clip.webm") == 2, "request again: the media file requested a second time")
            page.uncheck("#probe")

            # Playback: the timeline marks what would fire, nothing is requested.
            page.click("#tabs button[data-pane=playback]")
            wait_until(page, "document.querySelectorAll('#timeline .mark').length >= 6", timeout=10000)
            sizes = page.eval_on_selector_all("#previews iframe", "frames => frames.map(f => f.width + 'x' + f.height + ' ' + f.getAttribute('sandbox'))")
            expect(sizes == ["300x250 "], f"the companion previewed at its declared size in a sandboxed frame ({sizes})")
            page.evaluate("document.getElementById('video').play()")
            wait_until(page, "document.getElementById('video').ended", timeout=20000)
            page.wait_for_timeout(300)
            fired = page.eval_on_selector_all("#timeline .mark.fired span", "nodes => nodes.map(n => n.textContent)")
            for name in ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "progress@00:00:01"]:
                expect(name in fired, f"playback: {name} marked on the timeline")
            # The skip button shows once the playhead passes skipoffset (00:00:02), and skipping is logged.
            expect(page.eval_on_selector("#skip", "b => !b.classList.contains('hidden')"), "the skip button shows after the skip offset")
            page.click("#skip")
            expect("skipped at" in page.inner_text("#fired"), "skipping is logged on the timeline")
            log = page.inner_text("#fired")
            expect("shown, not requested" in log and "(fired)" not in log, "pixels shown, not requested (the switch is off)")
            pixels = [u for u in requested if "/status/204" in u]
            expect(not pixels, f"no tracking pixel was requested by the page ({pixels})")
            expect(any(u.endswith("/files/clip.webm") for u in requested), "the MediaFile was played")
            # The explicit switch fires them for real.
            page.check("#fireReal")
            page.evaluate("const v = document.getElementById('video'); v.currentTime = 0; v.play()")
            wait_until(page, "document.getElementById('video').ended", timeout=20000)
            page.wait_for_timeout(500)
            pixels = [u for u in requested if "/status/204" in u]
            expect(any("e=firstQuartile" in u for u in pixels) and any("e=complete" in u for u in pixels),
                   "with the switch on, the pixels are requested as the playhead passes them")
            page.uncheck("#fireReal")

            # Share: the HTML findings page and the Markdown summary.
            page.click("#tabs button[data-pane=share]")
            with page.expect_download() as info:
                page.click("#downloadHTML")
            html = open(info.value.path()).read()
            expect(html.lstrip().lower().startswith("<!doctype html") and "wrapper.xml" in html, "the single-file HTML findings page downloads")
            # The status still reads "copied" from the waterfall: clear it so that only this copy can set it.
            page.evaluate("document.getElementById('status').textContent = ''")
            page.click("#copyMarkdown")
            wait_until(page, "document.getElementById('status').textContent === 'copied'")
            markdown = page.evaluate("navigator.clipboard.readText()")
            expect("|" in markdown and "conform" in markdown.lower(), f"the Markdown summary is copied ({markdown[:60]!r})")

            # Save the chain as a corpus case.
            page.click("#tabs button[data-pane=share]")
            page.fill("#caseName", "workbench/chain-case")
            page.click("#saveCase")
            page.wait_for_selector("#shareOut .chip", timeout=20000)
            expect("passed" in page.inner_text("#shareOut"), "the saved case passed its run")
            page.screenshot(path=screenshot, full_page=False)
            run = subprocess.run([args.binary, "run", "--no-config", "-o", os.path.join(work, "reports"), corpus],
                                 capture_output=True, text=True)
            expect(run.returncode == 0, f"conform run passes on the saved case (exit {run.returncode})\n{run.stdout}{run.stderr}")
            expect(os.path.exists(os.path.join(corpus, "workbench/chain-case/chain.json")), "the case is a chain case with chain.json")

            # A parameter string.
            page.select_option("#mode", "params")
            page.fill("#paramInput", "icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=ftp://shop.example.com")
            page.click("#paramsRun")
            page.wait_for_selector("#paramtext", timeout=10000)
            out = page.inner_text("#paramsOut")
            expect("customCTA" in out and "PARAM-" in out, "the parameter string's format and findings")
            expect(page.eval_on_selector_all("#paramtext mark", "n => n.length") > 0, "findings marked at their character positions")
            page.screenshot(path=screenshot.replace(".png", "-params.png"))

            # A file dropped on the editor.
            page.evaluate("""(text) => {
                const data = new DataTransfer();
                data.items.add(new File([text], "dropped.xml", { type: "application/xml" }));
                document.getElementById("editor").dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
            }""", PASTED.replace("Pasted", "Dropped"))
            wait_until(page, "document.getElementById('source').value.includes('Dropped')")
            page.click("#tabs button[data-pane=findings]")
            wait_until(page, "[...document.querySelectorAll('#findings .rule')].some(n => n.textContent.includes('VAST-2.0-url-cdata'))",
                       timeout=15000)
            expect(True, "a dropped file is loaded and checked")

            # The examples menu, then the player profiles of the example.
            page.select_option("#examples", "rule:VAST-2.0-url-http:invalid:1")
            wait_until(page, "document.getElementById('source').value.includes('<VAST')")
            page.click("#tabs button[data-pane=findings]")
            wait_until(page, "[...document.querySelectorAll('#findings .rule')].some(n => n.textContent.includes('VAST-2.0-url-http'))",
                       timeout=15000)
            expect(True, "an example from the menu is loaded and checked")
            page.click("#tabs button[data-pane=profiles]")
            page.click("#profilesRun")
            page.wait_for_selector("#profilesOut .chip", timeout=15000)
            profiles = page.inner_text("#profilesOut")
            expect(all(p in profiles for p in ["pause", "companion", "ssai", "schedule"]), "every player profile's verdict")

            # A response with no ad: the chain view lists the root's Error URLs as a player would request them.
            page.select_option("#mode", "tag")
            page.click("#tabs button[data-pane=chain]")
            page.fill("#source", '<VAST version="4.2"><Error><![CDATA[https://errors.example.com/noad?code=[ERRORCODE]]]></Error></VAST>')
            page.wait_for_selector("#chainOut .rootErrors li", timeout=15000)
            root_errors = page.eval_on_selector_all("#chainOut .rootErrors li", "ns => ns.map(n => n.textContent)")
            expect(root_errors == ["https://errors.example.com/noad?code=303"],
                   f"a no-ad response's Error URL in the chain view ({root_errors})")

            # Playback picks the MediaFile the library says the native player plays (the SSAI profile's decision),
            # not the first one: the plain MP4, third in the document.
            page.select_option("#mode", "tag")
            page.fill("#source", profiled(base))
            wait_until(page, "document.getElementById('media').options.length === 3", timeout=15000)
            wait_until(page, "document.getElementById('media').selectedIndex === 2", timeout=15000)
            picked = page.eval_on_selector("#media", "s => s.options[s.selectedIndex].textContent")
            expect("p.mp4" in picked and "the native player's pick" in picked, f"playback selects the native player's pick ({picked})")
            labelled = page.eval_on_selector_all("#media option", "os => os.filter(o => o.textContent.includes(\"native player's pick\")).length")
            expect(labelled == 1, f"one MediaFile is labelled the native player's pick ({labelled})")

            # The profiles drawn: pause eligibility, the companion decision, the SSAI model, the pause timeline.
            page.click("#tabs button[data-pane=profiles]")
            page.fill("#slot", "300x250")
            # The example's profiles are drawn already: clear them so that only this tag's can be found.
            page.evaluate("document.getElementById('profilesOut').innerHTML = ''")
            page.click("#profilesRun")
            page.wait_for_selector("#profilesOut .pauseEligibility", timeout=15000)
            eligible = page.eval_on_selector(".pauseEligibility", "n => n.dataset.eligible")
            pause_size = page.eval_on_selector(".pauseCreative", "n => n.dataset.width + 'x' + n.dataset.height")
            expect(eligible == "true" and pause_size == "400x225", f"pause ad eligible, showing the 400x225 NonLinear ({eligible}, {pause_size})")
            decision = page.eval_on_selector(".companionDecision", "n => [n.dataset.decision, n.dataset.width + 'x' + n.dataset.height, n.dataset.fallback]")
            expect(decision == ["standard", "300x250", "standard-slot"],
                   f"the companion decision for the 300x250 slot: the 300x250 companion in the standard slot ({decision})")
            expect("300×250" in page.inner_text(".companionSize"), "the chosen companion's size is written out")
            breaks = page.eval_on_selector_all(".ssaiBreak", "ns => ns.map(n => [n.dataset.offset, n.dataset.ads])")
            expect(breaks == [["0", "1"]], f"the SSAI model: one break at 0 s with one ad ({breaks})")
            ad = page.eval_on_selector(".ssaiAd", "n => [n.dataset.duration, n.dataset.skip, n.style.width, n.title]")
            expect(ad[:3] == ["10", "5", "100%"] and ad[3] == base + "/files/p.mp4",
                   f"the SSAI ad drawn: 10 s, skippable at 5 s, playing the native pick ({ad})")
            skip = page.eval_on_selector(".ssaiSkip", "n => n.style.left")
            expect(skip == "50%", f"the skip offset marked halfway along the ad ({skip})")
            page.fill("#pauseTimeline", "play@0,pause@30,resume@40,pause@90,close@95")
            page.click("#simulateRun")
            page.wait_for_selector("#simulateOut .pauseLane .step", timeout=15000)
            steps = page.eval_on_selector_all("#simulateOut .step", "ns => ns.map(n => n.dataset.event + '@' + n.dataset.time)")
            expect(steps[:4] == ["play@0", "pause@30", "eligible@31", "resume@40"] and "close@95" in steps,
                   f"the pause timeline drawn step by step ({steps})")
            shown = page.eval_on_selector_all("#simulateOut .shown", "ns => ns.map(n => n.dataset.from + '-' + n.dataset.to)")
            expect(shown == ["31-40"], f"the pause ad on screen from 31 s to the resume at 40 s ({shown})")
            page.screenshot(path=screenshot.replace(".png", "-profiles.png"))

            # A VMAP schedule drawn on a timeline of the content's duration: pre-roll, mid-roll halfway, post-roll.
            page.fill("#source", VMAP)
            page.fill("#duration", "00:10:00")
            page.click("#scheduleRun")
            page.wait_for_selector("#scheduleOut .sched div", timeout=15000)
            placed = page.eval_on_selector_all("#scheduleOut .sched div", "ns => ns.map(n => n.style.left)")
            expect(placed == ["0%", "50%", "100%"], f"the VMAP breaks at 0 %, 50 % and 100 % of ten minutes ({placed})")

            expect(not problems, "no console errors" + ("".join("\n  " + p for p in problems)))
            browser.close()
        print(f"screenshot: {screenshot}")
        print("workbench browser test passed")
        return 0
    except Failure as failure:
        print(f"FAIL {failure}", file=sys.stderr)
        return 1
    finally:
        for process in processes:
            process.kill()
            process.wait()
        if not args.screenshot:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
