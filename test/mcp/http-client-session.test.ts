/**
 * quiver as a client of a remote Streamable HTTP server ends its own session: on close it
 * sends DELETE with the session id, so the server can free it at once instead of waiting for
 * it to expire.
 */
import { describe, expect, test } from "vitest";
import { createMcpManager } from "../../src/mcp/client.js";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import { closeAfterEach } from "../helpers/lifecycle.js";
import { startRecordingMcpServer } from "../helpers/recording-mcp-http-server.js";
import { parse } from "./support.js";

const keep = closeAfterEach();

describe("HTTP sessions quiver opens", () => {
  test("close() sends DELETE for the session, once, and the server forgets it", async () => {
    const server = await keep(startRecordingMcpServer());
    const manager = await keep(createMcpManager({ remote: { url: server.url } }));
    await manager.start();
    expect(manager.status()[0]?.state).toBe("connected");
    expect(parse(await handleFunctionCall("mcp__remote__echo", { text: "hi" })).result).toBe("echo: hi");
    expect(server.sessions).toHaveLength(1);
    expect(server.deletes()).toEqual([]);

    await manager.close();
    expect(server.deletes()).toEqual(server.sessions);
  });

  test("close() does not hang on a server that never answers the DELETE, nor on one that is gone", async () => {
    const server = await keep(startRecordingMcpServer({ hangOnDelete: true }));
    const mute = await createMcpManager({ mute: { url: server.url } });
    await mute.start();
    let started = Date.now();
    await mute.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.deletes()).toEqual(server.sessions);

    const gone = await startRecordingMcpServer();
    const manager = await keep(createMcpManager({ gone: { url: gone.url } }));
    await manager.start();
    await gone.close();
    started = Date.now();
    await manager.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
