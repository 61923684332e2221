// OAuth credentials of one server in a SecretStorage-shaped store: tokens and client registrations
// keyed per authorization server (issuer), since a client id or token from one issuer means nothing
// to another, plus the list of issuers used, so that sign-out can forget all of them. A DPoP key is kept
// the same way: a token bound to it is useless without it, and it belongs to that issuer alone.
import type { StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import type { SecretStore } from '../common/secretStore';

type Kind = 'tokens' | 'client';

export class CredentialStore {
  constructor(
    private readonly store: SecretStore,
    /** Identifies the server: credentials never cross servers. */
    private readonly serverKey: string,
  ) {}

  private key(kind: string, issuer?: string): string {
    return `mcpClient.oauth/${this.serverKey}/${kind}${issuer ? `/${issuer}` : ''}`;
  }

  private async read<T>(key: string): Promise<T | undefined> {
    const raw = await this.store.get(key);
    if (!raw) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  }

  /** The issuer tokens were last saved for: what the transport's per-request token read means. */
  async lastIssuer(): Promise<string | undefined> {
    return (await this.store.get(this.key('issuer'))) || undefined;
  }

  async issuers(): Promise<string[]> {
    return (await this.read<string[]>(this.key('issuers'))) ?? [];
  }

  async get(kind: 'tokens', issuer?: string): Promise<StoredOAuthTokens | undefined>;
  async get(kind: 'client', issuer?: string): Promise<StoredOAuthClientInformation | undefined>;
  async get(kind: Kind, issuer?: string): Promise<unknown> {
    return this.read(this.key(kind, issuer ?? (await this.lastIssuer())));
  }

  async save(kind: Kind, value: StoredOAuthTokens | StoredOAuthClientInformation, issuer: string | undefined): Promise<void> {
    await this.store.store(this.key(kind, issuer), JSON.stringify(value));
    if (kind === 'tokens' && issuer) await this.store.store(this.key('issuer'), issuer);
    const known = await this.issuers();
    if (issuer && !known.includes(issuer)) await this.store.store(this.key('issuers'), JSON.stringify([...known, issuer]));
  }

  /** The stored DPoP private key (a JWK and its algorithm) of `issuer`. */
  async getKey(issuer: string): Promise<unknown> {
    return this.read(this.key('dpop', issuer));
  }

  async saveKey(issuer: string, key: unknown): Promise<void> {
    await this.store.store(this.key('dpop', issuer), JSON.stringify(key));
    const known = await this.issuers();
    if (!known.includes(issuer)) await this.store.store(this.key('issuers'), JSON.stringify([...known, issuer]));
  }

  async delete(kind: Kind, issuer?: string): Promise<void> {
    await this.store.delete(this.key(kind, issuer ?? (await this.lastIssuer())));
  }

  /** Everything of this server, for every issuer. */
  async clear(): Promise<void> {
    for (const issuer of await this.issuers()) {
      await this.store.delete(this.key('tokens', issuer));
      await this.store.delete(this.key('client', issuer));
      await this.store.delete(this.key('dpop', issuer));
    }
    for (const kind of ['tokens', 'client', 'issuer', 'issuers']) await this.store.delete(this.key(kind));
  }
}
