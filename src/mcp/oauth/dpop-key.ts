/**
 * The DPoP key (RFC 9449) one protected resource's tokens are bound to. It must outlive the
 * process, since a DPoP-bound refresh token only works with the key it was issued for, so it is
 * kept beside the tokens in the TokenStore (0600, written atomically) as a private JWK, and loaded
 * as a non-extractable key. It is never logged, shown or sent: proofs carry the public JWK only.
 */
import { createHash, webcrypto } from "node:crypto";
import type { DpopKeyPair, DpopSession } from "@modelcontextprotocol/client";
import type { StoredDpopKey, TokenStore } from "./token-store.js";

type Sdk = typeof import("@modelcontextprotocol/client");
type Jwk = webcrypto.JsonWebKey;
export type DpopAlg = StoredDpopKey["alg"];

/** The EC algorithms quiver signs proofs with, in order of preference, and their curves. */
const CURVES: Record<DpopAlg, string> = { ES256: "P-256", ES384: "P-384", ES512: "P-521" };

/** The first algorithm both sides support; ES256 when the server did not list any. */
export function chooseAlg(advertised: readonly string[] | undefined): DpopAlg | undefined {
  const ours = Object.keys(CURVES) as DpopAlg[];
  if (advertised === undefined || advertised.length === 0) return "ES256";
  return ours.find((alg) => advertised.includes(alg));
}

/** The stored key when its algorithm suits the server, else a new one (stored first). */
export async function loadDpopSession(sdk: Sdk, store: TokenStore, alg: DpopAlg): Promise<DpopSession> {
  let stored = store.dpopKey();
  if (stored === undefined || stored.alg !== alg) {
    stored = await generate(alg);
    store.saveDpopKey(stored);
  }
  return sdk.DpopSession.create({ keyPair: await keyPair(stored) });
}

async function generate(alg: DpopAlg): Promise<StoredDpopKey> {
  const pair = await webcrypto.subtle.generateKey({ name: "ECDSA", namedCurve: CURVES[alg] }, true, ["sign", "verify"]);
  return { alg, jwk: await webcrypto.subtle.exportKey("jwk", pair.privateKey) };
}

async function keyPair(stored: StoredDpopKey): Promise<DpopKeyPair> {
  const algorithm = { name: "ECDSA", namedCurve: CURVES[stored.alg] };
  const publicJwk: Jwk = { kty: "EC", crv: stored.jwk.crv as string, x: stored.jwk.x as string, y: stored.jwk.y as string };
  const [privateKey, publicKey] = await Promise.all([
    webcrypto.subtle.importKey("jwk", stored.jwk, algorithm, false, ["sign"]),
    webcrypto.subtle.importKey("jwk", publicJwk, algorithm, true, ["verify"]),
  ]);
  return { privateKey, publicKey, publicJwk, thumbprint: thumbprint(publicJwk), alg: stored.alg };
}

/** RFC 7638: SHA-256 over the EC key's required members, in lexicographic order. */
function thumbprint(jwk: Jwk): string {
  return createHash("sha256").update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y })).digest("base64url");
}
