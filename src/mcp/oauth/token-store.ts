/**
 * Tokens and registered clients on disk: one file per protected resource (the server URL) under
 * `$QUIVER_HOME/mcp-auth/` (directory 0700, files 0600), entries keyed by the authorization
 * server's issuer. Written atomically; never logged.
 */
import { createHash, randomBytes } from "node:crypto";
import type { webcrypto } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { StoredOAuthClientInformation, StoredOAuthTokens } from "@modelcontextprotocol/client";
import { quiverPath } from "../../registry/index.js";

/** An issuer recorded before discovery told us the real one (client_credentials providers never say). */
const UNKNOWN_ISSUER = "";

export interface IssuerEntry {
  tokens?: StoredOAuthTokens;
  /** When the tokens were saved (ms since the epoch). */
  savedAt?: number;
  /** When the access token expires (ms since the epoch), if the server said. */
  expiresAt?: number;
  /** A dynamically registered client, and the redirect URI it was registered with. */
  client?: StoredOAuthClientInformation;
}

/** A DPoP signing key (private JWK), kept like the tokens it binds; see dpop-key.ts. */
export interface StoredDpopKey {
  alg: "ES256" | "ES384" | "ES512";
  jwk: webcrypto.JsonWebKey;
}

export interface ResourceRecord {
  resource: string;
  /** The config name last used for this resource, for `mcp list`. */
  server: string;
  current?: string;
  entries: Record<string, IssuerEntry>;
  /** A scope the server asked for (insufficient_scope) that the next sign-in must request. */
  requiredScope?: string;
  /** The key DPoP-bound tokens of this resource are bound to. */
  dpopKey?: StoredDpopKey;
}

export function authDir(): string {
  return quiverPath("mcp-auth");
}

export function recordPath(resource: string): string {
  const digest = createHash("sha256").update(normalizeResource(resource)).digest("hex").slice(0, 32);
  return join(authDir(), `${digest}.json`);
}

/** The server URL without fragment, as the resource key: `https://h/mcp` and `https://h/mcp#x` are one. */
export function normalizeResource(resource: string): string {
  const url = new URL(resource);
  url.hash = "";
  return url.href;
}

export class TokenStore {
  readonly resource: string;
  readonly server: string;
  readonly #file: string;

  constructor(server: string, resource: string) {
    this.server = server;
    this.resource = normalizeResource(resource);
    this.#file = recordPath(resource);
  }

  read(): ResourceRecord {
    try {
      const parsed = JSON.parse(readFileSync(this.#file, "utf8")) as ResourceRecord;
      if (parsed.resource === this.resource && typeof parsed.entries === "object") return parsed;
    } catch {
      // missing or unreadable: no sign-in yet
    }
    return { resource: this.resource, server: this.server, entries: {} };
  }

  /** The entry of `issuer`, or the one saved last when the issuer is not known yet. */
  entry(issuer?: string): IssuerEntry | undefined {
    const record = this.read();
    const key = issuer ?? record.current;
    return key === undefined ? undefined : (record.entries[key] ?? (issuer !== undefined ? record.entries[UNKNOWN_ISSUER] : undefined));
  }

  saveTokens(tokens: StoredOAuthTokens, issuer?: string): void {
    this.#update((record) => {
      const key = issuer ?? tokens.issuer ?? record.current ?? UNKNOWN_ISSUER;
      const now = Date.now();
      const entry: IssuerEntry = { ...record.entries[key], tokens, savedAt: now };
      if (typeof tokens.expires_in === "number") entry.expiresAt = now + tokens.expires_in * 1000;
      else delete entry.expiresAt;
      record.entries[key] = entry;
      record.current = key;
      delete record.requiredScope;
    });
  }

  saveClient(client: StoredOAuthClientInformation, issuer?: string): void {
    this.#update((record) => {
      const key = issuer ?? client.issuer ?? record.current ?? UNKNOWN_ISSUER;
      record.entries[key] = { ...record.entries[key], client };
    });
  }

  dpopKey(): StoredDpopKey | undefined {
    return this.read().dpopKey;
  }

  saveDpopKey(key: StoredDpopKey): void {
    this.#update((record) => {
      record.dpopKey = key;
    });
  }

  requireScope(scope: string): void {
    this.#update((record) => {
      record.requiredScope = scope;
    });
  }

  /** Forgets what `what` names, for every issuer (the SDK's invalidateCredentials). */
  invalidate(what: "all" | "client" | "tokens"): void {
    this.#update((record) => {
      for (const entry of Object.values(record.entries)) {
        if (what !== "client") {
          delete entry.tokens;
          delete entry.expiresAt;
          delete entry.savedAt;
        }
        if (what !== "tokens") delete entry.client;
      }
    });
  }

  /** Removes the file; true when there was one. */
  remove(): boolean {
    try {
      rmSync(this.#file);
      return true;
    } catch {
      return false;
    }
  }

  #update(change: (record: ResourceRecord) => void): void {
    const record = this.read();
    record.server = this.server;
    change(record);
    writePrivate(this.#file, `${JSON.stringify(record, null, 2)}\n`);
  }
}

/** Every stored record, for `mcp list` (whoever is signed in where). */
export function allRecords(): ResourceRecord[] {
  let names: string[];
  try {
    names = readdirSync(authDir()).filter((n) => n.endsWith(".json"));
  } catch {
    return [];
  }
  const out: ResourceRecord[] = [];
  for (const name of names) {
    try {
      out.push(JSON.parse(readFileSync(join(authDir(), name), "utf8")) as ResourceRecord);
    } catch {
      // a half-written or foreign file is not ours to report
    }
  }
  return out;
}

function writePrivate(file: string, text: string): void {
  const dir = authDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600 });
  renameSync(tmp, file);
}
