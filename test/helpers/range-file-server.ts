/**
 * A loopback HTTP server for one file, honouring `Range` like a model hub's CDN, sending it in
 * small timed slices so a download can be interrupted midway. Records every range asked for.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RangeFileServer {
  url: string;
  /** [start, end) of every GET with a Range header, in order (a plain GET is the downloader's probe). */
  ranges: Array<[number, number]>;
  close(): Promise<void>;
}

export async function startRangeFileServer(body: Buffer, name = "model.gguf", sliceBytes = 256 * 1024): Promise<RangeFileServer> {
  const ranges: Array<[number, number]> = [];
  const server: Server = createServer((req, res) => {
    const match = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? "");
    const start = match ? Number(match[1]) : 0;
    const end = match?.[2] ? Number(match[2]) + 1 : body.length;
    res.writeHead(match ? 206 : 200, {
      "content-length": end - start,
      "accept-ranges": "bytes",
      "content-type": "application/octet-stream",
      ...(match ? { "content-range": `bytes ${start}-${end - 1}/${body.length}` } : {}),
    });
    if (req.method === "HEAD") return void res.end();
    if (match) ranges.push([start, end]);
    let position = start;
    const send = (): void => {
      if (res.destroyed) return;
      if (position >= end) return void res.end();
      const slice = body.subarray(position, Math.min(end, position + sliceBytes));
      position += slice.length;
      res.write(slice, () => setTimeout(send, 2));
    };
    send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${name}`,
    ranges,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
