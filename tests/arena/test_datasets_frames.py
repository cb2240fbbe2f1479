"""A replay dataset is one zstandard frame a page: read whole with ``decompress`` it would silently
stop after the first page, which is why docs/research.md shows a stream reader."""
import io
import json

import zstandard

from arena import datasets


def test_an_export_of_two_pages_is_two_frames_and_the_documented_reader_reads_both(tmp_path):
    path = tmp_path / "katana.jsonl.zst"
    writer = datasets.ExportWriter(path, {"game": "katana"})
    writer.write_page([{"match": 1}, {"match": 2}])
    writer.write_page([{"match": 3}])
    assert writer.finish() == 3
    data = path.read_bytes()
    first_frame_only = zstandard.ZstdDecompressor().decompress(data).decode().splitlines()
    assert [json.loads(line)["match"] for line in first_frame_only] == [1, 2]
    with open(path, "rb") as raw:   # as docs/research.md shows it
        reader = zstandard.ZstdDecompressor().stream_reader(raw, read_across_frames=True)
        streamed = [json.loads(line)["match"] for line in io.TextIOWrapper(reader, encoding="utf-8")]
    assert streamed == [match["match"] for match in datasets.read(path)] == [1, 2, 3]
