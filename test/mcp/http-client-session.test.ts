/**
 * quiver as a client of a remote Streamable HTTP server ends its own session: on close it
 * sends DELETE with the session id, so the server can free it at once instead of waiting for
 * it to expire.
 */
import { afterEach, describe, expect, test } from "vitest";
import { createMcpManager } from "../../src/mcp/client.js";
import type { McpManager } from "../../src/mcp/manager.js";
import { handleFunctionCall } from "../../src/model-tools.js";
import { startRecordingMcpServer } from "../helpers/recording-mcp-http-server.js";
import type { RecordingMcpServer } from "../helpers/recording-mcp-http-server.js";
import { parse } from "./support.js";

let server: RecordingMcpServer | undefined;
let manager: McpManager | undefined;

afterEach(async () => {
  await manager?.close();
  await server?.close();
  manager = undefined;
  server = undefined;
});

describe("HTTP sessions quiver opens", () => {
  test("close() sends DELETE for the session, once, and the server forgets it", async () => {
    server = await startRecordingMcpServer();
    manager = await createMcpManager({ remote: { url: server.url } });
    await manager.start();
    expect(manager.status()[0]?.state).toBe("connected");
    expect(parse(await handleFunctionCall("mcp__remote__echo", { text: "hi" })).result).toBe("echo: hi");
    expect(server.sessions).toHaveLength(1);
    expect(server.deletes()).toEqual([]);

    await manager.close();
    expect(server.deletes()).toEqual(server.sessions);
  });

  test("close() does not hang on a server that never answers the DELETE, nor on one that is gone", async () => {
    server = await startRecordingMcpServer({ hangOnDelete: true });
    manager = await createMcpManager({ mute: { url: server.url } });
    await manager.start();
    let started = Date.now();
    await manager.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.deletes()).toEqual(server.sessions);

    const gone = await startRecordingMcpServer();
    manager = await createMcpManager({ gone: { url: gone.url } });
    await manager.start();
    await gone.close();
    started = Date.now();
    await manager.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
