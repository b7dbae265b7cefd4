import { randomBytes } from "node:crypto";
import http from "node:http";
import { server } from "./helpers";

export type Part = { name: string; fileName?: string; type?: string } & (
  | { text: string }
  | { bytes: Uint8Array }
  | { size: number }
);

export type UploadAnswer = { status: number; json: any; text: string; sentBytes: number };

const CHUNK = Buffer.alloc(1024 * 1024, "x");
// as browsers and fetch do: a kept-alive connection (on `Connection: close` Node closes the socket right after an
// early answer, and the unread upload turns that close into a reset that can swallow the answer)
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/**
 * A multipart upload through node:http, written as a client streams a large file: the bytes of a `size` part are
 * made on the fly (nothing that large is held here), with a Content-Length or chunked without one. The server may
 * answer before the body is complete; then the client stops sending, as curl or a browser does.
 */
export function upload(
  path: string,
  parts: Part[],
  opts: { token?: string; contentLength: boolean; headers?: Record<string, string> },
): Promise<UploadAnswer> {
  const boundary = `----docservice${randomBytes(8).toString("hex")}`;
  const head = (p: Part) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.fileName !== undefined ? `; filename="${p.fileName}"` : ""}\r\n` +
        `${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`,
    );
  const bodyOf = (p: Part) => ("text" in p ? Buffer.from(p.text) : "bytes" in p ? Buffer.from(p.bytes) : undefined);
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const total =
    parts.reduce((sum, p) => sum + head(p).byteLength + ("size" in p ? p.size : (bodyOf(p)?.byteLength ?? 0)) + 2, 0) +
    tail.byteLength;
  const { url } = server();
  const headers: Record<string, string | number> = { "content-type": `multipart/form-data; boundary=${boundary}` };
  if (opts.contentLength) headers["content-length"] = total;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  Object.assign(headers, opts.headers);

  return new Promise((resolve, reject) => {
    let answered = false;
    let sentBytes = 0;
    const req = http.request(`${url}${path}`, { method: "POST", headers, agent }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => {
        text += d;
      });
      res.on("end", () => {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, json, text, sentBytes });
        req.destroy();
      });
    });
    // a server that answers early and closes makes the rest of the writes fail: the answer is what counts
    req.on("error", (err) => {
      if (!answered) reject(err);
    });
    const send = async () => {
      const write = (chunk: Buffer) =>
        new Promise<void>((done) => {
          if (answered || req.destroyed) return done();
          sentBytes += chunk.byteLength;
          if (req.write(chunk)) done();
          else req.once("drain", done);
        });
      for (const p of parts) {
        await write(head(p));
        const body = bodyOf(p);
        if (body) await write(body);
        else if ("size" in p) {
          for (let left = p.size; left > 0 && !answered; left -= CHUNK.byteLength) {
            await write(left >= CHUNK.byteLength ? CHUNK : CHUNK.subarray(0, left));
          }
        }
        await write(Buffer.from("\r\n"));
      }
      await write(tail);
      if (!answered && !req.destroyed) req.end();
    };
    send().catch(reject);
  });
}
