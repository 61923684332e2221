// Where secrets live: the subset of vscode.SecretStorage that inputs and OAuth need, so that their
// logic runs without `vscode` (unit tests, the conformance client), and an in-memory store for those.

/** The subset of vscode.SecretStorage we need; tests and the conformance client pass MemorySecretStore. */
export interface SecretStore {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
}

/** Nothing outlives the process: for the conformance client and tests. */
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
