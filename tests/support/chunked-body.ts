import { request as httpRequest } from "node:http";

export interface ChunkedAnswer {
  status: number;
  body: unknown;
  /** The bytes written before the answer came. */
  sent: number;
}

/**
 * Sends `{"prefix":"aaa…"}` of `total` bytes to `url` with Transfer-Encoding: chunked, a chunk at
 * a time as the socket takes them, and stops writing when the answer comes: what a client does
 * that means to make the server read a body it never gave the length of.
 */
export function sendChunkedJson(
  url: string,
  { method, total, key }: { method: string; total: number; key: string },
): Promise<ChunkedAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method,
      headers: {
        apikey: key,
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        "transfer-encoding": "chunked",
      },
    });
    const opening = Buffer.from('{"prefix":"');
    const closing = Buffer.from('"}');
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => {
        request.destroy();
        const text = Buffer.concat(parts).toString("utf8");
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          // Not JSON: kept as the text it was.
        }
        resolve({ status: response.statusCode ?? 0, body, sent });
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const write = (): void => {
      while (!answered) {
        const room = total - sent - closing.length;
        if (room <= 0) {
          request.end(closing);
          return;
        }
        const part = sent === 0 ? opening : chunk.subarray(0, Math.min(chunk.length, room));
        sent += part.length;
        if (!request.write(part)) {
          request.once("drain", write);
          return;
        }
      }
    };
    write();
  });
}
