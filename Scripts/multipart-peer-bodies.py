#!/usr/bin/env python3
"""Writes form uploads built by clients nobody on the team wrote, for the multipart peer tests.

Each upload carries the same three parts: a caption ("Original caption 59"), a JSON
metadata part and a 5 MB photo whose bytes hold line breaks, NULs and boundary-like
runs. Writes, into the folder given:

- photo.jpg and meta.json, the files the clients read;
- curl.body / curl.type: `curl -F`, recorded by a loopback server made here;
- python-http.body / .type: Python's email package, policy HTTP (CRLF line breaks);
- python-lf.body / .type: the same with the default policy (LF line breaks alone).

Then `REWRITEKIT_MULTIPART_BODIES=FOLDER swift test --filter PeerBodyTests` sends each
through a rule that changes the caption. Standard library only; curl must be installed.
"""
import email.generator
import email.mime.application
import email.mime.multipart
import email.mime.text
import email.policy
import http.server
import io
import os
import random
import subprocess
import sys
import threading

CAPTION = "Original caption 59"


def photo_bytes(size):
    rng = random.Random(59)
    data = bytearray(rng.getrandbits(8) for _ in range(size))
    # Runs a careless parser would take for line ends or delimiters.
    for offset in range(1000, size - 64, 250_000):
        data[offset:offset + 16] = b"\r\n--\r\n\n--x\r\n\x00\r"
    return bytes(data)


def record_curl(folder):
    seen = {}

    class Recorder(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            length = int(self.headers["Content-Length"])
            seen["body"] = self.rfile.read(length)
            seen["type"] = self.headers["Content-Type"]
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Recorder)
    thread = threading.Thread(target=server.handle_request)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}/upload"
    subprocess.run(
        ["curl", "-sS", "-o", os.devnull, "-H", "Expect:",
         "-F", f"caption={CAPTION}",
         "-F", f"meta=<{folder}/meta.json;type=application/json",
         "-F", f"photo=@{folder}/photo.jpg;type=image/jpeg",
         url],
        check=True)
    thread.join()
    server.server_close()
    return seen["body"], seen["type"]


def python_body(folder, policy):
    form = email.mime.multipart.MIMEMultipart("form-data")
    caption = email.mime.text.MIMEText(CAPTION, "plain", "us-ascii")
    caption.add_header("Content-Disposition", "form-data", name="caption")
    with open(f"{folder}/meta.json", "rb") as file:
        meta = email.mime.application.MIMEApplication(file.read(), "json", _encoder=email.encoders.encode_noop)
    meta.add_header("Content-Disposition", "form-data", name="meta")
    with open(f"{folder}/photo.jpg", "rb") as file:
        photo = email.mime.application.MIMEApplication(file.read(), "jpeg", _encoder=email.encoders.encode_noop)
    photo.replace_header("Content-Type", "image/jpeg")
    photo.add_header("Content-Disposition", "form-data", name="photo", filename="IMG_0001.jpg")
    for part in (caption, meta, photo):
        form.attach(part)
    buffer = io.BytesIO()
    email.generator.BytesGenerator(buffer, policy=policy).flatten(form)
    raw = buffer.getvalue()
    # The message's own headers go in the HTTP request, not in its body.
    separator = b"\r\n\r\n" if policy.linesep == "\r\n" else b"\n\n"
    headers, body = raw.split(separator, 1)
    type_line = next(line for line in headers.split(policy.linesep.encode()) if line.lower().startswith(b"content-type:"))
    return body, type_line.split(b":", 1)[1].strip().decode()


def main():
    folder = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "/tmp/multipart-peers")
    os.makedirs(folder, exist_ok=True)
    with open(f"{folder}/photo.jpg", "wb") as file:
        file.write(photo_bytes(5 * 1024 * 1024 + 59))
    with open(f"{folder}/meta.json", "w") as file:
        file.write('{"kind": "photo", "album": 7}')
    import email.encoders  # noqa: F401 (for _encoder above)
    bodies = {"curl": record_curl(folder)}
    bodies["python-http"] = python_body(folder, email.policy.HTTP)
    bodies["python-lf"] = python_body(folder, email.policy.default.clone(linesep="\n", max_line_length=None))
    for name, (body, content_type) in bodies.items():
        with open(f"{folder}/{name}.body", "wb") as file:
            file.write(body)
        with open(f"{folder}/{name}.type", "w") as file:
            file.write(content_type)
        print(f"{name}: {len(body)} bytes, {content_type}")


if __name__ == "__main__":
    main()
