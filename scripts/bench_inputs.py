"""The inputs every benchmark script measures: the IAB samples (when the shared corpus is present), the
shipped corpus's VAST tags, and the generated 7, 17, 44 and 350 KB tags."""
import glob
import os
import subprocess
import sys

GENERATED = ["tag-7k", "tag-17k", "tag-44k", "tag-350k"]


def generate(root, directory):
    """Writes the generated tags into `directory`; returns their paths in size order."""
    subprocess.run([sys.executable, os.path.join(root, "scripts/gen-bench-tags.py"), directory], check=True, capture_output=True)
    return [os.path.join(directory, name + ".xml") for name in GENERATED]


def sets(root, directory):
    """(label, files) pairs, the generated tags written into `directory`."""
    out = []
    iab = os.path.join(os.path.dirname(root), "shared/corpus/iab-vast-samples")
    if os.path.isdir(iab):
        out.append(("IAB samples", sorted(glob.glob(iab + "/**/*.xml", recursive=True))))
    shipped = sorted(glob.glob(os.path.join(root, "Corpus/vast/**/*.xml"), recursive=True))
    if shipped:
        out.append(("shipped corpus tags", shipped))
    for name, path in zip(GENERATED, generate(root, directory)):
        out.append((f"generated {name}", [path]))
    return out
