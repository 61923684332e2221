// DPoP signing keys (RFC 9449), one per authorization server (issuer) of a server. A DPoP-bound token
// is only usable with the key it was bound to, so the key must outlive the process as long as the
// token does: the private key is kept in SecretStorage (as a JWK, beside that issuer's tokens) and
// loaded back as a non-extractable CryptoKey, so nothing in this process can read it out again.
import { createHash, webcrypto } from 'node:crypto';
import type { DpopAlg, DpopKeyPair } from '@modelcontextprotocol/client';
import type { CredentialStore } from './credentialStore';

type Jwk = webcrypto.JsonWebKey;
type KeyParams = webcrypto.EcKeyImportParams | webcrypto.RsaHashedImportParams | webcrypto.Algorithm;

/** The algorithms we sign with, in the order we prefer them when the server offers several. */
const PREFERRED: readonly DpopAlg[] = ['ES256', 'ES384', 'ES512', 'EdDSA', 'PS256', 'RS256'];

const IMPORT: Record<string, KeyParams> = {
  ES256: { name: 'ECDSA', namedCurve: 'P-256' },
  ES384: { name: 'ECDSA', namedCurve: 'P-384' },
  ES512: { name: 'ECDSA', namedCurve: 'P-521' },
  EdDSA: { name: 'Ed25519' },
  PS256: { name: 'RSA-PSS', hash: 'SHA-256' },
  RS256: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
};

/** RFC 7638 members per key type: what the thumbprint (the token's `cnf.jkt`) is computed over. */
const THUMBPRINT_MEMBERS: Record<string, string[]> = { EC: ['crv', 'kty', 'x', 'y'], OKP: ['crv', 'kty', 'x'], RSA: ['e', 'kty', 'n'] };
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'key_ops', 'ext'];

/** The algorithm to sign with for an authorization server's `dpop_signing_alg_values_supported`; undefined: no DPoP. */
export function pickDpopAlg(supported: readonly string[] | undefined): DpopAlg | undefined {
  if (!supported?.length) return undefined;
  return PREFERRED.find((alg) => supported.includes(alg));
}

export function jwkThumbprint(jwk: Jwk): string {
  const members = THUMBPRINT_MEMBERS[jwk.kty ?? ''] ?? [];
  const canonical = JSON.stringify(Object.fromEntries(members.map((m) => [m, (jwk as Record<string, unknown>)[m]])));
  return createHash('sha256').update(canonical).digest('base64url');
}

function publicPart(jwk: Jwk): Jwk {
  return Object.fromEntries(Object.entries(jwk).filter(([k]) => !PRIVATE_MEMBERS.includes(k))) as Jwk;
}

interface StoredKey {
  alg: DpopAlg;
  privateJwk: Jwk;
}

/** A key pair whose private half cannot be exported from this process. */
async function importKeyPair(stored: StoredKey): Promise<DpopKeyPair> {
  const params = IMPORT[stored.alg]!;
  const publicJwk = publicPart(stored.privateJwk);
  const privateKey = await webcrypto.subtle.importKey('jwk', stored.privateJwk, params, false, ['sign']);
  const publicKey = await webcrypto.subtle.importKey('jwk', publicJwk, params, true, ['verify']);
  return { privateKey, publicKey, publicJwk: publicJwk as DpopKeyPair['publicJwk'], thumbprint: jwkThumbprint(publicJwk), alg: stored.alg };
}

/**
 * The DPoP key of `issuer`: the stored one, else (when `alg` is given) a new one, saved first. Without
 * a stored key and without `alg` there is none (the issuer does not do DPoP).
 */
export async function dpopKeyFor(credentials: CredentialStore, issuer: string, alg: DpopAlg | undefined): Promise<DpopKeyPair | undefined> {
  const stored = await credentials.getKey(issuer);
  if (stored) return importKeyPair(stored as StoredKey);
  if (!alg) return undefined;
  // The SDK makes the key; it is exported once, into SecretStorage, and used from a non-extractable copy.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when DPoP is used
  const { generateDpopKeyPair } = require('@modelcontextprotocol/client') as typeof import('@modelcontextprotocol/client');
  const generated = await generateDpopKeyPair({ alg, extractable: true });
  const key: StoredKey = { alg, privateJwk: await webcrypto.subtle.exportKey('jwk', generated.privateKey) };
  await credentials.saveKey(issuer, key);
  return importKeyPair(key);
}
