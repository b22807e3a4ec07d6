/**
 * A DPoP proof checked the way RFC 9449 §4.3 tells a server to (for the test servers): one
 * compact JWS, `typ: dpop+jwt`, an asymmetric `alg`, a public `jwk` (no private part) that
 * verifies the signature, `htm`/`htu` of this request (no query or fragment), a recent `iat`, a
 * `jti`, the expected `nonce`, and with an access token its `ath`. Node's crypto only.
 */
import { createHash, createPublicKey, verify } from "node:crypto";
import type { JsonWebKey } from "node:crypto";

export interface ProofExpectation {
  method: string;
  url: string;
  accessToken?: string;
  nonce?: string;
}

export type ProofCheck = { ok: true; jti: string; jkt: string; nonce: string | undefined } | { ok: false; error: string };

const HASH: Record<string, string> = { ES256: "sha256", ES384: "sha384", ES512: "sha512" };

function b64json(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
}

/** RFC 7638 thumbprint of an EC public key: SHA-256 over its required members in order. */
export function jwkThumbprint(jwk: JsonWebKey): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash("sha256").update(canonical).digest("base64url");
}

export function checkProof(proof: string | undefined, expect: ProofExpectation): ProofCheck {
  if (proof === undefined || proof === "") return { ok: false, error: "missing DPoP proof" };
  const parts = proof.split(".");
  if (parts.length !== 3) return { ok: false, error: "not a compact JWS" };
  const header = b64json(parts[0]!);
  const claims = b64json(parts[1]!);
  const jwk = header.jwk as JsonWebKey | undefined;
  if (header.typ !== "dpop+jwt") return { ok: false, error: "typ must be dpop+jwt" };
  const hash = HASH[String(header.alg)];
  if (hash === undefined) return { ok: false, error: `unsupported alg ${String(header.alg)}` };
  if (jwk === undefined || jwk.d !== undefined) return { ok: false, error: "jwk missing or private" };
  const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
  const good = verify(hash, signed, { key: createPublicKey({ key: jwk, format: "jwk" }), dsaEncoding: "ieee-p1363" }, Buffer.from(parts[2]!, "base64url"));
  if (!good) return { ok: false, error: "signature does not verify" };
  const url = new URL(expect.url);
  if (claims.htm !== expect.method) return { ok: false, error: "htm does not match" };
  if (claims.htu !== `${url.origin}${url.pathname}`) return { ok: false, error: `htu ${String(claims.htu)} does not match` };
  if (typeof claims.iat !== "number" || Math.abs(Date.now() / 1000 - claims.iat) > 300) return { ok: false, error: "iat out of window" };
  if (typeof claims.jti !== "string") return { ok: false, error: "missing jti" };
  if (expect.nonce !== undefined && claims.nonce !== expect.nonce) return { ok: false, error: "use_dpop_nonce" };
  if (expect.accessToken !== undefined && claims.ath !== createHash("sha256").update(expect.accessToken).digest("base64url")) return { ok: false, error: "ath does not match" };
  return { ok: true, jti: claims.jti, jkt: jwkThumbprint(jwk), nonce: typeof claims.nonce === "string" ? claims.nonce : undefined };
}
