// One streamed chat request, five ways, alternating in one process against the same loopback
// scripted server (issue 14 asked for each option measured): how much of quiver's old request
// cost each step of the lean path removed.
// - sdk + fetch:       chat.completions.create with the SDK's default fetch (what quiver did before)
// - sdk + node:http:   the same with a fetch built on quiver's node:http client (a WHATWG Response)
// - lean + fetch:      quiver's own POST with the global fetch, the SDK's SSE reader on the Response
// - lean + node:http:  what quiver does now (chat-post.ts): node:http, the SDK's reader on the Node stream
// - bare:              fetch + res.text(), no parsing at all (the floor a client could reach)
import { Readable } from "node:stream";
import { withScriptedAgent } from "./scripted-agent.mjs";
import { median } from "./stats.mjs";

const SAMPLES = 1500;
const WARM_UP = 200;

export default async function requestPathBench() {
  return withScriptedAgent("quiver-bench-request-path-", async ({ server, text }) => {
    const { default: OpenAI } = await import("openai");
    const { Stream } = await import("openai/core/streaming");
    const { httpRequest } = await import("../dist/llm/http-client.js");
    const { chatEndpoint, postChat, streamChunks } = await import("../dist/llm/chat-post.js");
    const sdkModule = await import("openai");

    const url = `${server.baseUrl}/chat/completions`;
    const body = { model: "bench-model", messages: [{ role: "user", content: "hi" }], stream: true, stream_options: { include_usage: true } };
    const httpFetch = async (input, init) => {
      const answer = await httpRequest(String(input), { method: init.method, headers: Object.fromEntries(new Headers(init.headers)), body: init.body, signal: init.signal });
      return new Response(Readable.toWeb(answer.body), { status: answer.status, headers: answer.headers });
    };
    const sdkDefault = new OpenAI({ baseURL: server.baseUrl, apiKey: "bench-key", maxRetries: 0, logLevel: "off" });
    const sdkHttp = new OpenAI({ baseURL: server.baseUrl, apiKey: "bench-key", maxRetries: 0, logLevel: "off", fetch: httpFetch });
    const endpoint = chatEndpoint({ baseUrl: server.baseUrl, apiKey: "bench-key" }, "bench");
    const drain = async (chunks) => {
      for await (const chunk of chunks) void chunk;
    };

    const ways = {
      "sdk + fetch": async () => drain(await sdkDefault.chat.completions.create(body)),
      "sdk + node:http": async () => drain(await sdkHttp.chat.completions.create(body)),
      "lean + fetch": async () => {
        const controller = new AbortController();
        const res = await fetch(url, { method: "POST", headers: endpoint.headers, body: JSON.stringify(body), signal: controller.signal });
        await drain(Stream.fromSSEResponse(res, controller, sdkDefault));
      },
      "lean + node:http": async () => {
        const controller = new AbortController();
        await drain(await streamChunks(await postChat(endpoint, body, controller.signal, sdkModule), controller, sdkDefault));
      },
      bare: async () => {
        const res = await fetch(url, { method: "POST", headers: endpoint.headers, body: JSON.stringify(body) });
        await res.text();
      },
    };
    const samples = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
    for (let i = 0; i < SAMPLES + WARM_UP; i++) {
      for (const [name, way] of Object.entries(ways)) {
        server.push(text("a short answer in a few chunks", { chunks: 4 }));
        const t0 = performance.now();
        await way();
        if (i >= WARM_UP) samples[name].push(performance.now() - t0);
      }
    }
    const before = median(samples["sdk + fetch"]);
    return {
      section: "request-path",
      rows: Object.entries(samples).map(([name, ms]) => ({
        metric: `one streamed request: ${name}`,
        value: median(ms),
        unit: "ms",
        note: `${(median(ms) / before).toFixed(2)}× the SDK with its fetch; median of ${SAMPLES}`,
      })),
    };
  });
}
