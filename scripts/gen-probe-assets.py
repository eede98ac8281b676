#!/usr/bin/env python3
"""Makes the small media, image and caption files of the probe corpus cases (Corpus/probe/assets) with ffmpeg.

Each file is a few KB: a solid colour and a quiet tone, encoded at a low bitrate. Metadata and encoder
version strings are left out, so the files change only when this script does. The caption files are
written as text.

  right.mp4           160x120, 2 s, H.264 + AAC     what the cases declare
  wrong-size.mp4      320x240, 2 s, H.264 + AAC     declared 160x120
  wrong-duration.mp4  160x120, 6 s, H.264 + AAC     declared 2 s
  wrong-type.webm     160x120, 2 s, VP8 + Vorbis    declared video/mp4
  silent.mp4          160x120, 2 s, H.264 only      no audio track
  variable-rate.mp4   160x120, 2 s, H.264 + AAC     frames dropped: 20 fps on average on a 30 fps base (variable)
  slideshow.mp4       160x120, 2 s, H.264 + AAC     2 fps
  companion.png       300x250                       a companion's declared size
  companion-small.png 150x100                       declared 300x250
  companion.jpg       300x250
  captions.vtt        well-formed WebVTT
  broken.vtt          a cue timing that is not a timing
  captions-en.ttml    TTML with xml:lang="en"

Usage: scripts/gen-probe-assets.py [FOLDER]   (default: Corpus/probe/assets)
"""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXACT = ["-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact"]


def ffmpeg(*arguments):
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", *arguments], check=True)


def video(path, size="160x120", seconds=2, audio=True, webm=False, rate=10, drop=None):
    inputs = ["-f", "lavfi", "-i", "color=c=0x3366cc:s=%s:r=%d:d=%d" % (size, rate, seconds)]
    # Leave out frames drop[0] to drop[1] and keep the others' timestamps: a gap, so a variable frame rate.
    timing = ["-vf", "select='not(between(n,%d,%d))'" % drop, "-fps_mode", "vfr"] if drop else []
    if audio:
        inputs += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=22050:duration=%d" % seconds]
    if webm:
        codecs = ["-c:v", "libvpx", "-b:v", "20k", "-c:a", "libvorbis", "-b:a", "32k"] if audio else ["-c:v", "libvpx", "-b:v", "20k"]
        if shutil.which("ffmpeg") and b"libvorbis" not in subprocess.run(["ffmpeg", "-hide_banner", "-encoders"], capture_output=True).stdout:
            codecs = ["-c:v", "libvpx", "-b:v", "20k", "-c:a", "libopus", "-b:a", "16k"]
    else:
        codecs = ["-c:v", "libx264", "-preset", "veryslow", "-crf", "40", "-pix_fmt", "yuv420p", "-bf", "0"]
        if audio:
            codecs += ["-c:a", "aac", "-b:a", "16k", "-ac", "1"]
        codecs += ["-movflags", "+faststart"]
    ffmpeg(*inputs, *timing, *codecs, "-shortest", *EXACT, path)


def image(path, size):
    ffmpeg("-f", "lavfi", "-i", "color=c=0xff9900:s=%s" % size, "-frames:v", "1", *EXACT, path)


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Corpus", "probe", "assets")
    if shutil.which("ffmpeg") is None:
        sys.stderr.write("gen-probe-assets: ffmpeg is not installed (apt-get install ffmpeg)\n")
        return 2
    os.makedirs(folder, exist_ok=True)
    at = lambda name: os.path.join(folder, name)
    video(at("right.mp4"))
    video(at("wrong-size.mp4"), size="320x240")
    video(at("wrong-duration.mp4"), seconds=6)
    video(at("wrong-type.webm"), webm=True)
    video(at("silent.mp4"), audio=False)
    video(at("variable-rate.mp4"), rate=30, drop=(10, 29))
    video(at("slideshow.mp4"), rate=2)
    image(at("companion.png"), "300x250")
    image(at("companion-small.png"), "150x100")
    image(at("companion.jpg"), "300x250")
    with open(at("captions.vtt"), "w") as f:
        f.write("WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHello\n\n00:00:01.000 --> 00:00:02.000\nWorld\n")
    with open(at("broken.vtt"), "w") as f:
        f.write("WEBVTT\n\n00:00:00.000 --> soon\nHello\n")
    with open(at("captions-en.ttml"), "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div>'
                '<p begin="00:00:00.000" end="00:00:02.000">Hello</p></div></body></tt>\n')
    for name in sorted(os.listdir(folder)):
        print("%7d  %s" % (os.path.getsize(at(name)), name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
