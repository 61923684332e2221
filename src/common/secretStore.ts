// An in-memory SecretStore: for the conformance client and tests, where nothing may outlive the process.
import type { SecretStore } from './oauthProvider';

export class MemorySecretStore implements SecretStore {
  readonly values = new Map<string, string>();
  async get(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }
  async store(key: string, value: string): Promise<void> {
    this.values.set(key, value);
  }
  async delete(key: string): Promise<void> {
    this.values.delete(key);
  }
}
