#!/usr/bin/env python3
"""Writes deterministic VAST 4.2 tags of typical production sizes (about 7, 17, 44 and 350 KB) for
benchmarks: InLine ads with linear creatives, media files, tracking events and verification, the way
ad servers emit them (pretty-printed, URLs in CDATA)."""
import os
import sys

EVENTS = ["creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "mute",
          "unmute", "pause", "resume", "rewind", "skip", "playerExpand", "playerCollapse", "loaded"]


def creative(i, trackers_per_event):
    out = [f'      <Creative id="cr-{i}" sequence="{i + 1}">',
           f'        <UniversalAdId idRegistry="ad-id.org">CNPA{i:08d}H</UniversalAdId>',
           '        <Linear skipoffset="00:00:05">',
           '          <Duration>00:00:30.000</Duration>',
           '          <TrackingEvents>']
    for event in EVENTS:
        for t in range(trackers_per_event):
            out.append(f'            <Tracking event="{event}"><![CDATA[https://track{t}.adtrack-metrics.net/v1/{event}?cr={i}&cb=[CACHEBUSTING]&ts=[TIMESTAMP]]]></Tracking>')
    out.append('            <Tracking event="progress" offset="00:00:10.000"><![CDATA[https://track.adtrack-metrics.net/p10?cr=%d]]></Tracking>' % i)
    out += ['          </TrackingEvents>',
            '          <VideoClicks>',
            f'            <ClickThrough id="ct-{i}"><![CDATA[https://landing.adtrack-metrics.net/offer?cr={i}&utm_source=vast]]></ClickThrough>',
            f'            <ClickTracking id="ck-{i}"><![CDATA[https://click.adtrack-metrics.net/c?cr={i}&cb=[CACHEBUSTING]]]></ClickTracking>',
            '          </VideoClicks>',
            '          <MediaFiles>']
    for w, h, br in [(1920, 1080, 6000), (1280, 720, 3500), (854, 480, 1500), (640, 360, 800)]:
        out.append(f'            <MediaFile id="mf-{i}-{w}" delivery="progressive" type="video/mp4" width="{w}" height="{h}" bitrate="{br}" codec="avc1.4D401F" scalable="true" maintainAspectRatio="true"><![CDATA[https://cdn.adtrack-metrics.net/ads/{i}/{w}x{h}.mp4]]></MediaFile>')
    out += ['            <Mezzanine delivery="progressive" type="video/mp4" width="1920" height="1080"><![CDATA[https://cdn.adtrack-metrics.net/ads/mezz.mp4]]></Mezzanine>',
            '          </MediaFiles>',
            '        </Linear>',
            '      </Creative>']
    return out


def tag(creatives, trackers_per_event, ads=1):
    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<VAST version="4.2">']
    for a in range(ads):
        out += [f'  <Ad id="ad-{a}" sequence="{a + 1}">', '  <InLine>',
                '    <AdSystem version="4.2">Example Ad Server</AdSystem>',
                '    <Error><![CDATA[https://err.adtrack-metrics.net/e?code=[ERRORCODE]]]></Error>',
                f'    <Impression id="imp"><![CDATA[https://imp.adtrack-metrics.net/i?ad={a}&cb=[CACHEBUSTING]]]></Impression>',
                f'    <AdServingId>serving-{a}</AdServingId>',
                '    <AdTitle>Benchmark ad</AdTitle>',
                '    <AdVerifications><Verification vendor="adtrack-metrics.net-omid">',
                '      <JavaScriptResource apiFramework="omid" browserOptional="true"><![CDATA[https://verify.adtrack-metrics.net/omid.js]]></JavaScriptResource>',
                '      <VerificationParameters><![CDATA[{"partner":"example"}]]></VerificationParameters>',
                '    </Verification></AdVerifications>',
                '    <Creatives>']
        for i in range(creatives):
            out += creative(i, trackers_per_event)
        out += ['    </Creatives>', '  </InLine>', '  </Ad>']
    out.append('</VAST>')
    return "\n".join(out) + "\n"


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else "bench-tags"
    os.makedirs(directory, exist_ok=True)
    for name, creatives, trackers, ads in [("tag-7k", 1, 2, 1), ("tag-17k", 2, 3, 1),
                                           ("tag-44k", 5, 3, 1), ("tag-350k", 7, 4, 5)]:
        body = tag(creatives, trackers, ads)
        with open(os.path.join(directory, name + ".xml"), "w") as f:
            f.write(body)
        print(f"{name}.xml {len(body.encode())} bytes")


if __name__ == "__main__":
    main()
