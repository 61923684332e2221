// The prompts the user ran last, most recent first, remembered across sessions (globalState), so
// the picker can offer them at the top as the command palette does with commands.

export interface PromptKey {
  server: string;
  prompt: string;
}

/** The part of vscode.Memento this needs (kept structural so the unit tests need no `vscode`). */
export interface Store {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

const STORAGE_KEY = 'mcpClient.recentPrompts';
const LIMIT = 20;

export class RecentPrompts {
  constructor(private readonly store: Store) {}

  list(): PromptKey[] {
    const stored = this.store.get<unknown>(STORAGE_KEY);
    if (!Array.isArray(stored)) return [];
    return stored.filter((k): k is PromptKey => typeof k?.server === 'string' && typeof k?.prompt === 'string');
  }

  async add(key: PromptKey): Promise<void> {
    const rest = this.list().filter((k) => k.server !== key.server || k.prompt !== key.prompt);
    await this.store.update(STORAGE_KEY, [{ server: key.server, prompt: key.prompt }, ...rest].slice(0, LIMIT));
  }
}
