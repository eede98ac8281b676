#!/usr/bin/env python3
"""Generate the shipped conformance corpus under Corpus/ from the hand-written seeds in this file.

Usage:
    python3 scripts/gen-corpus.py                  # regenerate from scripts/rule-examples.json
    python3 scripts/gen-corpus.py --refresh-rules  # first run `swift run conform dump-rule-examples`
    python3 scripts/gen-corpus.py --check          # exit 1 if Corpus/ differs from what would be generated

The generator owns these folders of Corpus/ and rewrites them completely (stale files are removed):
    vast/  vmap/  malformed/  hostile/  chains/  rules/  profiles/rules/  formats/
It never touches Corpus/README.md, Corpus/params/ (parameter tables are written by hand or by
their own generator) or any other folder, so hand-written cases live beside the generated ones.

Output is deterministic: no clock, no randomness without a fixed seed, sorted JSON keys, LF line
endings. Re-running the generator reproduces every file byte for byte.
"""

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULE_EXAMPLES = os.path.join(ROOT, "scripts", "rule-examples.json")
OWNED = ["vast", "vmap", "malformed", "hostile", "chains", "rules", "profiles/rules", "formats"]
MARK = "\u2193"  # ↓ marks where a diagnostic must point (removed from the written file)

VERSIONS = ["2.0", "3.0", "4.0", "4.1", "4.2", "4.3", "4.4"]


def vnum(version):
    major, minor = version.split(".")
    return int(major) * 10 + int(minor)


# ---------------------------------------------------------------------------------------------
# Output: the writer and the expectation builder
# ---------------------------------------------------------------------------------------------

