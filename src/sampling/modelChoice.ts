// Which language model answers a server's sampling request: the server's allowlist setting first
// (model id, family or name), then the request's modelPreferences.hints in order (each a substring of
// a model's id, family or name; the first hint that matches anything wins), then the cost, speed and
// intelligence priorities to break ties. No `vscode`: the service passes plain model descriptions.

export interface ModelInfo {
  id: string;
  family: string;
  name: string;
  vendor: string;
  maxInputTokens: number;
  /** Undefined when VS Code does not say (older versions): assumed able to call tools. */
  toolCalling?: boolean;
}

export interface Preferences {
  hints?: { name?: string }[];
  costPriority?: number;
  speedPriority?: number;
  intelligencePriority?: number;
}

export type Choice<T> = { model: T } | { error: string };

const SMALL = /\b(mini|nano|flash|haiku|lite|small|fast)\b|-(mini|nano|flash|haiku|lite|small)/i;

export function chooseModel<T extends ModelInfo>(models: readonly T[], options: { allow?: readonly string[]; preferences?: Preferences; needsTools?: boolean }): Choice<T> {
  let candidates = models.slice();
  if (candidates.length === 0) return { error: 'No language model is available in VS Code.' };
  if (options.allow?.length) {
    const allowed = options.allow.map((a) => a.toLowerCase());
    candidates = candidates.filter((m) => [m.id, m.family, m.name].some((v) => allowed.includes(v.toLowerCase())));
    if (candidates.length === 0) return { error: `None of the allowed models (${options.allow.join(', ')}) is available.` };
  }
  if (options.needsTools) {
    candidates = candidates.filter((m) => m.toolCalling !== false);
    if (candidates.length === 0) return { error: 'No available model can call tools.' };
  }
  for (const hint of options.preferences?.hints ?? []) {
    const needle = hint.name?.toLowerCase();
    if (!needle) continue;
    const matching = candidates.filter((m) => [m.id, m.family, m.name].some((v) => v.toLowerCase().includes(needle)));
    if (matching.length) {
      candidates = matching;
      break;
    }
  }
  return { model: byPriorities(candidates, options.preferences ?? {}) };
}

/** Larger context stands for capability, a "small" name for speed and low cost: the only signals we have. */
function byPriorities<T extends ModelInfo>(models: T[], p: Preferences): T {
  if (models.length === 1) return models[0]!;
  const largest = Math.max(...models.map((m) => m.maxInputTokens), 1);
  const score = (m: T) => {
    const capability = m.maxInputTokens / largest + (SMALL.test(`${m.id} ${m.family} ${m.name}`) ? 0 : 0.5);
    const lightness = (SMALL.test(`${m.id} ${m.family} ${m.name}`) ? 1 : 0) + (1 - m.maxInputTokens / largest);
    return (p.intelligencePriority ?? 0) * capability + ((p.speedPriority ?? 0) + (p.costPriority ?? 0)) * lightness;
  };
  // Stable: equal scores keep VS Code's order (the user's preferred models first).
  return models.map((m, i) => ({ m, i, s: score(m) })).sort((a, b) => b.s - a.s || a.i - b.i)[0]!.m;
}
