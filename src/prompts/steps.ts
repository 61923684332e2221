// The multi-step input behind "Run Prompt…": pick a prompt, one step per argument, maybe pick what
// to do with the result. Steps are plain async functions and the UI comes in through ArgumentInput,
// so the rules (Back, Escape, required values, which arguments are asked) run and are tested
// without VS Code. The plan is re-read after every step: picking a prompt decides the next steps.
import type { Prompt, PromptArgument } from '@modelcontextprotocol/client';
import { getDisplayName } from '../mcp/displayName';

export type StepOutcome = 'next' | 'back' | 'cancel';
export interface StepPosition {
  step: number;
  totalSteps: number;
  canGoBack: boolean;
}
export type Step = (position: StepPosition) => Promise<StepOutcome>;

/** Runs the steps `plan()` returns; Back goes one step back. true when the last step completed. */
export async function runSteps(plan: () => readonly Step[]): Promise<boolean> {
  let index = 0;
  for (;;) {
    const steps = plan();
    if (index >= steps.length) return true;
    const outcome = await steps[index]!({ step: index + 1, totalSteps: steps.length, canGoBack: index > 0 });
    if (outcome === 'cancel') return false;
    index = outcome === 'back' ? Math.max(0, index - 1) : index + 1;
  }
}

export interface ArgumentState {
  server: string;
  prompt: Prompt;
  /** Filled values; an optional argument the user skipped has no entry. */
  values: Record<string, string>;
}

export interface ArgumentQuestion {
  server: string;
  prompt: Prompt;
  argument: PromptArgument;
  position: StepPosition;
  /** What the input starts with: the value given before, if any. */
  value: string;
  /** Set when the previous answer was not acceptable. */
  validationMessage?: string;
  /** Suggestions for a value, with the other arguments filled so far as context. */
  suggest: SuggestionFetch;
}

export type ArgumentAnswer = { kind: 'value'; value: string } | { kind: 'skip' } | { kind: 'back' } | { kind: 'cancel' };

export interface ArgumentInput {
  ask(question: ArgumentQuestion): Promise<ArgumentAnswer>;
}

/** What the server suggests for a value (suggestions.ts asks it), cancelled through `signal`. */
export interface Suggestions {
  values: string[];
  /** The server's count of all matches, when it says. */
  total?: number;
  /** More matches exist than were sent (or than we show). */
  hasMore: boolean;
  /** false when the server has no completions capability. */
  supported: boolean;
}

export type SuggestionFetch = (value: string, signal: AbortSignal) => Promise<Suggestions>;

export type SuggestFor = (state: ArgumentState, argument: string) => SuggestionFetch;

/**
 * The arguments to ask for: every argument when the user picked the prompt (they may want to set the
 * optional ones), only the required ones without a value when the invocation came with arguments.
 */
export function argumentsToAsk(prompt: Prompt, given: Record<string, string>, mode: 'all' | 'missingRequired'): PromptArgument[] {
  const all = prompt.arguments ?? [];
  return mode === 'all' ? all : all.filter((a) => a.required && !given[a.name]);
}

export function argumentStep(state: ArgumentState, argument: PromptArgument, input: ArgumentInput, suggestFor: SuggestFor): Step {
  return async (position) => {
    let validationMessage: string | undefined;
    for (;;) {
      const answer = await input.ask({
        server: state.server,
        prompt: state.prompt,
        argument,
        position,
        value: state.values[argument.name] ?? '',
        validationMessage,
        suggest: suggestFor(state, argument.name),
      });
      if (answer.kind === 'back' || answer.kind === 'cancel') return answer.kind;
      const value = answer.kind === 'value' ? answer.value : '';
      if (value === '' && argument.required) {
        validationMessage = `${argumentLabel(argument)} is required.`;
        continue;
      }
      if (value === '') delete state.values[argument.name];
      else state.values[argument.name] = value;
      return 'next';
    }
  };
}

export function argumentLabel(argument: PromptArgument): string {
  return getDisplayName(argument);
}