class Writer:
    def __init__(self, root):
        self.root = root
        self.files = {}  # relative path -> bytes

    def add(self, relative, content):
        if isinstance(content, str):
            content = content.encode("utf-8")
        if relative in self.files:
            raise SystemExit(f"generator bug: {relative} written twice")
        self.files[relative] = content

    def json(self, relative, value):
        self.add(relative, json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n")

    def case(self, relative, text, expectation):
        """Writes a document case; `text` may hold ↓ markers, whose positions fill `line`/`column`
        of the expectation's present entries that ask for `"at": n` (the n-th marker)."""
        clean, positions = strip_markers(text) if isinstance(text, str) else (text, [])
        expectation = resolve_markers(expectation, positions)
        self.add(relative, clean)
        base = relative.rsplit(".", 1)[0]
        self.json(base + ".expect.json", expectation)

    def commit(self, check=False):
        corpus = os.path.join(self.root, "Corpus")
        wanted = {os.path.join(corpus, path): data for path, data in self.files.items()}
        existing = set()
        for folder in OWNED:
            for dirpath, _, names in os.walk(os.path.join(corpus, folder)):
                for name in names:
                    existing.add(os.path.join(dirpath, name))
        differences = []
        for path, data in sorted(wanted.items()):
            old = None
            if os.path.exists(path):
                with open(path, "rb") as handle:
                    old = handle.read()
            if old != data:
                differences.append(path)
                if not check:
                    os.makedirs(os.path.dirname(path), exist_ok=True)
                    with open(path, "wb") as handle:
                        handle.write(data)
        for path in sorted(existing - set(wanted)):
            differences.append(path)
            if not check:
                os.remove(path)
        if not check:
            for folder in OWNED:
                for dirpath, dirnames, names in sorted(os.walk(os.path.join(corpus, folder), topdown=False)):
                    if not os.listdir(dirpath):
                        os.rmdir(dirpath)
        return differences


def strip_markers(text):
    positions = []
    out = []
    line, column = 1, 1
    for char in text:
        if char == MARK:
            positions.append((line, column))
            continue
        out.append(char)
        if char == "\n":
            line, column = line + 1, 1
        else:
            column += 1
    return "".join(out), positions


def resolve_markers(expectation, positions):
    diagnostics = expectation.get("diagnostics")
    if not diagnostics:
        return expectation
    present = []
    for entry in diagnostics.get("present", []):
        if isinstance(entry, dict) and "at" in entry:
            entry = dict(entry)
            line, column = positions[entry.pop("at")]
            entry["line"], entry["column"] = line, column
        present.append(entry)
    diagnostics = dict(diagnostics, present=present)
    return dict(expectation, diagnostics=diagnostics)


def expect(verdict=None, tags=(), description=None, present=(), absent=(), tracking=None, chain=None, limits=None,
           profiles=None, exhaustive=False):
    value = {"version": 1}
    if verdict:
        value["verdict"] = verdict
    if tags:
        value["tags"] = sorted(set(tags))
    if description:
        value["description"] = description
    if present or absent:
        value["diagnostics"] = {}
        if present:
            value["diagnostics"]["present"] = list(present)
        if absent:
            value["diagnostics"]["absent"] = sorted(set(absent))
    if exhaustive:
        value.setdefault("diagnostics", {})["exhaustive"] = True
    if tracking:
        value["tracking"] = tracking
    if chain:
        value["chain"] = chain
    if limits:
        value["limits"] = limits
    if profiles:
        value["profiles"] = profiles
    return value


# ---------------------------------------------------------------------------------------------
# Seeds: the building blocks of valid VAST, written out by hand
# ---------------------------------------------------------------------------------------------

DURATIONS = ["00:00:15", "00:00:30.000", "00:00:06.500", "00:01:00", "00:00:20.250", "00:00:10"]
MEDIA_SETS = [
    [("progressive", "video/mp4", 1280, 720, 2000, "720.mp4")],
    [("progressive", "video/mp4", 1920, 1080, 4500, "1080.mp4"),
     ("progressive", "video/mp4", 1280, 720, 2000, "720.mp4"),
     ("progressive", "video/mp4", 640, 360, 700, "360.mp4")],
    [("progressive", "video/mp4", 1280, 720, 2000, "720.mp4"),
     ("progressive", "video/webm", 1280, 720, 1800, "720.webm")],
    [("streaming", "application/x-mpegURL", 1920, 1080, None, "master.m3u8")],
]
LAYOUTS = ["pretty", "compact", "declaration", "commented"]


class Doc:
    """Builds a VAST document line by line with indentation, collecting tracking URLs as it goes."""

    def __init__(self, version, layout, cdata, namespace):
        self.version = version
        self.layout = layout
        self.cdata = cdata
        self.namespace = namespace
        self.lines = []
        self.depth = 0
        self.tracking = {}

    def url(self, value, event=None):
        if event:
            self.tracking.setdefault(event, []).append(value)
        return f"<![CDATA[{value}]]>" if self.cdata else value

    def open(self, tag):
        self.lines.append("  " * self.depth + tag)
        self.depth += 1

    def close(self, tag):
        self.depth -= 1
        self.lines.append("  " * self.depth + tag)

    def leaf(self, tag):
        self.lines.append("  " * self.depth + tag)

    def text(self):
        body = self.lines
        if self.layout == "compact":
            out = "".join(line.strip() for line in body)
        else:
            out = "\n".join(body)
        if self.layout == "declaration":
            out = '<?xml version="1.0" encoding="UTF-8"?>\n' + out
        if self.layout == "commented":
            out = "<!-- generated by scripts/gen-corpus.py -->\n" + out
        return out + "\n"


def root_open(doc, extra=""):
    ns = ' xmlns="http://www.iab.com/VAST"' if doc.namespace and vnum(doc.version) >= 40 else ""
    return f'{MARK}<VAST version="{doc.version}"{ns}{extra}>'


def events_for(version, skippable):
    events = ["creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "mute", "unmute",
              "pause", "resume"]
    if skippable and vnum(version) >= 30:
        events.append("skip")
    if vnum(version) >= 41:
        events.append("loaded")
    return events


def linear(doc, ad, opts):
    v = vnum(doc.version)
    skip = ' skipoffset="00:00:05"' if opts.get("skippable") and v >= 30 else ""
    doc.open(f"<Linear{skip}>")
    doc.leaf(f"<Duration>{opts['duration']}</Duration>")
    doc.open("<TrackingEvents>")
    for event in events_for(doc.version, opts.get("skippable")):
        doc.leaf(f'<Tracking event="{event}">{doc.url(f"https://track.example.com/{ad}/{event}", event)}</Tracking>')
    if v >= 30 and opts.get("progress"):
        doc.leaf(f'<Tracking event="progress" offset="00:00:05">{doc.url(f"https://track.example.com/{ad}/progress-5", "progress")}</Tracking>')
    doc.close("</TrackingEvents>")
    if opts.get("adParameters"):
        doc.leaf(f"<AdParameters><![CDATA[{{\"campaign\":\"{ad}\"}}]]></AdParameters>")
    doc.open("<VideoClicks>")
    doc.leaf(f'<ClickThrough id="ct-{ad}">{doc.url(f"https://landing.example.com/{ad}", "clickThrough")}</ClickThrough>')
    doc.leaf(f'<ClickTracking id="ck-{ad}">{doc.url(f"https://track.example.com/{ad}/click", "clickTracking")}</ClickTracking>')
    if v >= 30:
        doc.leaf(f'<CustomClick id="cc-{ad}">{doc.url(f"https://track.example.com/{ad}/custom-click", "customClick")}</CustomClick>')
    doc.close("</VideoClicks>")
    doc.open("<MediaFiles>")
    for delivery, mime, width, height, bitrate, name in opts["media"]:
        rate = f' bitrate="{bitrate}"' if bitrate and v >= 30 else (f' bitrate="{bitrate}"' if bitrate else "")
        aspect = ' maintainAspectRatio="true" scalable="true"' if opts.get("aspect") else ""
        doc.leaf(f'<MediaFile id="mf-{name}" delivery="{delivery}" type="{mime}" width="{width}" height="{height}"{rate}{aspect}>'
                 f'{doc.url(f"https://cdn.example.com/{ad}/{name}")}</MediaFile>')
    if opts.get("mezzanine") and v >= 40:
        doc.leaf(f'<Mezzanine delivery="progressive" type="video/mp4" width="1920" height="1080">'
                 f'{doc.url(f"https://cdn.example.com/{ad}/mezzanine.mp4")}</Mezzanine>')
    if opts.get("captions") and v >= 41:
        doc.open("<ClosedCaptionFiles>")
        doc.leaf(f'<ClosedCaptionFile type="text/vtt" language="en">{doc.url(f"https://cdn.example.com/{ad}/captions-en.vtt")}</ClosedCaptionFile>')
        doc.leaf(f'<ClosedCaptionFile type="application/ttml+xml" language="fr">{doc.url(f"https://cdn.example.com/{ad}/captions-fr.ttml")}</ClosedCaptionFile>')
        doc.close("</ClosedCaptionFiles>")
    doc.close("</MediaFiles>")
    if opts.get("icons") and v >= 30:
        doc.open("<Icons>")
        doc.open('<Icon program="AdChoices" width="60" height="20" xPosition="right" yPosition="top" duration="00:00:10" offset="00:00:01">')
        doc.leaf(f'<StaticResource creativeType="image/png">{doc.url("https://cdn.example.com/icons/adchoices.png")}</StaticResource>')
        doc.open("<IconClicks>")
        doc.leaf(f'<IconClickThrough>{doc.url("https://privacy.example.com/adchoices", "iconClickThrough")}</IconClickThrough>')
        doc.leaf(f'<IconClickTracking>{doc.url(f"https://track.example.com/{ad}/icon-click", "iconClickTracking")}</IconClickTracking>')
        doc.close("</IconClicks>")
        doc.leaf(f'<IconViewTracking>{doc.url(f"https://track.example.com/{ad}/icon-view", "iconViewTracking")}</IconViewTracking>')
        doc.close("</Icon>")
        doc.close("</Icons>")
    doc.close("</Linear>")


def nonlinear(doc, ad, opts):
    v = vnum(doc.version)
    doc.open("<NonLinearAds>")
    doc.open("<TrackingEvents>")
    doc.leaf(f'<Tracking event="creativeView">{doc.url(f"https://track.example.com/{ad}/nl-view", "nonLinear:creativeView")}</Tracking>')
    doc.close("</TrackingEvents>")
    doc.open('<NonLinear id="nl-1" width="480" height="70" minSuggestedDuration="00:00:10">')
    doc.leaf(f'<StaticResource creativeType="image/png">{doc.url(f"https://cdn.example.com/{ad}/overlay.png")}</StaticResource>')
    doc.leaf(f"<NonLinearClickThrough>{doc.url(f'https://landing.example.com/{ad}/overlay')}</NonLinearClickThrough>")
    if v >= 30:
        doc.leaf(f'<NonLinearClickTracking id="nlc-1">{doc.url(f"https://track.example.com/{ad}/nl-click", "nonLinearClickTracking")}</NonLinearClickTracking>')
    doc.close("</NonLinear>")
    doc.close("</NonLinearAds>")


def companions(doc, ad, opts):
    v = vnum(doc.version)
    required = ' required="any"' if v >= 30 else ""
    doc.open(f"<CompanionAds{required}>")
    sizes = [(300, 250, "StaticResource", "image/jpeg", "mpu.jpg"), (728, 90, "IFrameResource", None, "leaderboard.html")]
    for index, (width, height, kind, mime, name) in enumerate(sizes[: opts.get("companions", 1)]):
        doc.open(f'<Companion id="cp-{index + 1}" width="{width}" height="{height}">')
        if kind == "StaticResource":
            doc.leaf(f'<StaticResource creativeType="{mime}">{doc.url(f"https://cdn.example.com/{ad}/{name}")}</StaticResource>')
        else:
            doc.leaf(f"<IFrameResource>{doc.url(f'https://cdn.example.com/{ad}/{name}')}</IFrameResource>")
        doc.open("<TrackingEvents>")
        doc.leaf(f'<Tracking event="creativeView">{doc.url(f"https://track.example.com/{ad}/cp{index + 1}-view", "companion:creativeView")}</Tracking>')
        doc.close("</TrackingEvents>")
        doc.leaf(f"<CompanionClickThrough>{doc.url(f'https://landing.example.com/{ad}/companion-{index + 1}', 'companionClickThrough')}</CompanionClickThrough>")
        if v >= 30:
            doc.leaf(f'<CompanionClickTracking id="cpc-{index + 1}">{doc.url(f"https://track.example.com/{ad}/cp{index + 1}-click", "companionClickTracking")}</CompanionClickTracking>')
        doc.close("</Companion>")
    doc.close("</CompanionAds>")


def creative(doc, ad, index, body, opts):
    v = vnum(doc.version)
    doc.open(f'<Creative id="cr-{ad}-{index}" adId="ad-{ad}-{index}" sequence="{index}">')
    if v >= 40:
        id_value = f' idValue="CNF{index:04d}"' if v == 40 else ""
        doc.leaf(f'<UniversalAdId idRegistry="Ad-ID"{id_value}>CNF-{ad}-{index}</UniversalAdId>')
    body(doc, ad, opts)
    doc.close("</Creative>")


def inline_ad(doc, ad, creatives, opts, sequence=None, marker_adsystem=False, drop_adsystem=False):
    v = vnum(doc.version)
    seq = f' sequence="{sequence}"' if sequence is not None else ""
    doc.open(f'<Ad id="{ad}"{seq}>')
    doc.open(f"{MARK if marker_adsystem else ''}<InLine>")
    if not drop_adsystem:
        doc.leaf('<AdSystem version="2.1">Conform Ad Server</AdSystem>')
    doc.leaf(f"<AdTitle>Spring campaign {ad}</AdTitle>")
    if opts.get("description"):
        doc.leaf("<Description>Fifteen seconds about the spring collection</Description>")
    if opts.get("advertiser") and v >= 41:
        doc.leaf('<Advertiser id="adv-1">Example Outfitters</Advertiser>')
    if opts.get("pricing") and v >= 30:
        doc.leaf('<Pricing model="cpm" currency="USD"><![CDATA[12.50]]></Pricing>')
    doc.leaf(f"<Error>{doc.url(f'https://errors.example.com/{ad}?code=[ERRORCODE]', 'error')}</Error>")
    doc.leaf(f'<Impression id="imp-{ad}">{doc.url(f"https://track.example.com/{ad}/impression", "impression")}</Impression>')
    if opts.get("secondImpression"):
        doc.leaf(f'<Impression id="imp2-{ad}">{doc.url(f"https://audit.example.net/{ad}/impression", "impression")}</Impression>')
    if v >= 41:
        doc.leaf(f"<AdServingId>serve-{ad}-0001</AdServingId>")
    if opts.get("category") and v >= 41:
        doc.leaf('<Category authority="https://iabtechlab.com/standards/content-taxonomy/">IAB1-1</Category>')
    if opts.get("viewable") and v >= 40:
        doc.open('<ViewableImpression id="vi-1">')
        doc.leaf(f"<Viewable>{doc.url(f'https://track.example.com/{ad}/viewable', 'viewable')}</Viewable>")
        doc.leaf(f"<NotViewable>{doc.url(f'https://track.example.com/{ad}/not-viewable', 'notViewable')}</NotViewable>")
        doc.close("</ViewableImpression>")
    if opts.get("verification") and v >= 41:
        doc.open("<AdVerifications>")
        doc.open('<Verification vendor="verifier.example.com-omid">')
        doc.leaf(f'<JavaScriptResource apiFramework="omid" browserOptional="true">{doc.url("https://verify.example.com/omid.js")}</JavaScriptResource>')
        doc.leaf("<VerificationParameters><![CDATA[{\"pid\":\"1234\"}]]></VerificationParameters>")
        doc.close("</Verification>")
        doc.close("</AdVerifications>")
    doc.open("<Creatives>")
    for index, body in enumerate(creatives, start=1):
        creative(doc, ad, index, body, opts)
    doc.close("</Creatives>")
    if opts.get("extensions"):
        doc.open("<Extensions>")
        doc.leaf('<Extension type="campaign"><CampaignId>spring-2026</CampaignId></Extension>')
        doc.close("</Extensions>")
    doc.close("</InLine>")
    doc.close("</Ad>")


FAMILIES = {
    # name: (minimum version, creatives, option overrides, ads in the response)
    "linear": (20, [linear], {}, 1),
    "linear-skippable": (30, [linear], {"skippable": True, "progress": True}, 1),
    "linear-icons": (30, [linear], {"icons": True}, 1),
    "linear-mezzanine": (40, [linear], {"mezzanine": True}, 1),
    "linear-closed-captions": (41, [linear], {"captions": True}, 1),
    "linear-verification": (41, [linear], {"verification": True}, 1),
    "linear-viewable": (40, [linear], {"viewable": True}, 1),
    "linear-companions": (20, [linear, companions], {"companions": 2}, 1),
    "nonlinear": (20, [nonlinear], {}, 1),
    "nonlinear-companion": (20, [nonlinear, companions], {}, 1),
    "companion-only": (20, [linear, companions], {"companions": 1}, 1),
    "pod": (30, [linear], {}, 3),
    "pod-companions": (30, [linear, companions], {}, 2),
    "full": (41, [linear, companions], {"skippable": True, "progress": True, "icons": True, "mezzanine": True,
                                        "captions": True, "verification": True, "viewable": True, "pricing": True,
                                        "category": True, "advertiser": True, "extensions": True, "description": True,
                                        "companions": 2}, 1),
}


def variant_options(index):
    return {
        "layout": LAYOUTS[index % len(LAYOUTS)],
        "cdata": (index // len(LAYOUTS)) % 3 != 2,
        "namespace": index % 2 == 1,
        "duration": DURATIONS[index % len(DURATIONS)],
        "media": MEDIA_SETS[(index // 2) % len(MEDIA_SETS)],
        "secondImpression": index % 3 == 0,
        "description": index % 5 == 0,
        "pricing": index % 4 == 1,
        "adParameters": index % 6 == 5,
        "aspect": index % 7 == 3,
        "extensions": index % 5 == 2,
    }


def build(version, family, index, mutation=None):
    minimum, bodies, overrides, ads = FAMILIES[family]
    opts = variant_options(index)
    opts.update(overrides)
    doc = Doc(version, opts["layout"], opts["cdata"], opts["namespace"])
    extra = ""
    root = root_open(doc, extra)
    if mutation == "no-version":
        root = root.replace(f' version="{version}"', "")
    doc.open(root)
    for number in range(1, ads + 1):
        ad = f"{family}-{index:02d}-{number}" if ads > 1 else f"{family}-{index:02d}"
        inline_ad(doc, ad, bodies, opts, sequence=number if ads > 1 else None,
                  marker_adsystem=(mutation == "no-adsystem" and number == 1),
                  drop_adsystem=(mutation == "no-adsystem" and number == 1))
    doc.close("</VAST>")
    return doc


PINNED_EVENTS = ["impression", "error", "clickThrough", "clickTracking", "start", "complete", "skip",
                 "companion:creativeView", "nonLinear:creativeView", "iconClickTracking", "viewable"]


def generate_vast(writer, per_family):
    count = 0
    for version in VERSIONS:
        for family, (minimum, _, _, _) in sorted(FAMILIES.items()):
            if vnum(version) < minimum:
                continue
            for index in range(per_family):
                doc = build(version, family, index)
                tracking = dict(doc.tracking)
                text = doc.text().replace(MARK, "")
                writer.case(f"vast/{version}/{family}/valid-{index:02d}.xml", text, expect(
                    "valid", tags=["generated", "valid", f"vast-{version}", family],
                    description=f"a valid VAST {version} {family} response ({doc.layout} layout)",
                    absent=["XML-not-well-formed", "VAST-2.0-inline-adsystem", "VAST-2.0-root-version"],
                    tracking=tracking))
                count += 1
            # Mutations of the same seeds: each breaks one required part and must be reported there.
            for index in range(min(3, per_family)):
                doc = build(version, family, index, mutation="no-adsystem")
                writer.case(f"vast/{version}/{family}/invalid-no-adsystem-{index:02d}.xml", doc.text(), expect(
                    "invalid", tags=["generated", "invalid", f"vast-{version}", family],
                    description="the first <InLine> lacks its required <AdSystem>",
                    present=[{"rule": "VAST-2.0-inline-adsystem", "at": 1}],
                    absent=["XML-not-well-formed", "VAST-2.0-root-version"]))
                doc = build(version, family, index, mutation="no-version")
                writer.case(f"vast/{version}/{family}/invalid-no-version-{index:02d}.xml", doc.text(), expect(
                    "invalid", tags=["generated", "invalid", f"vast-{version}", family],
                    description="the <VAST> root has no version attribute",
                    present=[{"rule": "VAST-2.0-root-version", "at": 0}],
                    absent=["XML-not-well-formed", "VAST-2.0-inline-adsystem"]))
                count += 2
    return count


def generate_wrappers(writer, per_version):
    """Single Wrapper documents (valid on their own; chains are in chains/)."""
    count = 0
    for version in VERSIONS:
        v = vnum(version)
        for index in range(per_version):
            doc = Doc(version, LAYOUTS[index % 4], index % 3 != 2, index % 2 == 1)
            doc.open(root_open(doc))
            attrs = ' followAdditionalWrappers="true" allowMultipleAds="false" fallbackOnNoAd="true"' if v >= 30 and index % 2 else ""
            ad = f"wrapper-{index:02d}"
            doc.open(f'<Ad id="{ad}">')
            doc.open(f"<Wrapper{attrs}>")
            doc.leaf('<AdSystem version="1.0">Conform Exchange</AdSystem>')
            doc.leaf(f"<VASTAdTagURI>{doc.url(f'https://ads.example.com/vast/{ad}.xml')}</VASTAdTagURI>")
            doc.leaf(f"<Error>{doc.url(f'https://errors.example.com/{ad}?code=[ERRORCODE]', 'error')}</Error>")
            doc.leaf(f"<Impression>{doc.url(f'https://track.example.com/{ad}/impression', 'impression')}</Impression>")
            doc.open("<Creatives>")
            if index % 2 == 0:
                doc.open(f'<Creative id="wc-{index}">')
                doc.open("<Linear>")
                doc.open("<TrackingEvents>")
                doc.leaf(f'<Tracking event="start">{doc.url(f"https://track.example.com/{ad}/start", "start")}</Tracking>')
                doc.leaf(f'<Tracking event="complete">{doc.url(f"https://track.example.com/{ad}/complete", "complete")}</Tracking>')
                doc.close("</TrackingEvents>")
                doc.open("<VideoClicks>")
                doc.leaf(f"<ClickTracking>{doc.url(f'https://track.example.com/{ad}/click', 'clickTracking')}</ClickTracking>")
                doc.close("</VideoClicks>")
                doc.close("</Linear>")
                doc.close("</Creative>")
            doc.close("</Creatives>")
            doc.close("</Wrapper>")
            doc.close("</Ad>")
            doc.close("</VAST>")
            tracking = dict(doc.tracking)
            writer.case(f"vast/{version}/wrapper/valid-{index:02d}.xml", doc.text().replace(MARK, ""), expect(
                "valid", tags=["generated", "valid", f"vast-{version}", "wrapper"],
                description=f"a valid VAST {version} Wrapper response on its own", tracking=tracking,
                absent=["XML-not-well-formed", "VAST-2.0-inline-adsystem", "VAST-2.0-root-version"]))
            count += 1
        # An empty response (no ad) is valid: VAST 3.0+ may carry an <Error> pixel instead.
        if v >= 30:
            doc = Doc(version, "pretty", True, False)
            doc.open(root_open(doc))
            doc.leaf(f"<Error>{doc.url('https://errors.example.com/no-ad?code=303', 'error')}</Error>")
            doc.close("</VAST>")
            writer.case(f"vast/{version}/no-ad/error-only.xml", doc.text().replace(MARK, ""), expect(
                "valid", tags=["generated", "valid", f"vast-{version}", "no-ad"],
                description="a no-ad response with only an <Error> pixel",
                tracking={"error": ["https://errors.example.com/no-ad?code=303"]}))
            count += 1
    return count


# ---------------------------------------------------------------------------------------------
# VMAP
# ---------------------------------------------------------------------------------------------

TIME_OFFSETS = ["start", "00:00:15.000", "00:10:00.000", "50%", "#1", "end", "00:30:00", "25%"]


def vmap_document(index, inline_vast):
    prefix = "vmap"
    breaks = 1 + index % 4
    lines = ['<?xml version="1.0" encoding="UTF-8"?>' if index % 2 == 0 else "<!-- VMAP playlist -->",
             f'<{prefix}:VMAP xmlns:{prefix}="http://www.iab.net/videosuite/vmap" version="1.0">']
    for number in range(breaks):
        offset = TIME_OFFSETS[(index + number) % len(TIME_OFFSETS)]
        kind = "linear" if (index + number) % 3 else "linear,nonlinear"
        repeat = ' repeatAfter="00:10:00"' if offset == "00:10:00.000" and index % 2 else ""
        lines.append(f'  <{prefix}:AdBreak timeOffset="{offset}" breakType="{kind}" breakId="break-{number + 1}"{repeat}>')
        lines.append(f'    <{prefix}:AdSource id="source-{number + 1}" allowMultipleAds="true" followRedirects="true">')
        if inline_vast and number == 0:
            lines.append(f"      <{prefix}:VASTAdData>")
            lines.append('        <VAST version="3.0">')
            lines.append('          <Ad id="vmap-inline">')
            lines.append("            <InLine>")
            lines.append("              <AdSystem>Conform Ad Server</AdSystem>")
            lines.append("              <AdTitle>Embedded pre-roll</AdTitle>")
            lines.append("              <Impression><![CDATA[https://track.example.com/vmap/impression]]></Impression>")
            lines.append("              <Creatives>")
            lines.append("                <Creative>")
            lines.append("                  <Linear>")
            lines.append("                    <Duration>00:00:15</Duration>")
            lines.append("                    <MediaFiles>")
            lines.append('                      <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720"><![CDATA[https://cdn.example.com/vmap/720.mp4]]></MediaFile>')
            lines.append("                    </MediaFiles>")
            lines.append("                  </Linear>")
            lines.append("                </Creative>")
            lines.append("              </Creatives>")
            lines.append("            </InLine>")
            lines.append("          </Ad>")
            lines.append("        </VAST>")
            lines.append(f"      </{prefix}:VASTAdData>")
        else:
            lines.append(f'      <{prefix}:AdTagURI templateType="vast3"><![CDATA[https://ads.example.com/vmap/{index}/break-{number + 1}.xml]]></{prefix}:AdTagURI>')
        lines.append(f"    </{prefix}:AdSource>")
        if index % 3 == 0:
            lines.append(f"    <{prefix}:TrackingEvents>")
            lines.append(f'      <{prefix}:Tracking event="breakStart"><![CDATA[https://track.example.com/vmap/{index}/break-{number + 1}/start]]></{prefix}:Tracking>')
            lines.append(f"    </{prefix}:TrackingEvents>")
        lines.append(f"  </{prefix}:AdBreak>")
    lines.append(f"</{prefix}:VMAP>")
    return "\n".join(lines) + "\n"


def generate_vmap(writer, count):
    for index in range(count):
        inline = index % 4 == 3
        writer.case(f"vmap/valid/playlist-{index:03d}.xml", vmap_document(index, inline), expect(
            "valid", tags=["generated", "valid", "vmap"],
            description="a valid VMAP 1.0 playlist" + (" with an embedded VAST ad" if inline else ""),
            absent=["XML-not-well-formed", "VMAP-1.0-namespace", "VMAP-1.0-timeoffset-format"]))
    bad_offsets = ["10 seconds", "00:00:75", "150%", "#0", "-00:00:05", "start+5", "00:00", "1:2:3"]
    for index, offset in enumerate(bad_offsets):
        text = (f'<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">\n'
                f'  {MARK}<vmap:AdBreak timeOffset="{offset}" breakType="linear" breakId="b1">\n'
                f'    <vmap:AdSource id="s1"><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example.com/b1.xml]]></vmap:AdTagURI></vmap:AdSource>\n'
                f"  </vmap:AdBreak>\n</vmap:VMAP>\n")
        writer.case(f"vmap/invalid/timeoffset-{index:02d}.xml", text, expect(
            tags=["generated", "invalid", "vmap"], description=f"timeOffset '{offset}' is not a VMAP time offset",
            present=["VMAP-1.0-timeoffset-format"]))
    text = ('<vmap:VMAP xmlns:vmap="http://www.example.com/not-vmap" version="1.0">\n  <vmap:AdBreak timeOffset="start" breakType="linear">\n'
            '    <vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example.com/b1.xml]]></vmap:AdTagURI></vmap:AdSource>\n'
            "  </vmap:AdBreak>\n</vmap:VMAP>\n")
    writer.case("vmap/invalid/wrong-namespace.xml", text, expect(
        tags=["generated", "invalid", "vmap"], description="the vmap: prefix is bound to another namespace",
        present=["VMAP-1.0-namespace"]))
    return count + len(bad_offsets) + 1


# ---------------------------------------------------------------------------------------------
# Malformed XML: at least 40 kinds, each in a few contexts
# ---------------------------------------------------------------------------------------------

GOOD_HEAD = '<VAST version="4.2">\n  <Ad id="1">\n    <InLine>\n      <AdSystem>x</AdSystem>\n'
GOOD_TAIL = "    </InLine>\n  </Ad>\n</VAST>\n"

MALFORMED = [
    # name, bytes, description
    ("truncated-in-tag", GOOD_HEAD + "      <AdTi", "input ends inside a start tag"),
    ("truncated-in-attribute", '<VAST version="4.', "input ends inside an attribute value"),
    ("truncated-in-cdata", GOOD_HEAD + "      <Impression><![CDATA[https://t.example.com/i", "input ends inside a CDATA section"),
    ("truncated-in-comment", GOOD_HEAD + "      <!-- a comment that never", "input ends inside a comment"),
    ("truncated-after-root-start", '<VAST version="4.2">', "only the root start tag"),
    ("truncated-half-document", GOOD_HEAD, "the document stops half way"),
    ("mismatched-end-tag", GOOD_HEAD + "      <AdTitle>t</AdTitel>\n" + GOOD_TAIL, "an end tag names another element"),
    ("crossed-nesting", '<VAST version="4.2"><Ad><InLine></Ad></InLine></VAST>\n', "elements closed in the wrong order"),
    ("unclosed-root", '<VAST version="4.2">\n  <Ad id="1"/>\n', "the root element is never closed"),
    ("two-roots", '<VAST version="4.2"/>\n<VAST version="4.2"/>\n', "two root elements"),
    ("trailing-garbage-text", '<VAST version="4.2"/>\ntrailing text\n', "text after the root element"),
    ("trailing-garbage-markup", '<VAST version="4.2"/>\n<junk>\n', "markup after the root element"),
    ("nul-in-content", b'<VAST version="4.2">\x00</VAST>\n', "a NUL byte inside an element"),
    ("unquoted-attribute", "<VAST version=4.2></VAST>\n", "an attribute value without quotes"),
    ("duplicate-attribute", '<VAST version="4.2" version="4.1"></VAST>\n', "the same attribute twice"),
    ("attribute-without-value", "<VAST version></VAST>\n", "an attribute without a value"),
    ("attribute-missing-space", '<VAST version="4.2"xmlns="http://www.iab.com/VAST"></VAST>\n', "attributes not separated by whitespace"),
    ("less-than-in-attribute", '<VAST version="4<2"></VAST>\n', "a raw '<' in an attribute value"),
    ("ampersand-in-text", GOOD_HEAD + "      <Impression>https://t.example.com/i?a=1&b=2</Impression>\n" + GOOD_TAIL, "an unescaped '&' in a URL outside CDATA"),
    ("ampersand-in-attribute", '<VAST version="4.2" id="a&b"></VAST>\n', "an unescaped '&' in an attribute"),
    ("undefined-entity", GOOD_HEAD + "      <AdTitle>&nbsp;Sale</AdTitle>\n" + GOOD_TAIL, "an HTML entity XML does not define"),
    ("char-ref-zero", '<VAST version="4.2">&#0;</VAST>\n', "a character reference to U+0000"),
    ("char-ref-out-of-range", '<VAST version="4.2">&#x110000;</VAST>\n', "a character reference beyond U+10FFFF"),
    ("char-ref-surrogate", '<VAST version="4.2">&#xD800;</VAST>\n', "a character reference to a surrogate"),
    ("invalid-utf8", b'<VAST version="4.2"><Ad><InLine><AdTitle>caf\xe9</AdTitle></InLine></Ad></VAST>\n', "Latin-1 bytes in a UTF-8 document"),
    ("invalid-utf8-in-cdata", b'<VAST version="4.2"><Error><![CDATA[https://e.example.com/\xff\xfe]]></Error></VAST>\n', "invalid UTF-8 inside CDATA"),
    ("overlong-utf8", b'<VAST version="4.2"><Error>\xc0\xafx</Error></VAST>\n', "an overlong UTF-8 sequence"),
    ("utf16-bom-utf8-body", b"\xff\xfe" + b'<VAST version="4.2"/>\n', "a UTF-16 byte-order mark before UTF-8 text"),
    ("utf16be-bom-utf8-body", b"\xfe\xff" + b'<VAST version="4.2"/>\n', "a UTF-16BE byte-order mark before UTF-8 text"),
    ("double-utf8-bom", b"\xef\xbb\xbf\xef\xbb\xbf" + b'<VAST version="4.2"/>\n', "two UTF-8 byte-order marks"),
    ("utf32-bom", b"\xff\xfe\x00\x00" + b'<VAST version="4.2"/>\n', "a UTF-32 byte-order mark before UTF-8 text"),
    ("unknown-encoding", '<?xml version="1.0" encoding="x-no-such-encoding"?>\n<VAST version="4.2"/>\n', "an encoding libxml2 does not know"),
    ("declaration-not-first", '\n <?xml version="1.0"?>\n<VAST version="4.2"/>\n', "whitespace before the XML declaration"),
    ("declaration-twice", '<?xml version="1.0"?>\n<?xml version="1.0"?>\n<VAST version="4.2"/>\n', "two XML declarations"),
    ("declaration-bad-standalone", '<?xml version="1.0" standalone="maybe"?>\n<VAST version="4.2"/>\n', "standalone is neither yes nor no"),
    ("empty-document", "", "an empty response body"),
    ("whitespace-only", "\n   \n\t\n", "only whitespace"),
    ("declaration-only", '<?xml version="1.0" encoding="UTF-8"?>\n', "only an XML declaration"),
    ("comment-only", "<!-- no ad today -->\n", "only a comment"),
    ("double-hyphen-in-comment", '<VAST version="4.2"><!-- a -- b --></VAST>\n', "'--' inside a comment"),
    ("unterminated-cdata", '<VAST version="4.2"><Error><![CDATA[https://e.example.com/</Error></VAST>\n', "a CDATA section never closed"),
    ("cdata-end-in-text", '<VAST version="4.2">a ]]> b</VAST>\n', "']]>' in character data"),
    ("element-name-starts-with-digit", '<1VAST version="4.2"></1VAST>\n', "an element name starting with a digit"),
    ("space-before-name", '< VAST version="4.2"></VAST>\n', "whitespace between '<' and the name"),
    ("end-tag-with-attribute", '<VAST version="4.2"></VAST version="4.2">\n', "an attribute on an end tag"),
    ("unclosed-start-tag", '<VAST version="4.2"\n<Ad/></VAST>\n', "a start tag without '>'"),
    ("undeclared-element-prefix", '<vast:VAST version="4.2"></vast:VAST>\n', "an element prefix with no namespace declaration"),
    ("undeclared-attribute-prefix", '<VAST version="4.2" xsi:noNamespaceSchemaLocation="vast.xsd"></VAST>\n', "an attribute prefix with no namespace declaration"),
    ("control-char-in-text", b'<VAST version="4.2"><AdTitle>a\x01b</AdTitle></VAST>\n', "a C0 control character in text"),
    ("control-char-in-attribute", b'<VAST version="4.2" id="a\x02b"></VAST>\n', "a C0 control character in an attribute"),
    ("doctype-after-root", '<VAST version="4.2"/>\n<!DOCTYPE VAST>\n', "a DOCTYPE after the root element"),
    ("unclosed-comment", '<VAST version="4.2"><!-- never closed </VAST>\n', "a comment never closed"),
    ("missing-equals", '<VAST version "4.2"></VAST>\n', "an attribute without '='"),
    ("binary-prefix", b"\x89PNG\r\n\x1a\n" + b'<VAST version="4.2"/>\n', "image bytes before the document"),
    ("lone-less-than", '<VAST version="4.2">a < b</VAST>\n', "a raw '<' in text"),
    ("html-instead-of-xml", "<html><body><p>Service Unavailable<br></body></html>\n", "an HTML error page instead of VAST"),
    ("json-instead-of-xml", '{"error": "no fill"}\n', "a JSON body instead of VAST"),
    ("pi-target-xml-inside", '<VAST version="4.2"><?xml version="1.0"?></VAST>\n', "an XML declaration inside the document"),
    ("mixed-quotes", "<VAST version=\"4.2'></VAST>\n", "an attribute value opened with \" and closed with '"),
]


def generate_malformed(writer):
    count = 0
    for name, content, description in MALFORMED:
        data = content.encode("utf-8") if isinstance(content, str) else content
        rule = "XML-namespace-error" if name.startswith("undeclared-") else "XML-not-well-formed"
        writer.add(f"malformed/{name}.xml", data)
        writer.json(f"malformed/{name}.expect.json", expect(
            "malformed", tags=["generated", "malformed"], description=description, present=[rule]))
        count += 1
    return count


# ---------------------------------------------------------------------------------------------
# Hostile inputs: each must end quickly with a clear diagnostic
# ---------------------------------------------------------------------------------------------

def generate_hostile(writer):
    rng = random.Random(20260101)
    limit = {"maxMilliseconds": 5000}
    cases = []
    laughs = ['<?xml version="1.0"?>', "<!DOCTYPE VAST [", '  <!ENTITY lol0 "lol">']
    for level in range(1, 10):
        laughs.append(f'  <!ENTITY lol{level} "' + f"&lol{level - 1};" * 10 + '">')
    laughs += ["]>", '<VAST version="4.2"><Error>&lol9;</Error></VAST>']
    cases.append(("billion-laughs", "\n".join(laughs) + "\n", "malformed", ["XML-dtd-present", "XML-entity-expansion"],
                  "nested entity expansion (billion laughs)"))
    big = "A" * 100000
    quadratic = ['<?xml version="1.0"?>', f'<!DOCTYPE VAST [<!ENTITY a "{big}">]>',
                 '<VAST version="4.2"><Error>' + "&a;" * 2000 + "</Error></VAST>"]
    cases.append(("quadratic-blowup", "\n".join(quadratic) + "\n", None, ["XML-dtd-present"],
                  "one large entity referenced many times (quadratic blowup)"))
    cases.append(("external-entity-file", '<?xml version="1.0"?>\n<!DOCTYPE VAST [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
                  '<VAST version="4.2"><Error>&xxe;</Error></VAST>\n', None, ["XML-dtd-present"], "an external entity reading a local file"))
    cases.append(("external-entity-http", '<?xml version="1.0"?>\n<!DOCTYPE VAST [<!ENTITY xxe SYSTEM "http://attacker.example.com/x">]>\n'
                  '<VAST version="4.2"><Error>&xxe;</Error></VAST>\n', None, ["XML-dtd-present"], "an external entity fetched over the network"))
    cases.append(("external-parameter-entity", '<?xml version="1.0"?>\n<!DOCTYPE VAST [<!ENTITY % ext SYSTEM "http://attacker.example.com/x.dtd"> %ext;]>\n'
                  '<VAST version="4.2"/>\n', None, ["XML-dtd-present"], "an external parameter entity"))
    cases.append(("external-dtd", '<?xml version="1.0"?>\n<!DOCTYPE VAST SYSTEM "http://attacker.example.com/vast.dtd">\n'
                  '<VAST version="4.2"/>\n', None, ["XML-dtd-present"], "an external DTD"))
    cases.append(("recursive-entity", '<?xml version="1.0"?>\n<!DOCTYPE VAST [<!ENTITY a "&b;"><!ENTITY b "&a;">]>\n'
                  '<VAST version="4.2"><Error>&a;</Error></VAST>\n', "malformed", ["XML-dtd-present", "XML-entity-expansion"], "entities that reference each other"))
    depth = 20000
    cases.append(("deep-nesting", '<VAST version="4.2">' + "<Extensions>" * depth + "</Extensions>" * depth + "</VAST>\n",
                  "malformed", ["XML-input-too-large"], f"{depth} nested elements: past libxml2's depth limit"))
    cases.append(("deep-nesting-unclosed", '<VAST version="4.2">' + "<a>" * depth, "malformed", ["XML-input-too-large"],
                  f"{depth} nested elements never closed"))
    cases.append(("huge-attribute-value", '<VAST version="4.2" id="' + "x" * 1_000_000 + '"></VAST>\n', None, [],
                  "a 1 MB attribute value"))
    cases.append(("very-long-line", '<VAST version="4.2"><Error><![CDATA[https://e.example.com/?' + "q" * 1_000_000
                  + ']]></Error></VAST>\n', None, [], "a 1 MB single line"))
    cases.append(("long-element-name", '<VAST version="4.2"><' + "E" * 200_000 + "/></VAST>\n", "malformed", ["XML-not-well-formed"],
                  "an element name of 200,000 characters"))
    attributes = " ".join(f'a{i}="{i}"' for i in range(20000))
    cases.append(("many-attributes", f'<VAST version="4.2" {attributes}></VAST>\n', None, [], "20,000 attributes on one element"))
    trackings = "".join(f'<Tracking event="start"><![CDATA[https://t.example.com/{i}]]></Tracking>' for i in range(10000))
    cases.append(("many-elements", '<VAST version="4.2"><Ad><InLine><AdSystem>x</AdSystem><AdTitle>t</AdTitle>'
                  '<Impression><![CDATA[https://t.example.com/i]]></Impression><Creatives><Creative><Linear>'
                  f"<Duration>00:00:15</Duration><TrackingEvents>{trackings}</TrackingEvents></Linear></Creative>"
                  "</Creatives></InLine></Ad></VAST>\n", None, [], "10,000 tracking elements"))
    namespaces = " ".join(f'xmlns:n{i}="urn:n{i}"' for i in range(5000))
    cases.append(("many-namespaces", f'<VAST version="4.2" {namespaces}></VAST>\n', None, [], "5,000 namespace declarations"))
    cases.append(("binary-garbage", bytes(rng.getrandbits(8) for _ in range(65536)), "malformed", ["XML-not-well-formed"],
                  "64 KiB of random bytes"))
    cases.append(("binary-garbage-after-root", b'<VAST version="4.2"/>' + bytes(rng.getrandbits(8) for _ in range(16384)),
                  "malformed", ["XML-not-well-formed"], "random bytes after a valid root"))
    cases.append(("all-nul", b"\x00" * 65536, "malformed", ["XML-not-well-formed"], "64 KiB of NUL bytes"))
    cases.append(("gzip-body", b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03" + bytes(rng.getrandbits(8) for _ in range(4096)),
                  "malformed", ["XML-not-well-formed"], "a gzip body served without Content-Encoding"))
    cases.append(("huge-text-node", '<VAST version="4.2"><Ad><InLine><AdSystem>x</AdSystem><AdTitle>' + "t" * 1_000_000
                  + "</AdTitle></InLine></Ad></VAST>\n", None, [], "a 1 MB text node"))
    cases.append(("many-comments", '<VAST version="4.2">' + "<!-- c -->" * 50000 + "</VAST>\n", None, [], "50,000 comments"))
    cases.append(("many-cdata-sections", '<VAST version="4.2"><Error>' + "<![CDATA[x]]>" * 50000 + "</Error></VAST>\n", None, [],
                  "50,000 CDATA sections in one element"))
    # Found by the VAST fuzz target: libxml2's push parser takes an overlong UTF-8 form in CDATA that its pull
    # parser rejects; the document must be read as the pull parser reads it.
    cases.append(("overlong-utf8-in-cdata", b'<VAST version="4.2">\n  <Ad id="1">\n    <Wrapper>\n'
                  b'      <AdSystem>Conform Exchange</AdSystem>\n'
                  b'      <VASTAdTagURI><![CDATA[https://ads.example.com/next]]></VASTAdTagURI>\n'
                  b'      <Error><![CDATA[https://errors.example.com/e?path=\xc0\xafx&code=[ERRORCODE]]]></Error>\n'
                  b'      <Impression><![CDATA[https://track.example.com/imp]]></Impression>\n'
                  b'    </Wrapper>\n  </Ad>\n</VAST>\n', "malformed", ["XML-not-well-formed"],
                  "an overlong UTF-8 form (C0 AF for '/') in a CDATA section"))
    count = 0
    for name, content, verdict, present, description in cases:
        data = content.encode("utf-8") if isinstance(content, str) else content
        extension = "bin" if isinstance(content, bytes) and not data.lstrip().startswith(b"<") else "xml"
        writer.add(f"hostile/{name}.{extension}", data)
        # Entities are never loaded: the <Error> pixel of an external-entity attack keeps the bare
        # reference instead of the file or URL contents.
        tracking = {"error": ["&xxe;"]} if name.startswith("external-entity") else None
        writer.json(f"hostile/{name}.expect.json", expect(
            verdict, tags=["generated", "hostile"], description=description, present=present, limits=limit,
            tracking=tracking))
        count += 1
    # A break repeated every millisecond through ten hours of content: 35,879,999 repetitions, which the schedule
    # once walked one by one (minutes and gigabytes). It lists the first 1,000 and counts the rest.
    writer.add("hostile/vmap-repeat-every-millisecond.xml",
               '<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">\n'
               '  <vmap:AdBreak timeOffset="00:02:00" breakType="linear" breakId="often" repeatAfter="00:00:00.001">\n'
               '    <vmap:AdSource id="often-ad" allowMultipleAds="false" followRedirects="true">\n'
               '      <vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example.com/vmap/often.xml]]></vmap:AdTagURI>\n'
               '    </vmap:AdSource>\n'
               '  </vmap:AdBreak>\n'
               '</vmap:VMAP>\n'.encode("utf-8"))
    writer.json("hostile/vmap-repeat-every-millisecond.expect.json", expect(
        "valid", tags=["generated", "hostile", "profiles", "schedule"],
        description="a VMAP break repeated every millisecond through ten hours of content",
        present=["PROFILE-schedule-repeat-limit"], limits=limit,
        profiles={"schedule": {"options": ["duration=10:00:00"],
                               "verdict": "1001 break(s): 0 pre-roll, 1001 mid-roll, 0 post-roll; 1 not scheduled"}}))
    count += 1
    return count + generate_hop_chain(writer)


# ---------------------------------------------------------------------------------------------
# Wrapper chains
# ---------------------------------------------------------------------------------------------

def chain_wrapper(name, next_uri, hop, events=True, pod=False):
    attributes = ' allowMultipleAds="true"' if pod else ""
    lines = ['<VAST version="4.2">', f'  <Ad id="{name}">', f"    <Wrapper{attributes}>",
             '      <AdSystem version="1.0">Conform Exchange</AdSystem>',
             f"      <VASTAdTagURI><![CDATA[{next_uri}]]></VASTAdTagURI>",
             f"      <Error><![CDATA[https://errors.example.com/{name}?code=[ERRORCODE]]]></Error>",
             f"      <Impression><![CDATA[https://track.example.com/{name}/impression]]></Impression>"]
    if events:
        lines += ["      <Creatives>", f'        <Creative id="{name}-c">', "          <Linear>", "            <TrackingEvents>",
                  f'              <Tracking event="start"><![CDATA[https://track.example.com/{name}/start]]></Tracking>',
                  f'              <Tracking event="complete"><![CDATA[https://track.example.com/{name}/complete]]></Tracking>',
                  "            </TrackingEvents>", "            <VideoClicks>",
                  f"              <ClickTracking><![CDATA[https://track.example.com/{name}/click]]></ClickTracking>",
                  "            </VideoClicks>", "          </Linear>", "        </Creative>", "      </Creatives>"]
    lines += ["    </Wrapper>", "  </Ad>", "</VAST>"]
    return "\n".join(lines) + "\n"


def chain_inline(name, ads=1, companions=False):
    lines = ['<VAST version="4.2">']
    for number in range(1, ads + 1):
        ad = f"{name}-{number}" if ads > 1 else name
        seq = f' sequence="{number}"' if ads > 1 else ""
        lines += [f'  <Ad id="{ad}"{seq}>', "    <InLine>", '      <AdSystem version="2.1">Conform Ad Server</AdSystem>',
                  f"      <AdTitle>Chain target {ad}</AdTitle>",
                  f"      <Error><![CDATA[https://errors.example.com/{ad}?code=[ERRORCODE]]]></Error>",
                  f"      <Impression><![CDATA[https://track.example.com/{ad}/impression]]></Impression>",
                  f"      <AdServingId>serve-{ad}</AdServingId>", "      <Creatives>", f'        <Creative id="{ad}-c">',
                  f'          <UniversalAdId idRegistry="Ad-ID">CHAIN-{ad}</UniversalAdId>', "          <Linear>",
                  "            <Duration>00:00:15</Duration>", "            <TrackingEvents>",
                  f'              <Tracking event="start"><![CDATA[https://track.example.com/{ad}/start]]></Tracking>',
                  f'              <Tracking event="complete"><![CDATA[https://track.example.com/{ad}/complete]]></Tracking>',
                  "            </TrackingEvents>", "            <VideoClicks>",
                  f"              <ClickThrough><![CDATA[https://landing.example.com/{ad}]]></ClickThrough>",
                  f"              <ClickTracking><![CDATA[https://track.example.com/{ad}/click]]></ClickTracking>",
                  "            </VideoClicks>", "            <MediaFiles>",
                  f'              <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720"><![CDATA[https://cdn.example.com/{ad}/720.mp4]]></MediaFile>',
                  "            </MediaFiles>", "          </Linear>", "        </Creative>"]
        if companions:
            lines += [f'        <Creative id="{ad}-cp">', f'          <UniversalAdId idRegistry="Ad-ID">CHAIN-{ad}-CP</UniversalAdId>',
                      '          <CompanionAds required="any">', '            <Companion width="300" height="250">',
                      f'              <StaticResource creativeType="image/png"><![CDATA[https://cdn.example.com/{ad}/mpu.png]]></StaticResource>',
                      "            </Companion>", "          </CompanionAds>", "        </Creative>"]
        lines += ["      </Creatives>", "    </InLine>", "  </Ad>"]
    lines.append("</VAST>")
    return "\n".join(lines) + "\n"


def write_chain(writer, folder, documents, root, mapping, expectation, max_depth=5, parent="chains"):
    for name, text in documents.items():
        writer.add(f"{parent}/{folder}/{name}", text)
    manifest = {"version": 1, "root": root, "map": mapping, "expect": expectation}
    if max_depth is not None:
        manifest["maxDepth"] = max_depth
    writer.json(f"{parent}/{folder}/chain.json", manifest)


HOP_CHAIN_HOPS = 10_000
HOP_CHAIN_BASE = "https://ads.example.com/hops"


def generate_hop_chain(writer):
    """A chain description of 10,000 wrapper hops, kept small: hop n (n = 1 ... 10,000) is the URI
    <base>/a/b/c/d, the four digits of n - 1, and its document points at hop n + 1 with a relative
    VASTAdTagURI that counts up like an odometer ("5" after .../4, "../3/0" after .../2/9, ...).
    Hops that count up the same way share a document, so 37 documents serve all 10,000 URIs; the
    last hop points at an InLine. The resolver must stop at its depth limit (5, the spec's) after
    fetching 5 of them, whatever the length of the description."""
    folder = f"wrapper-chain-{HOP_CHAIN_HOPS}-hops"
    docs, mapping = {}, {}

    def hop_uri(number):
        return HOP_CHAIN_BASE + "/" + "/".join(f"{number:04d}")

    def step(number):
        """The relative reference from hop URI `number` to `number + 1`, and the document holding it."""
        digits = [int(x) for x in f"{number:04d}"]
        if number + 1 == HOP_CHAIN_HOPS:
            return "../../../inline.xml", "last.xml"
        carry = 0
        while digits[3 - carry] == 9:
            carry += 1
        reference = "../" * carry + "/".join([str(digits[3 - carry] + 1)] + ["0"] * carry)
        return reference, "next-" + "-".join([str(digits[3 - carry] + 1)] + ["0"] * carry) + ".xml"

    docs["root.xml"] = chain_wrapper(f"{folder}-root", hop_uri(0), 0, events=False)
    for number in range(HOP_CHAIN_HOPS):
        reference, name = step(number)
        if name not in docs:
            docs[name] = chain_wrapper(f"{folder}-{name[:-4]}", reference, number + 1, events=False)
        mapping[hop_uri(number)] = name
    docs["inline.xml"] = chain_inline(f"{folder}-inline")
    mapping[HOP_CHAIN_BASE + "/inline.xml"] = "inline.xml"
    limit = 5
    uris = ["root.xml"] + [hop_uri(number) for number in range(limit + 1)]
    write_chain(writer, folder, docs, "root.xml", mapping, expect(
        "unresolved", tags=["generated", "hostile", "chain", "depth-limit"],
        description=f"a chain description of {HOP_CHAIN_HOPS:,} wrapper hops: resolution stops at the depth limit "
                    f"of {limit} (VAST error 302) after {limit} fetches",
        chain={"stopReason": "depth-exceeded", "errorCode": 302, "hops": limit + 2, "uris": uris},
        present=["CHAIN-depth-exceeded"], limits={"maxMilliseconds": 5000}), max_depth=None, parent="hostile")
    return 1


# Chain findings a clean chain must not produce; each failing shape below pins the one it must.
CHAIN_FAILURES = ["CHAIN-depth-exceeded", "CHAIN-fetch-failed", "CHAIN-loop", "CHAIN-multiple-ads-ignored", "CHAIN-no-ad"]


def generate_chains(writer):
    count = 0
    base = "https://ads.example.com/chain"
    for depth in range(1, 8):
        for variant in ["linear", "companions", "no-wrapper-creatives"]:
            folder = f"depth-{depth}-{variant}"
            names = [f"w{i}" for i in range(1, depth + 1)]
            docs, mapping = {}, {}
            for i, name in enumerate(names):
                target = names[i + 1] if i + 1 < len(names) else "inline"
                uri = f"{base}/{folder}/{target}.xml"
                docs[f"{name}.xml"] = chain_wrapper(f"{folder}-{name}", uri, i, events=variant != "no-wrapper-creatives")
                mapping[uri] = f"{target}.xml"
            docs["inline.xml"] = chain_inline(f"{folder}-inline", companions=variant == "companions")
            resolved = depth <= 5
            wrappers = [f"{folder}-{name}" for name in names]
            if resolved:
                ad = f"{folder}-inline"
                tracking = {
                    "impression": [f"https://track.example.com/{w}/impression" for w in wrappers] + [f"https://track.example.com/{ad}/impression"],
                    "error": [f"https://errors.example.com/{w}?code=[ERRORCODE]" for w in wrappers] + [f"https://errors.example.com/{ad}?code=[ERRORCODE]"],
                }
                if variant != "no-wrapper-creatives":
                    for event, path in [("start", "start"), ("complete", "complete"), ("clickTracking", "click")]:
                        tracking[event] = [f"https://track.example.com/{w}/{path}" for w in wrappers] + [f"https://track.example.com/{ad}/{path}"]
                else:
                    for event, path in [("start", "start"), ("complete", "complete"), ("clickTracking", "click")]:
                        tracking[event] = [f"https://track.example.com/{ad}/{path}"]
                tracking["clickThrough"] = [f"https://landing.example.com/{ad}"]
                expectation = expect("resolved", tags=["generated", "chain", f"depth-{depth}"],
                                     description=f"{depth} wrapper(s) then an InLine; wrapper tracking merged root first",
                                     chain={"stopReason": "inline", "hops": depth + 1, "errorURLs": []}, tracking=tracking,
                                     absent=CHAIN_FAILURES)
            else:
                expectation = expect("unresolved", tags=["generated", "chain", f"depth-{depth}", "depth-limit"],
                                     description=f"{depth} wrappers exceed the depth limit of 5 (VAST error 302)",
                                     chain={"stopReason": "depth-exceeded", "errorCode": 302,
                                            # The root and the 5 wrappers fetched fire; the next one is never fetched.
                                            "errorURLs": [f"https://errors.example.com/{w}?code=302" for w in wrappers[:6]]},
                                     present=["CHAIN-depth-exceeded"])
            write_chain(writer, folder, docs, "w1.xml", mapping, expectation)
            count += 1
    # Loops and self references.
    for size in range(1, 5):
        folder = "self-reference" if size == 1 else f"loop-{size}"
        names = [f"w{i}" for i in range(1, size + 1)]
        docs, mapping = {}, {}
        for i, name in enumerate(names):
            target = names[(i + 1) % size]
            uri = f"{base}/{folder}/{target}.xml"
            docs[f"{name}.xml"] = chain_wrapper(f"{folder}-{name}", uri, i)
            mapping[uri] = f"{target}.xml"
        write_chain(writer, folder, docs, "w1.xml", mapping, expect(
            "unresolved", tags=["generated", "chain", "loop"],
            description="a wrapper that points back to itself" if size == 1 else f"{size} wrappers in a cycle",
            # The root is read from a file, not fetched: the first fetch of its URI is a hop of its own.
            chain={"stopReason": "loop", "errorCode": 302,
                   "errorURLs": [f"https://errors.example.com/{folder}-{name}?code=302" for name in names + names[:1]]},
            present=["CHAIN-loop"]))
        count += 1
    # Empty responses, missing targets, pods.
    for depth in range(1, 4):
        names = [f"w{i}" for i in range(1, depth + 1)]
        for kind in ["empty-response", "error-only-response", "missing-target", "unmapped-target"]:
            folder = f"{kind}-{depth}"
            docs, mapping = {}, {}
            for i, name in enumerate(names):
                target = names[i + 1] if i + 1 < len(names) else "end"
                uri = f"{base}/{folder}/{target}.xml"
                docs[f"{name}.xml"] = chain_wrapper(f"{folder}-{name}", uri, i)
                if target != "end":
                    mapping[uri] = f"{target}.xml"
                elif kind == "empty-response":
                    docs["end.xml"] = '<VAST version="4.2"/>\n'
                    mapping[uri] = "end.xml"
                elif kind == "error-only-response":
                    docs["end.xml"] = '<VAST version="4.2">\n  <Error><![CDATA[https://errors.example.com/no-fill]]></Error>\n</VAST>\n'
                    mapping[uri] = "end.xml"
                elif kind == "missing-target":
                    mapping[uri] = None
            if kind in ("empty-response", "error-only-response"):
                # Every wrapper's Error URL, then the empty response's own <Error>, [ERRORCODE] filled with 303.
                fired = [f"https://errors.example.com/{folder}-{name}?code=303" for name in names]
                fired += ["https://errors.example.com/no-fill"] if kind == "error-only-response" else []
                chain = {"stopReason": "no-ad", "errorCode": 303, "hops": depth + 1, "errorURLs": fired}
                description = "the last wrapper's target returns no ad (VAST error 303)"
                finding = "CHAIN-no-ad"
            else:
                chain = {"stopReason": "fetch-failed", "errorCode": 301, "hops": depth + 1,
                         "errorURLs": [f"https://errors.example.com/{folder}-{name}?code=301" for name in names]}
                description = "the last wrapper's target cannot be fetched (VAST error 301)"
                finding = "CHAIN-fetch-failed"
            write_chain(writer, folder, docs, "w1.xml", mapping, expect(
                "unresolved", tags=["generated", "chain", kind], description=description, chain=chain, present=[finding]))
            count += 1
        # Pods through wrappers: allowMultipleAds="true" on every wrapper lets the pod through; without
        # it (the default, false) only a stand-alone ad may come back, and a pod is no ad (303).
        for allowed in (True, False):
            folder = f"pod-through-{depth}-wrappers" if allowed else f"pod-refused-{depth}-wrappers"
            docs, mapping = {}, {}
            for i, name in enumerate(names):
                target = names[i + 1] if i + 1 < len(names) else "pod"
                uri = f"{base}/{folder}/{target}.xml"
                docs[f"{name}.xml"] = chain_wrapper(f"{folder}-{name}", uri, i, pod=allowed)
                mapping[uri] = f"{target}.xml"
            docs["pod.xml"] = chain_inline(f"{folder}-pod", ads=3)
            if allowed:
                expectation = expect(
                    "resolved", tags=["generated", "chain", "pod"],
                    description=f"a pod of 3 ads reached through {depth} wrapper(s) that allow multiple ads",
                    chain={"stopReason": "inline", "hops": depth + 1, "errorURLs": []}, absent=CHAIN_FAILURES)
            else:
                expectation = expect(
                    "unresolved", tags=["generated", "chain", "pod"],
                    description=f"a pod behind {depth} wrapper(s) that do not allow multiple ads: no ad (VAST error 303)",
                    chain={"stopReason": "no-ad", "errorCode": 303,
                           "errorURLs": [f"https://errors.example.com/{folder}-{name}?code=303" for name in names]},
                    present=["CHAIN-multiple-ads-ignored"])
            write_chain(writer, folder, docs, "w1.xml", mapping, expectation)
            count += 1
    # A stopped chain's Error URLs as the player requests them: [ERRORCODE] (and its %%ERRORCODE%% spelling)
    # filled with the stop's code, every other macro with its sample value.
    macros = "code=[ERRORCODE]&cb=[CACHEBUSTING]&ts=[TIMESTAMP]&legacy=%%ERRORCODE%%"
    for kind, code, reason, finding in [("missing-target", 301, "fetch-failed", "CHAIN-fetch-failed"),
                                        ("empty-response", 303, "no-ad", "CHAIN-no-ad")]:
        folder = f"error-macros-{kind}"
        docs, mapping = {}, {}
        for i, name in enumerate(["w1", "w2"]):
            target = "w2" if i == 0 else "end"
            uri = f"{base}/{folder}/{target}.xml"
            docs[f"{name}.xml"] = chain_wrapper(f"{folder}-{name}", uri, i).replace("?code=[ERRORCODE]", "?" + macros)
            mapping[uri] = f"{target}.xml"
        if kind == "empty-response":
            docs["end.xml"] = '<VAST version="4.2"/>\n'
        else:
            mapping[f"{base}/{folder}/end.xml"] = None
        filled = f"code={code}&cb=12345678&ts=2026-01-01T00:00:00.000Z&legacy={code}"
        write_chain(writer, folder, docs, "w1.xml", mapping, expect(
            "unresolved", tags=["generated", "chain", "error-urls"],
            description=f"a chain that stops ({reason}, VAST error {code}): each wrapper's Error URL fires with its macros filled",
            chain={"stopReason": reason, "errorCode": code, "hops": 3,
                   "errorURLs": [f"https://errors.example.com/{folder}-{name}?{filled}" for name in ["w1", "w2"]]},
            present=[finding]))
        count += 1
    return count


# ---------------------------------------------------------------------------------------------
# Chain rules: for every CHAIN finding, a chain where it fires and the nearest chain where it must not
# ---------------------------------------------------------------------------------------------

def rule_wrapper(name, uri, version="4.2", attributes="", legacy=False, tracking="linear"):
    """A Wrapper pointing at `uri` (no VASTAdTagURI when `uri` is None); `tracking` is the creative type
    its tracking is written for (`linear`, `nonlinear`) or None."""
    lines = [f'<VAST version="{version}">', f'  <Ad id="{name}">', f"    <Wrapper{attributes}>",
             '      <AdSystem version="1.0">Conform Exchange</AdSystem>']
    if uri is not None and legacy:
        lines.append(f"      <VASTAdTagURL><URL><![CDATA[{uri}]]></URL></VASTAdTagURL>")
    elif uri is not None:
        lines.append(f"      <VASTAdTagURI><![CDATA[{uri}]]></VASTAdTagURI>")
    lines += [f"      <Error><![CDATA[https://errors.example.com/{name}?code=[ERRORCODE]]]></Error>",
              f"      <Impression><![CDATA[https://track.example.com/{name}/impression]]></Impression>"]
    if tracking == "linear":
        lines += ["      <Creatives>", f'        <Creative id="{name}-c">', "          <Linear>", "            <TrackingEvents>",
                  f'              <Tracking event="start"><![CDATA[https://track.example.com/{name}/start]]></Tracking>',
                  "            </TrackingEvents>", "          </Linear>", "        </Creative>", "      </Creatives>"]
    elif tracking == "nonlinear":
        lines += ["      <Creatives>", f'        <Creative id="{name}-c">', "          <NonLinearAds>", "            <TrackingEvents>",
                  f'              <Tracking event="creativeView"><![CDATA[https://track.example.com/{name}/nl-view]]></Tracking>',
                  "            </TrackingEvents>", "          </NonLinearAds>", "        </Creative>", "      </Creatives>"]
    lines += ["    </Wrapper>", "  </Ad>", "</VAST>"]
    return "\n".join(lines) + "\n"


def rule_inline(name, version="4.2", impression=None, ads=1):
    text = chain_inline(name, ads=ads).replace('<VAST version="4.2">', f'<VAST version="{version}">', 1)
    if impression is not None:
        text = text.replace(f"<![CDATA[https://track.example.com/{name}/impression]]>", f"<![CDATA[{impression}]]>", 1)
    return text


def chain_rule_cases():
    """(rule id, variant, description, documents, root, map, options, fires, pinned chain outcome)."""
    cases = []

    def add(rule, variant, description, documents, mapping, fires, chain=None, root="w1.xml", **options):
        cases.append((rule, variant, description, documents, root, mapping, options, fires, chain))

    def base(rule):
        return f"https://ads.example.com/rules/{rule[len('CHAIN-'):]}"

    def simple(rule, variant, description, target_entry, fires, chain, documents=None, uri=None, wrapper=None, **options):
        """w1 (a Wrapper) → `uri` (default <base>/next.xml), served by `target_entry`."""
        uri = uri or f"{base(rule)}/next.xml"
        docs = {"w1.xml": wrapper or rule_wrapper(f"{rule}-{variant}-w1", uri)}
        docs.update(documents or {})
        add(rule, variant, description, docs, {uri: target_entry}, fires, chain, **options)

    inline_ok = {"stopReason": "inline", "hops": 2}

    def inline_docs(rule, variant, **kwargs):
        return {"inline.xml": rule_inline(f"{rule}-{variant}-inline", **kwargs)}

    r = "CHAIN-additional-wrapper-refused"
    w1 = rule_wrapper(f"{r}-fires-w1", f"{base(r)}/w2.xml", attributes=' followAdditionalWrappers="false"')
    add(r, "fires", "a Wrapper with followAdditionalWrappers=false receives another Wrapper (303)",
        {"w1.xml": w1, "w2.xml": rule_wrapper(f"{r}-fires-w2", f"{base(r)}/inline.xml")} | inline_docs(r, "fires"),
        {f"{base(r)}/w2.xml": "w2.xml", f"{base(r)}/inline.xml": "inline.xml"}, True,
        {"stopReason": "additional-wrapper-refused", "errorCode": 303, "hops": 2})
    w1 = rule_wrapper(f"{r}-clean-w1", f"{base(r)}/inline.xml", attributes=' followAdditionalWrappers="false"')
    add(r, "clean", "a Wrapper with followAdditionalWrappers=false receives an InLine",
        {"w1.xml": w1} | inline_docs(r, "clean"), {f"{base(r)}/inline.xml": "inline.xml"}, False, inline_ok)

    r = "CHAIN-depth-exceeded"
    for variant, depth, fires in [("fires", 1, True), ("clean", 2, False)]:
        docs = {"w1.xml": rule_wrapper(f"{r}-{variant}-w1", f"{base(r)}/w2.xml"),
                "w2.xml": rule_wrapper(f"{r}-{variant}-w2", f"{base(r)}/inline.xml")} | inline_docs(r, variant)
        add(r, variant, f"two Wrappers then an InLine with maxDepth {depth}", docs,
            {f"{base(r)}/w2.xml": "w2.xml", f"{base(r)}/inline.xml": "inline.xml"}, fires,
            {"stopReason": "depth-exceeded", "errorCode": 302, "hops": 3} if fires else {"stopReason": "inline", "hops": 3},
            maxDepth=depth)

    r = "CHAIN-fetch-failed"
    simple(r, "fires", "the VASTAdTagURI answers HTTP 404 (301)", {"status": 404}, True,
           {"stopReason": "fetch-failed", "errorCode": 301, "hops": 2})
    simple(r, "fires-status-500", "the VASTAdTagURI answers HTTP 500 after a redirect (301)", {"redirect": f"{base(r)}/error"},
           True, {"stopReason": "fetch-failed", "errorCode": 301, "hops": 2})
    cases[-1][5][f"{base(r)}/error"] = {"status": 500}
    simple(r, "clean", "the VASTAdTagURI answers 200 with an InLine", "inline.xml", False, inline_ok,
           documents=inline_docs(r, "clean"))

    r = "CHAIN-hop-not-vast"
    simple(r, "fires", "the VASTAdTagURI returns an HTML page (101)", {"body": "<html><body><p>Not found</p></body></html>\n"},
           True, {"stopReason": "not-vast", "errorCode": 101, "hops": 2})
    simple(r, "clean", "the VASTAdTagURI returns <VAST>", "inline.xml", False, inline_ok, documents=inline_docs(r, "clean"))

    r = "CHAIN-hop-not-xml"
    simple(r, "fires", "the VASTAdTagURI returns a truncated document (100)",
           {"body": '<VAST version="4.2"><Ad id="cut"><InLine><AdSystem>x</AdSys'}, True,
           {"stopReason": "not-xml", "errorCode": 100, "hops": 2})
    simple(r, "fires-empty-200", "the VASTAdTagURI answers 200 with an empty body (100)", {"status": 200}, True,
           {"stopReason": "not-xml", "errorCode": 100, "hops": 2})
    simple(r, "clean", "the VASTAdTagURI returns well-formed VAST", "inline.xml", False, inline_ok,
           documents=inline_docs(r, "clean"))

    r = "CHAIN-hop-unsupported-version"
    simple(r, "fires", "the VASTAdTagURI returns VAST 1.0 <VideoAdServingTemplate> (102)", "vast1.xml", True,
           {"stopReason": "unsupported-version", "errorCode": 102, "hops": 2},
           documents={"vast1.xml": '<VideoAdServingTemplate>\n  <Ad id="v1"/>\n</VideoAdServingTemplate>\n'})
    simple(r, "fires-version-5", "the VASTAdTagURI returns VAST version 5.0 (102)", "inline.xml", True,
           {"stopReason": "unsupported-version", "errorCode": 102, "hops": 2},
           documents=inline_docs(r, "fires-version-5", version="5.0"))
    simple(r, "clean", "the VASTAdTagURI returns VAST 3.0", "inline.xml", False, inline_ok,
           documents=inline_docs(r, "clean", version="3.0"))

    r = "CHAIN-https-downgrade"
    for variant, scheme, fires in [("fires", "http", True), ("clean", "https", False)]:
        docs = {"w1.xml": rule_wrapper(f"{r}-{variant}-w1", f"{base(r)}/w2.xml"),
                "w2.xml": rule_wrapper(f"{r}-{variant}-w2", f"{scheme}://ads.example.com/rules/https-downgrade/inline.xml")}
        docs |= inline_docs(r, variant)
        add(r, variant, f"a Wrapper fetched over https points at an {scheme} VASTAdTagURI", docs,
            {f"{base(r)}/w2.xml": "w2.xml", f"{scheme}://ads.example.com/rules/https-downgrade/inline.xml": "inline.xml"},
            fires, {"stopReason": "inline", "hops": 3})

    r = "CHAIN-uri-invalid"
    simple(r, "fires", "the VASTAdTagURI has spaces in its host (301)", None, True,
           {"stopReason": "invalid-uri", "errorCode": 301, "hops": 2}, uri="https://ads example com/vast")
    simple(r, "clean", "the VASTAdTagURI is an absolute https URI with a query", "inline.xml", False, inline_ok,
           documents=inline_docs(r, "clean"), uri=f"{base(r)}/vast?id=1&cb=2")

    r = "CHAIN-legacy-adtag-url"
    for variant, legacy in [("fires", True), ("clean", False)]:
        uri = f"{base(r)}/inline.xml"
        add(r, variant, "a VAST 2.0 Wrapper with " + ("<VASTAdTagURL><URL>" if legacy else "<VASTAdTagURI>"),
            {"w1.xml": rule_wrapper(f"{r}-{variant}-w1", uri, version="2.0", legacy=legacy)} | inline_docs(r, variant, version="2.0"),
            {uri: "inline.xml"}, legacy, inline_ok)

    r = "CHAIN-loop"
    docs = {"w1.xml": rule_wrapper(f"{r}-fires-w1", f"{base(r)}/w2.xml"),
            "w2.xml": rule_wrapper(f"{r}-fires-w2", f"{base(r)}/w3.xml"),
            "w3.xml": rule_wrapper(f"{r}-fires-w3", f"{base(r)}/w2.xml")}
    add(r, "fires", "w1 → w2 → w3 → w2 (302)", docs, {f"{base(r)}/w2.xml": "w2.xml", f"{base(r)}/w3.xml": "w3.xml"}, True,
        {"stopReason": "loop", "errorCode": 302, "hops": 4})
    docs = {"w1.xml": rule_wrapper(f"{r}-clean-w1", f"{base(r)}/w2.xml"),
            "w2.xml": rule_wrapper(f"{r}-clean-w2", f"{base(r)}/inline.xml")} | inline_docs(r, "clean")
    add(r, "clean", "w1 → w2 → inline", docs, {f"{base(r)}/w2.xml": "w2.xml", f"{base(r)}/inline.xml": "inline.xml"}, False,
        {"stopReason": "inline", "hops": 3})

    r = "CHAIN-mixed-versions"
    simple(r, "fires", "a 4.2 Wrapper points at a 3.0 InLine", "inline.xml", True, inline_ok,
           documents=inline_docs(r, "fires", version="3.0"))
    simple(r, "clean", "a 4.2 Wrapper points at a 4.2 InLine", "inline.xml", False, inline_ok, documents=inline_docs(r, "clean"))

    r = "CHAIN-multiple-ads-ignored"
    two_ads = chain_inline(f"{r}-pair", ads=2).replace(' sequence="1"', "").replace(' sequence="2"', "")
    simple(r, "fires", "a Wrapper without allowMultipleAds receives two stand-alone ads: the first is used", "ads.xml", True,
           inline_ok, documents={"ads.xml": two_ads})
    simple(r, "clean", "a Wrapper with allowMultipleAds=true receives two stand-alone ads", "ads.xml", False, inline_ok,
           documents={"ads.xml": two_ads},
           wrapper=rule_wrapper(f"{r}-clean-w1", f"{base(r)}/next.xml", attributes=' allowMultipleAds="true"'))

    r = "CHAIN-no-ad"
    simple(r, "fires", "the VASTAdTagURI returns <VAST/> without an ad (303)", {"body": '<VAST version="4.2"/>\n'}, True,
           {"stopReason": "no-ad", "errorCode": 303, "hops": 2})
    simple(r, "clean", "the VASTAdTagURI returns an InLine", "inline.xml", False, inline_ok, documents=inline_docs(r, "clean"))

    r = "CHAIN-oversize"
    simple(r, "fires", "the VASTAdTagURI returns 64 MiB (limit 4 MiB; 301)", {"size": 64 * 1024 * 1024}, True,
           {"stopReason": "oversize", "errorCode": 301, "hops": 2})
    simple(r, "fires-small-limit", "a 1.7 KB InLine with a 1 KB size limit (301)", "inline.xml", True,
           {"stopReason": "oversize", "errorCode": 301, "hops": 2}, documents=inline_docs(r, "fires-small-limit"),
           policy={"maxBytes": 1024})
    simple(r, "clean", "a small InLine within the 4 MiB limit", "inline.xml", False, inline_ok, documents=inline_docs(r, "clean"))

    r = "CHAIN-private-address-refused"
    private = "http://127.0.0.1:8080/vast"
    simple(r, "fires", "the VASTAdTagURI is a loopback address and private addresses are refused (301)", "inline.xml", True,
           {"stopReason": "private-address-refused", "errorCode": 301, "hops": 2}, documents=inline_docs(r, "fires"),
           uri=private, policy={"refusePrivateAddresses": True})
    simple(r, "fires-redirect", "a public VASTAdTagURI redirects to 10.0.0.7 and private addresses are refused (301)",
           {"redirect": "http://10.0.0.7/vast"}, True, {"stopReason": "private-address-refused", "errorCode": 301, "hops": 2},
           documents=inline_docs(r, "fires-redirect"), policy={"refusePrivateAddresses": True})
    cases[-1][5]["http://10.0.0.7/vast"] = "inline.xml"
    simple(r, "clean", "the same loopback VASTAdTagURI with private addresses allowed (the default)", "inline.xml", False,
           inline_ok, documents=inline_docs(r, "clean"), uri=private)

    r = "CHAIN-protocol-relative"
    for variant, written, fires in [("fires", "//ads.example.com/rules/protocol-relative/inline.xml", True),
                                    ("clean", "https://ads.example.com/rules/protocol-relative/inline.xml", False)]:
        add(r, variant, f"the VASTAdTagURI is {written}",
            {"w1.xml": rule_wrapper(f"{r}-{variant}-w1", written)} | inline_docs(r, variant),
            {f"{base(r)}/inline.xml": "inline.xml"}, fires, inline_ok)

    r = "CHAIN-redirect-limit"
    simple(r, "fires", "the VASTAdTagURI redirects to itself (301)", {"redirect": f"{base(r)}/next.xml"}, True,
           {"stopReason": "redirect-limit", "errorCode": 301, "hops": 2})
    simple(r, "fires-six", "the VASTAdTagURI redirects six times in a row, one more than the limit of 5 (301)",
           {"redirect": f"{base(r)}/inline.xml", "redirects": 6}, True,
           {"stopReason": "redirect-limit", "errorCode": 301, "hops": 2}, documents=inline_docs(r, "fires-six"))
    cases[-1][5][f"{base(r)}/inline.xml"] = "inline.xml"
    simple(r, "clean", "the VASTAdTagURI redirects five times, as many as the limit", {"redirect": f"{base(r)}/inline.xml",
           "redirects": 5}, False, inline_ok, documents=inline_docs(r, "clean"))
    cases[-1][5][f"{base(r)}/inline.xml"] = "inline.xml"

    r = "CHAIN-scheme-refused"
    simple(r, "fires", "the VASTAdTagURI is file:///etc/passwd; it is never opened (301)", None, True,
           {"stopReason": "scheme-refused", "errorCode": 301, "hops": 2}, uri="file:///etc/passwd")
    del cases[-1][5]["file:///etc/passwd"]
    simple(r, "fires-redirect", "the VASTAdTagURI redirects to ftp: (301)", {"redirect": "ftp://files.example.com/vast.xml"},
           True, {"stopReason": "scheme-refused", "errorCode": 301, "hops": 2})
    simple(r, "clean", "the VASTAdTagURI is https", "inline.xml", False, inline_ok, documents=inline_docs(r, "clean"))

    r = "CHAIN-timeout"
    simple(r, "fires", "the VASTAdTagURI does not answer within the per-hop limit (301)", {"timeout": True}, True,
           {"stopReason": "timeout", "errorCode": 301, "hops": 2})
    simple(r, "clean", "the VASTAdTagURI answers at once", "inline.xml", False, inline_ok, documents=inline_docs(r, "clean"))

    r = "CHAIN-tracking-orphaned"
    for variant, tracking, fires in [("fires", "nonlinear", True), ("clean", "linear", False)]:
        uri = f"{base(r)}/inline.xml"
        add(r, variant, f"a Wrapper with {tracking} tracking wraps an InLine with only a Linear creative",
            {"w1.xml": rule_wrapper(f"{r}-{variant}-w1", uri, tracking=tracking)} | inline_docs(r, variant),
            {uri: "inline.xml"}, fires, inline_ok)

    r = "CHAIN-tracking-url-invalid"
    for variant, impression, fires in [("fires", "https://track.example.com/imp?x=[NOT_A_MACRO]", True),
                                       ("clean", "https://track.example.com/imp?cb=[CACHEBUSTING]", False)]:
        add(r, variant, f"an InLine with the Impression {impression}",
            {"inline.xml": rule_inline(f"{r}-{variant}-inline", impression=impression)}, {}, fires,
            {"stopReason": "inline", "hops": 1}, root="inline.xml")

    r = "CHAIN-wrapper-no-uri"
    for variant, uri, fires in [("fires", None, True), ("clean", f"{base(r)}/inline.xml", False)]:
        docs = {"w1.xml": rule_wrapper(f"{r}-{variant}-w1", uri)}
        if uri:
            docs |= inline_docs(r, variant)
        add(r, variant, "a Wrapper " + ("without" if fires else "with") + " a VASTAdTagURI", docs,
            {uri: "inline.xml"} if uri else {}, fires,
            {"stopReason": "wrapper-without-uri", "errorCode": 101, "hops": 1} if fires else inline_ok)
    return cases


def fired_error_urls(documents, chain):
    """The Error URLs a player fires when `chain` stops: every Wrapper's (w1.xml, w2.xml, ... in chain
    order), [ERRORCODE] filled with the stop's code; none when the chain reaches an InLine."""
    if chain["stopReason"] == "inline":
        return []
    wrappers = sorted((name for name in documents if re.fullmatch(r"w\d+\.xml", name)), key=lambda n: int(n[1:-4]))
    return [url.replace("[ERRORCODE]", str(chain["errorCode"]))
            for name in wrappers for url in re.findall(r"<Error><!\[CDATA\[(.*?)\]\]></Error>", documents[name])]


def generate_chain_rules(writer):
    count = 0
    for rule, variant, description, documents, root, mapping, options, fires, chain in chain_rule_cases():
        folder = f"chains/rules/{rule}/{variant}"
        for name, text in documents.items():
            writer.add(f"{folder}/{name}", text)
        if chain is not None:
            chain = dict(chain, errorURLs=fired_error_urls(documents, chain))
        expectation = expect("unresolved" if chain and chain["stopReason"] != "inline" else "resolved",
                             tags=["generated", "chain", "rule-example", "must-fire" if fires else "must-not-fire"],
                             description=description + (f": {rule} fires" if fires else f": {rule} must not fire"),
                             chain=chain, present=[rule] if fires else (), absent=() if fires else [rule])
        manifest = {"version": 1, "root": root, "map": mapping, "expect": expectation}
        manifest.update(options)
        writer.json(f"{folder}/chain.json", manifest)
        count += 1
    return count


# ---------------------------------------------------------------------------------------------
# Rules: one case per rule example
# ---------------------------------------------------------------------------------------------

# Rules whose examples are written for the rule examples' URL policy (TraffickingRules.examplePolicy:
# destinations and takeover pages only on hosts under example.com); their tables set it with a
# `# policy:` line, so the invalid examples fire and the valid ones must not.
PARAMS_EXAMPLE_POLICY = {"PARAM-url-policy", "PARAM-takeover-url-policy"}
EXAMPLE_POLICY_LINE = "# policy: allowed-hosts=example.com"


def generate_param_rule_table(writer, rule):
    """A parameter rule's examples as one table: valid strings must not fire it, invalid ones must."""
    rule_id = rule["id"]
    rows = []
    for number, text in enumerate(rule["valid"], start=1):
        if "\t" in text or "\n" in text:
            continue
        rows.append(f"valid-{number}\t-\t*\t!{rule_id}\t{text}")
    for number, example in enumerate(rule["invalid"], start=1):
        if "\t" in example["text"] or "\n" in example["text"]:
            continue
        rows.append(f"invalid-{number}\t-\t*\t{rule_id}\t{example['text']}")
    if not rows:
        return 0
    header = [f"# Examples of {rule_id}: valid strings must not fire it, invalid ones must.",
              "# tags: generated, rule-example", "# Generated by scripts/gen-corpus.py from the rule's examples; do not edit."]
    if rule_id in PARAMS_EXAMPLE_POLICY:
        header.append(EXAMPLE_POLICY_LINE)
    header.append("id\tverdict\tformat\tdiagnostics\tstring")
    writer.add(f"rules/{rule_id}/examples.tsv", "\n".join(header + rows) + "\n")
    return len(rows)


def generate_profile_rule(writer, rule):
    """A profile rule's examples, evaluated through its profile with the options the examples assume:
    the rule must not fire on the valid ones and must fire at every marker of the invalid ones."""
    rule_id = rule["id"]
    request = {rule["profile"]: {"options": rule["options"]} if rule["options"] else {}}
    count = 0
    for number, text in enumerate(rule["valid"], start=1):
        writer.case(f"profiles/rules/{rule_id}/valid-{number}.xml", text, expect(
            tags=["generated", "rule-example", "must-not-fire", "profiles", rule["profile"]],
            description=f"valid example {number} of {rule_id} ({rule['profile']} profile): the rule must not fire",
            absent=[rule_id], profiles=request))
        count += 1
    for number, example in enumerate(rule["invalid"], start=1):
        present = fired(rule, example)
        writer.case(f"profiles/rules/{rule_id}/invalid-{number}.xml", example["text"], expect(
            tags=["generated", "rule-example", "must-fire", "profiles", rule["profile"]],
            description=f"invalid example {number} of {rule_id} ({rule['profile']} profile): the rule fires at each marked position",
            present=present, profiles=request))
        count += 1
    return count


def generate_rules(writer, examples):
    count = 0
    for rule in examples:
        rule_id = rule["id"]
        if rule.get("kind") == "params":
            count += generate_param_rule_table(writer, rule)
            continue
        if rule.get("kind") == "profile":
            continue
        for number, text in enumerate(rule["valid"], start=1):
            writer.case(f"rules/{rule_id}/valid-{number}.xml", text, expect(
                tags=["generated", "rule-example", "must-not-fire"],
                description=f"valid example {number} of {rule_id}: the rule must not fire", absent=[rule_id]))
            count += 1
        for number, example in enumerate(rule["invalid"], start=1):
            present = fired(rule, example)
            writer.case(f"rules/{rule_id}/invalid-{number}.xml", example["text"], expect(
                tags=["generated", "rule-example", "must-fire"],
                description=f"invalid example {number} of {rule_id}: the rule fires at each marked position",
                present=present))
            count += 1
    return count


# ---------------------------------------------------------------------------------------------
# Value formats at their edges: one document per value, every other value the template's valid one
# ---------------------------------------------------------------------------------------------

FORMAT_TEMPLATE = """<VAST version="4.2">
  <Ad id="formats">
    <InLine>
      <AdSystem version="1.0">Conform Ad Server</AdSystem>
      <AdTitle>Value formats</AdTitle>
      <Impression><![CDATA[https://track.adserver.net/formats/impression]]></Impression>
      <AdServingId>serve-formats</AdServingId>
      <Creatives>
        <Creative id="formats-linear">
          <UniversalAdId idRegistry="Ad-ID">FORMATS0001</UniversalAdId>
          {m_skipoffset}<Linear skipoffset="{skipoffset}">
            {m_duration}<Duration>{duration}</Duration>
            <TrackingEvents>
              {m_progress}<Tracking event="progress" offset="{progress}"><![CDATA[https://track.adserver.net/formats/progress]]></Tracking>
              <Tracking event="skip"><![CDATA[https://track.adserver.net/formats/skip]]></Tracking>
            </TrackingEvents>
            <MediaFiles>
              {m_mediafile}<MediaFile delivery="{delivery}" type="video/mp4" width="{width}" height="720" bitrate="{bitrate}" scalable="{scalable}"><![CDATA[https://cdn.adserver.net/formats/720.mp4]]></MediaFile>
            </MediaFiles>
            <Icons>
              {m_icon}<Icon program="AdChoices" width="{icon_width}" height="20" xPosition="right" yPosition="top" duration="{icon_duration}">
                <StaticResource creativeType="image/png"><![CDATA[https://cdn.adserver.net/formats/icon.png]]></StaticResource>
              </Icon>
            </Icons>
          </Linear>
        </Creative>
        <Creative id="formats-companions">
          <UniversalAdId idRegistry="Ad-ID">FORMATS0002</UniversalAdId>
          {m_companionads}<CompanionAds required="{required}">
            {m_companion}<Companion width="{companion_width}" height="250">
              <StaticResource creativeType="image/png"><![CDATA[https://cdn.adserver.net/formats/mpu.png]]></StaticResource>
            </Companion>
          </CompanionAds>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>
"""

FORMAT_DEFAULTS = {
    "skipoffset": "00:00:05", "duration": "00:00:15", "progress": "00:00:05", "delivery": "progressive",
    "width": "1280", "companion_width": "300", "icon_width": "20", "bitrate": "2000", "scalable": "true", "icon_duration": "00:00:05", "required": "any",
}

# field -> (the element the finding points at, the rule of its format)
FORMAT_FIELDS = {
    "duration": ("duration", "VAST-2.0-time-format"),
    "icon_duration": ("icon", "VAST-2.0-time-format"),
    "skipoffset": ("skipoffset", "VAST-3.0-offset-format"),
    "progress": ("progress", "VAST-3.0-offset-format"),
    "width": ("mediafile", "VAST-2.0-integer-value"),
    "companion_width": ("companion", "VAST-2.0-integer-value"),
    "icon_width": ("icon", "VAST-2.0-integer-value"),
    "bitrate": ("mediafile", "VAST-2.0-integer-value"),
    "scalable": ("mediafile", "VAST-2.0-boolean-value"),
    "delivery": ("mediafile", "VAST-2.0-mediafile-delivery-value"),
    "required": ("companionads", "VAST-3.0-companionads-required-value"),
}

# (case name, field, value, accepted?, why). Sources: the time and offset patterns of the 3.0-4.2 XSDs
# (`\d{2}:[0-5]\d:[0-5]\d(\.\d\d\d)?` and `1?\d?\d(\.?\d)*%`), the 4.3 text's HH:MM:SS.mmm and n% with n from 0
# to 100, xs:integer and xs:boolean, and the enumerations of delivery and required.
FORMAT_CASES = [
    ("duration-seconds", "duration", "00:00:15", True, "HH:MM:SS"),
    ("duration-milliseconds", "duration", "00:00:06.500", True, "HH:MM:SS.mmm"),
    ("duration-last-millisecond", "duration", "00:59:59.999", True, "the largest minutes, seconds and milliseconds"),
    ("duration-three-digit-hours", "duration", "100:00:00", True, "hours take at least two digits"),
    ("duration-whitespace", "duration", "  00:00:15  ", True, "white space around the text is not part of the value"),
    ("duration-trailing-whitespace", "duration", "00:00:15 \n", True, "white space after the text only is not part of the value"),
    ("duration-leading-whitespace", "duration", "\t 00:00:15", True, "white space before the text only is not part of the value"),
    ("duration-closing-tag-next-line", "duration", "00:00:15.500\n            ", True,
     "a pretty-printer's line break and indentation before the closing tag are not part of the value"),
    ("skipoffset-trailing-spaces", "skipoffset", "00:00:05.000      ", True, "white space after an attribute value only is not part of it"),
    ("duration-one-digit-hours", "duration", "0:00:15", False, "hours take two digits"),
    ("duration-one-digit-milliseconds", "duration", "00:00:15.5", False, "milliseconds take exactly three digits"),
    ("duration-four-digit-milliseconds", "duration", "00:00:15.5000", False, "milliseconds take exactly three digits"),
    ("duration-trailing-dot", "duration", "00:00:15.", False, "a dot needs its three digits"),
    ("duration-comma", "duration", "00:00:15,500", False, "the decimal separator is a dot"),
    ("duration-minutes-60", "duration", "00:60:00", False, "minutes run from 00 to 59"),
    ("duration-seconds-60", "duration", "00:00:60", False, "seconds run from 00 to 59"),
    ("duration-bare-seconds", "duration", "15", False, "bare seconds are not a time"),
    ("duration-no-hours", "duration", "00:15", False, "MM:SS is not a time"),
    ("duration-negative", "duration", "-00:00:15", False, "no sign"),
    ("duration-empty", "duration", "", False, "empty"),
    ("icon-duration-milliseconds", "icon_duration", "00:00:05.250", True, "attributes take the same time format"),
    ("icon-duration-one-digit-milliseconds", "icon_duration", "00:00:05.5", False, "attributes take the same time format"),
    ("skipoffset-time", "skipoffset", "00:00:05", True, "HH:MM:SS"),
    ("skipoffset-milliseconds", "skipoffset", "00:00:05.250", True, "HH:MM:SS.mmm"),
    ("skipoffset-zero-percent", "skipoffset", "0%", True, "0%"),
    ("skipoffset-decimal-percent", "skipoffset", "12.5%", True, "a decimal percentage"),
    ("skipoffset-two-decimals-percent", "skipoffset", "99.99%", True, "a decimal percentage"),
    ("skipoffset-hundred-percent", "skipoffset", "100%", True, "the end of the ad"),
    ("skipoffset-hundred-point-zero-percent", "skipoffset", "100.0%", True, "the end of the ad, with a decimal"),
    ("skipoffset-over-hundred-percent", "skipoffset", "100.5%", False, "more than 100%"),
    ("skipoffset-hundred-one-percent", "skipoffset", "101%", False, "more than 100%"),
    ("skipoffset-negative-percent", "skipoffset", "-5%", False, "no sign"),
    ("skipoffset-comma-percent", "skipoffset", "12,5%", False, "the decimal separator is a dot"),
    ("skipoffset-space-before-percent", "skipoffset", "12.5 %", False, "no space inside the value"),
    ("skipoffset-percent-sign-only", "skipoffset", "%", False, "a number is needed"),
    ("skipoffset-two-dots-percent", "skipoffset", "1.2.3%", False, "one decimal point at most"),
    ("skipoffset-exponent-percent", "skipoffset", "1e1%", False, "digits only"),
    ("skipoffset-bare-number", "skipoffset", "5", False, "a bare number is neither a time nor a percentage"),
    ("skipoffset-one-digit-milliseconds", "skipoffset", "00:00:05.5", False, "milliseconds take exactly three digits"),
    ("progress-decimal-percent", "progress", "12.5%", True, "a decimal percentage"),
    ("progress-milliseconds", "progress", "00:00:10.125", True, "HH:MM:SS.mmm"),
    ("progress-over-hundred-percent", "progress", "100.5%", False, "more than 100%"),
    ("progress-one-digit-milliseconds", "progress", "00:00:10.1", False, "milliseconds take exactly three digits"),
    ("width-integer", "width", "1280", True, "xs:integer"),
    ("width-zero", "width", "0", True, "xs:integer; zero is not negative"),
    ("companion-width-zero", "companion_width", "0", True, "xs:integer; a Companion 0 pixels wide is not negative"),
    ("icon-width-zero", "icon_width", "0", True, "xs:integer; an Icon 0 pixels wide is not negative"),
    ("width-plus-sign", "width", "+1280", True, "xs:integer allows a sign"),
    ("width-leading-zeros", "width", "01280", True, "xs:integer allows leading zeros"),
    ("width-decimal", "width", "1280.0", False, "not an integer"),
    ("width-exponent", "width", "1e3", False, "not an integer"),
    ("width-unit", "width", "1280px", False, "no unit"),
    ("width-thousands-separator", "width", "1,280", False, "no separator"),
    ("width-empty", "width", "", False, "empty"),
    ("bitrate-overflow", "bitrate", "99999999999999999999", False, "too large for any integer a player keeps"),
    ("scalable-true", "scalable", "true", True, "xs:boolean"),
    ("scalable-one", "scalable", "1", True, "xs:boolean allows 1 and 0"),
    ("scalable-zero", "scalable", "0", True, "xs:boolean allows 1 and 0"),
    ("scalable-upper-case", "scalable", "TRUE", False, "xs:boolean is lower case"),
    ("scalable-yes", "scalable", "yes", False, "not a boolean"),
    ("delivery-streaming", "delivery", "streaming", True, "enumerated"),
    ("delivery-capitalised", "delivery", "Progressive", False, "the enumeration is lower case"),
    ("delivery-other", "delivery", "download", False, "not in the enumeration"),
    ("required-all", "required", "all", True, "enumerated"),
    ("required-none", "required", "none", True, "enumerated"),
    ("required-upper-case", "required", "ANY", False, "the enumeration is lower case"),
    ("required-other", "required", "some", False, "not in the enumeration"),
]

# Values read to the millisecond: (case name, values, rule, fires?, why).
FORMAT_PRECISION_CASES = [
    ("skipoffset-one-millisecond-before-end", {"duration": "00:00:15.500", "skipoffset": "00:00:15.499"},
     "VAST-3.0-skipoffset-range", False, "a skip offset one millisecond before the end of a 15.5-second ad"),
    ("skipoffset-at-end-milliseconds", {"duration": "00:00:15.500", "skipoffset": "00:00:15.500"},
     "VAST-3.0-skipoffset-range", True, "a skip offset at the very end of a 15.5-second ad"),
    ("progress-at-end-milliseconds", {"duration": "00:00:15.500", "progress": "00:00:15.500"},
     "VAST-3.0-progress-offset-range", False, "a progress offset at the very end of a 15.5-second ad"),
    ("progress-one-millisecond-past-end", {"duration": "00:00:15.500", "progress": "00:00:15.501"},
     "VAST-3.0-progress-offset-range", True, "a progress offset one millisecond past the end of a 15.5-second ad"),
    ("duration-half-a-second", {"duration": "00:00:00.500", "skipoffset": "00:00:00.250", "progress": "00:00:00.250"},
     "VAST-2.0-duration-zero", False, "a Duration of half a second is not zero"),
    ("duration-one-millisecond", {"duration": "00:00:00.001", "skipoffset": "0%", "progress": "0%"},
     "VAST-2.0-duration-zero", False, "a Duration of one millisecond is not zero"),
]


def format_document(values, marked=None):
    fields = dict(FORMAT_DEFAULTS, **values)
    marks = {f"m_{element}": "" for element, _ in FORMAT_FIELDS.values()}
    if marked:
        marks[f"m_{marked}"] = MARK
    return FORMAT_TEMPLATE.format(**fields, **marks)


def fired(rule, example):
    """The `present` entries of an invalid example: the rule at each marked position, at the rule's severity (a rule
    whose severity changes turns its cases red)."""
    return ([{"rule": rule["id"], "line": p["line"], "column": p["column"], "severity": rule["severity"]} for p in example["positions"]]
            or [{"rule": rule["id"], "severity": rule["severity"]}])


def generate_formats(writer):
    """formats/<case>.xml: one value at the edge of its format per document, accepted (its format rule must not
    fire, nor any other error) or refused (the rule fires at the element that carries it)."""
    count = 0
    for name, field, value, accepted, why in FORMAT_CASES:
        element, rule = FORMAT_FIELDS[field]
        text = format_document({field: value}, marked=None if accepted else element)
        shown = value if value else "(empty)"
        if accepted:
            # Exhaustive: an accepted value makes no finding at all (the template itself makes none).
            expectation = expect(verdict="valid", tags=["generated", "value-format", "accepted"], absent=[rule],
                                 exhaustive=True, description=f"{field} = {shown!r}: accepted ({why})")
        else:
            expectation = expect(verdict="invalid", tags=["generated", "value-format", "refused"],
                                 present=[{"rule": rule, "at": 0, "severity": "error"}],
                                 description=f"{field} = {shown!r}: refused by {rule} ({why})")
        writer.case(f"formats/{name}.xml", text, expectation)
        count += 1
    for name, values, rule, fires, why in FORMAT_PRECISION_CASES:
        text = format_document(values)
        expectation = expect(tags=["generated", "value-format", "milliseconds"], exhaustive=True,
                             present=[rule] if fires else (), absent=() if fires else [rule],
                             description=f"{why}: {rule} {'fires' if fires else 'does not fire'}")
        writer.case(f"formats/{name}.xml", text, expectation)
        count += 1
    return count


# Rules whose scope deliberately covers the neighbour too (the finding is the same there), with the reason.
SCOPE_SHARED = {}

# The element next to each element a rule may be limited to: the same content moved there is just outside the
# rule's scope (a MediaFile rule must not fire on a Mezzanine, an InLine rule on a Wrapper).
NEIGHBOURS = {
    "MediaFile": "Mezzanine", "Mezzanine": "MediaFile", "InteractiveCreativeFile": "MediaFile",
    "InLine": "Wrapper", "Wrapper": "InLine", "Linear": "NonLinearAds",
    "Companion": "NonLinear", "NonLinear": "Companion", "CompanionAds": "NonLinearAds", "NonLinearAds": "CompanionAds",
    "StaticResource": "IFrameResource", "IFrameResource": "HTMLResource", "HTMLResource": "IFrameResource",
    "JavaScriptResource": "ExecutableResource", "ExecutableResource": "JavaScriptResource",
    "ClickThrough": "ClickTracking", "ClickTracking": "CustomClick", "CustomClick": "ClickTracking",
    "CompanionClickTracking": "NonLinearClickTracking", "NonLinearClickTracking": "CompanionClickTracking",
    "CompanionClickThrough": "NonLinearClickThrough", "NonLinearClickThrough": "CompanionClickThrough",
    "AdServingId": "AdTitle", "Pricing": "Advertiser", "Category": "BlockedAdCategories",
    "BlockedAdCategories": "Category", "Extension": "CreativeExtension", "CreativeExtension": "Extension",
}
START_TAG = re.compile(r"<([A-Za-z][A-Za-z0-9]*)\b")


def rename_element(text, offset, name, neighbour):
    """`text` with the element whose start tag begins at `offset` renamed (its end tag too, when it has one)."""
    start = offset + 1 + len(name)
    head, rest = text[:offset], text[start:]
    close = rest.find(">")
    if close > 0 and rest[close - 1] == "/":
        return head + "<" + neighbour + rest
    depth, i = 1, close + 1
    pattern = re.compile(r"<(/?)" + re.escape(name) + r"\b[^>]*?(/?)>")
    for match in pattern.finditer(rest, i):
        if match.group(1):
            depth -= 1
            if depth == 0:
                end = match.start()
                return head + "<" + neighbour + rest[:end] + "</" + neighbour + rest[end + 2 + len(name):]
        elif not match.group(2):
            depth += 1
    return None


def generate_rule_scopes(writer, examples):
    """For every document rule limited to certain elements (its `elements`), its first invalid example whose marked
    element is one of them, with that element made the one next to it (NEIGHBOURS) that the rule does not look
    at: just outside the rule's scope, so the rule must not fire. An inert element of the scope keeps the rule
    running on the case."""
    count = 0
    for rule in examples:
        scope = rule.get("elements")
        if rule.get("kind") != "vast" or not scope or rule["id"] in SCOPE_SHARED:
            continue
        for number, example in enumerate(rule["invalid"], start=1):
            if not example["positions"]:
                continue
            text = example["text"]
            lines = text.split("\n")
            offsets = sorted({sum(len(line) + 1 for line in lines[:p["line"] - 1]) + p["column"] - 1
                              for p in example["positions"]}, reverse=True)
            # Every marked element must be one the rule is limited to (not, say, the unknown child of a scope) and
            # have a neighbour outside the scope; each is moved, the last first so the earlier offsets hold.
            moved, names = text, []
            for offset in offsets:
                match = START_TAG.match(moved, offset)
                name = match.group(1) if match else None
                neighbour = NEIGHBOURS.get(name)
                if name not in scope or not neighbour or neighbour in scope:
                    moved = None
                    break
                moved = rename_element(moved, offset, name, neighbour)
                if moved is None:
                    break
                names.append((name, neighbour))
            if moved is None:
                continue
            name, neighbour = names[-1]
            # The validator runs a rule only on documents that hold an element of its scope: one, inert in an
            # Extension (free-form content no rule reads as VAST), keeps the rule running, so that it is its own
            # check, not the gate, that must leave the moved element alone.
            holder = "".join(f"<{element}/>" for element in sorted(scope))
            root = ROOT_VERSION.search(moved)
            root_end = moved.find(">", root.start()) + 1 if root else -1
            if root_end <= 0:
                continue
            moved = moved[:root_end] + f'<Extensions><Extension type="conform-scope">{holder}</Extension></Extensions>' + moved[root_end:]
            writer.case(f"rules/{rule['id']}/outside-{number}.xml", moved, expect(
                tags=["generated", "rule-scope", "must-not-fire"],
                description=f"invalid example {number} of {rule['id']} with its <{name}> made a <{neighbour}>, just outside the elements the rule looks at (an inert <{name}> in an Extension keeps the rule running): the rule must not fire",
                absent=[rule["id"]]))
            count += 1
            break
    return count


ROOT_VERSION = re.compile(r'(<VAST\b[^>]*?\bversion=")([^"]*)(")')


def with_root_version(text, version):
    """The example with its root <VAST>'s declared version replaced (same length: positions do not move)."""
    return ROOT_VERSION.sub(lambda m: m.group(1) + version + m.group(3), text, count=1)


def boundary_example(rule, prefer=None):
    """An invalid example of a versioned document rule whose root declares a version conform knows: the first one
    declared `prefer` if any, else the first one."""
    usable = [e for e in rule["invalid"] if (m := ROOT_VERSION.search(e["text"])) and m.group(2) in VERSIONS]
    preferred = [e for e in usable if ROOT_VERSION.search(e["text"]).group(2) == prefer]
    return (preferred or usable or [None])[0]


def generate_rule_boundaries(writer, examples):
    """For every document rule with a version range, its first invalid example at the range's edges: at the first
    version it applies to (must fire at the markers) and at the version just before (must not fire), and likewise
    at the last version and the one just after when the range ends before the newest version."""
    count = 0
    for rule in examples:
        versions = rule.get("versions")
        if rule.get("kind") != "vast" or not versions:
            continue
        first, last = VERSIONS.index(versions["from"]), VERSIONS.index(versions["to"])
        rule_id = rule["id"]
        edges = []
        if first > 0:
            edges.append(("since", VERSIONS[first], "before", VERSIONS[first - 1], "the first version it applies to"))
        if last < len(VERSIONS) - 1:
            edges.append(("until", VERSIONS[last], "after", VERSIONS[last + 1], "the last version it applies to"))
        for edge, inside, beyond, outside, what in edges:
            example = boundary_example(rule, prefer=inside)
            if example is None:
                continue
            number = rule["invalid"].index(example) + 1
            declared = ROOT_VERSION.search(example["text"]).group(2)
            # At the last version, a rule about content newer than the document (VAST-2.0-version-mismatch) may have
            # nothing left to fire on: the edge is pinned from outside only, unless an example is declared there.
            if edge == "since" or declared == inside:
                present = fired(rule, example)
                writer.case(f"rules/{rule_id}/{edge}-{inside}.xml", with_root_version(example["text"], inside), expect(
                    tags=["generated", "rule-boundary", "must-fire"],
                    description=f"invalid example {number} of {rule_id} declared VAST {inside}, {what}: the rule fires at each marked position",
                    present=present))
                count += 1
            writer.case(f"rules/{rule_id}/{beyond}-{outside}.xml", with_root_version(example["text"], outside), expect(
                tags=["generated", "rule-boundary", "must-not-fire"],
                description=f"invalid example {number} of {rule_id} declared VAST {outside}, just outside its versions ({versions['from']} to {versions['to']}): the rule must not fire",
                absent=[rule_id]))
            count += 1
    return count


# ---------------------------------------------------------------------------------------------

def refresh_rule_examples():
    result = subprocess.run(["swift", "run", "-q", "conform", "dump-rule-examples"], cwd=ROOT,
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stderr)
        raise SystemExit("could not run 'swift run conform dump-rule-examples'")
    data = json.loads(result.stdout)
    with open(RULE_EXAMPLES, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--refresh-rules", action="store_true",
                        help="regenerate scripts/rule-examples.json with 'swift run conform dump-rule-examples' first")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when Corpus/ is out of date")
    args = parser.parse_args()
    if args.refresh_rules:
        refresh_rule_examples()
    with open(RULE_EXAMPLES, encoding="utf-8") as handle:
        examples = json.load(handle)

    writer = Writer(ROOT)
    counts = {
        "vast": generate_vast(writer, per_family=20) + generate_wrappers(writer, per_version=12),
        "vmap": generate_vmap(writer, 120),
        "malformed": generate_malformed(writer),
        "hostile": generate_hostile(writer),
        "chains": generate_chains(writer) + generate_chain_rules(writer),
        "rules": generate_rules(writer, examples) + generate_rule_boundaries(writer, examples)
                 + generate_rule_scopes(writer, examples),
        "profiles": sum(generate_profile_rule(writer, rule) for rule in examples if rule.get("kind") == "profile"),
        "formats": generate_formats(writer),
    }
    differences = writer.commit(check=args.check)
    total = sum(counts.values())
    summary = ", ".join(f"{name} {number}" for name, number in counts.items())
    if args.check:
        if differences:
            print(f"Corpus/ is out of date ({len(differences)} file(s) differ); run: python3 scripts/gen-corpus.py")
            for path in differences[:20]:
                print("  " + os.path.relpath(path, ROOT))
            return 1
        print(f"Corpus/ is up to date: {total} generated cases ({summary})")
        return 0
    print(f"generated {total} cases ({summary}); {len(differences)} file(s) changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
