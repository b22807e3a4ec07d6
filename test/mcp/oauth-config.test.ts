/** `mcp.servers.<name>.oauth`: validated per server, `${VAR}` expanded, the grant implied. */
import { afterEach, describe, expect, it } from "vitest";
import { parseMcpServers } from "../../src/mcp/config.js";

afterEach(() => {
  delete process.env.QUIVER_TEST_SECRET;
});

describe("oauth config keys", () => {
  it("takes a pre-registered client with its secret from the environment", () => {
    process.env.QUIVER_TEST_SECRET = "s3cret";
    const { servers, errors } = parseMcpServers({ remote: { url: "https://mcp.example.com/mcp", oauth: { clientId: "quiver", clientSecret: "${QUIVER_TEST_SECRET}", callbackPort: 8976 } } });
    expect(errors).toEqual([]);
    expect(servers[0]).toMatchObject({ transport: "http", oauth: { grant: "authorization_code", clientId: "quiver", clientSecret: "s3cret", callbackPort: 8976 } });
  });

  it("implies client_credentials from privateKey or idp", () => {
    const { servers } = parseMcpServers({
      bot: { url: "https://a.example/mcp", oauth: { clientId: "bot", privateKey: "/keys/bot.pem", algorithm: "ES256" } },
      xaa: { url: "https://b.example/mcp", oauth: { clientId: "c", clientSecret: "s", idp: { issuer: "https://idp.example", tokenEndpoint: "https://idp.example/token", clientId: "q", idToken: "ey" } } },
    });
    expect(servers.map((s) => (s.transport === "http" ? s.oauth?.grant : undefined))).toEqual(["client_credentials", "client_credentials"]);
  });

  it("implies jwt_bearer from workloadIdentity, which takes a token or a token file (not both); dpop is a boolean", () => {
    process.env.QUIVER_TEST_SECRET = "eyJ.workload.jwt";
    const { servers, errors } = parseMcpServers({
      k8s: { url: "https://a.example/mcp", oauth: { clientId: "w", workloadIdentity: { tokenFile: "/var/run/secrets/tokens/mcp" } } },
      ci: { url: "https://b.example/mcp", oauth: { clientId: "w", workloadIdentity: { token: "${QUIVER_TEST_SECRET}" }, dpop: true } },
      both: { url: "https://c.example/mcp", oauth: { clientId: "w", workloadIdentity: { token: "x", tokenFile: "/t" } } },
      noclient: { url: "https://d.example/mcp", oauth: { workloadIdentity: { token: "x" } } },
      dpopword: { url: "https://e.example/mcp", oauth: { dpop: "yes" } },
    });
    expect(servers.map((s) => (s.transport === "http" ? s.oauth : undefined))).toEqual([
      { grant: "jwt_bearer", clientId: "w", workloadIdentity: { tokenFile: "/var/run/secrets/tokens/mcp" } },
      { grant: "jwt_bearer", clientId: "w", workloadIdentity: { token: "eyJ.workload.jwt" }, dpop: true },
    ]);
    const message = (name: string) => errors.find((e) => e.name === name)?.message ?? "";
    expect(message("both")).toContain("exactly one of token and tokenFile");
    expect(message("noclient")).toContain("jwt_bearer needs clientId");
    expect(message("dpopword")).toContain("dpop");
  });

  it("reports what is wrong, naming the key, and keeps the other servers", () => {
    const { servers, errors } = parseMcpServers({
      ok: { url: "https://ok.example/mcp" },
      nosecret: { url: "https://a.example/mcp", oauth: { grant: "client_credentials", clientId: "bot" } },
      unset: { url: "https://a.example/mcp", oauth: { clientSecret: "${QUIVER_TEST_SECRET}" } },
      typo: { url: "https://a.example/mcp", oauth: { clientID: "x" } },
      cimd: { url: "https://a.example/mcp", oauth: { clientMetadataUrl: "http://insecure.example/c.json" } },
      stdio: { command: "x", oauth: { clientId: "y" } },
    });
    expect(servers.map((s) => s.name)).toEqual(["ok"]);
    const message = (name: string) => errors.find((e) => e.name === name)?.message ?? "";
    expect(message("nosecret")).toContain("client_credentials needs clientSecret or privateKey");
    expect(message("unset")).toContain("oauth.clientSecret: uses ${QUIVER_TEST_SECRET}, which is not set");
    expect(message("typo")).toContain("clientID");
    expect(message("cimd")).toContain("https://");
    expect(message("stdio")).toContain("oauth");
  });
});
