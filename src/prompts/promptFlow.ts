// The steps from "which prompt?" to a complete invocation: the picker (optional), one step per
// argument, and (for the command) what to do with the result. Escape anywhere ends it without a
// request to any server; Back goes one step back, keeping what was typed.
import type { Prompt } from '@modelcontextprotocol/client';
import type { SessionManager } from '../mcp/sessionManager';
import { captureQuickChoices, QuickPickArgumentInput } from './argumentPicker';
import type { PromptCatalog } from './promptCatalog';
import { pickPrompt, type PickerContext } from './promptPicker';
import type { RecentPrompts } from './recentPrompts';
import { askAction, type ResultAction } from './resultAction';
import { argumentStep, argumentsToAsk, runSteps, type ArgumentState, type Step } from './steps';
import { suggestFor } from './suggestions';

export interface PromptServices extends PickerContext {
  sessions: Pick<SessionManager, 'get' | 'entries' | 'use'>;
  catalog: PromptCatalog;
  recents: RecentPrompts;
}

export interface ChosenPrompt {
  server: string;
  prompt: Prompt;
  args: Record<string, string>;
  action?: ResultAction;
}

export interface FlowOptions {
  /** Ask what to do with the result as the last step (the command, when the setting says "ask"). */
  askAction?: boolean;
  onlyServer?: string;
}

/** Picker, then every argument (optional ones can be skipped), then maybe the action. */
export async function choosePrompt(services: PromptServices, options: FlowOptions = {}): Promise<ChosenPrompt | undefined> {
  const input = new QuickPickArgumentInput(captureQuickChoices());
  let state: (ArgumentState & { key: string }) | undefined;
  let filter = '';
  let action: ResultAction | undefined;
  // The picker shows no step number: how many steps follow depends on the prompt picked.
  const pick: Step = async () => {
    const answer = await pickPrompt(services, { onlyServer: options.onlyServer, value: filter, activeKey: state?.key });
    if (answer.kind === 'cancel') return 'cancel';
    filter = answer.value;
    // Another prompt starts afresh; the same one keeps the values typed before going back.
    if (state?.key !== answer.key) state = { server: answer.server, prompt: answer.prompt, values: {}, key: answer.key };
    return 'next';
  };
  const done = await runSteps(() => {
    if (!state) return [pick];
    const s = state;
    const args = argumentsToAsk(s.prompt, s.values, 'all').map((a) => argumentStep(s, a, input, suggestFor(services)));
    return [pick, ...args, ...(options.askAction ? [actionStep(s, (a) => (action = a))] : [])];
  });
  return done && state ? { server: state.server, prompt: state.prompt, args: state.values, action } : undefined;
}

/** A known prompt with some arguments given: ask only for the required ones still missing (and maybe the action). */
export async function completeArguments(
  services: PromptServices,
  server: string,
  prompt: Prompt,
  given: Record<string, string>,
  options: FlowOptions = {},
): Promise<ChosenPrompt | undefined> {
  const state: ArgumentState = { server, prompt, values: { ...given } };
  const missing = argumentsToAsk(prompt, given, 'missingRequired');
  if (missing.length === 0 && !options.askAction) return { server, prompt, args: state.values };
  const input = new QuickPickArgumentInput(captureQuickChoices());
  let action: ResultAction | undefined;
  const steps = [...missing.map((a) => argumentStep(state, a, input, suggestFor(services))), ...(options.askAction ? [actionStep(state, (a) => (action = a))] : [])];
  const done = await runSteps(() => steps);
  return done ? { server, prompt, args: state.values, action } : undefined;
}

function actionStep(state: ArgumentState, choose: (action: ResultAction) => void): Step {
  return async (position) => {
    const answer = await askAction(state.server, state.prompt, position);
    if (answer === 'back' || answer === 'cancel') return answer;
    choose(answer);
    return 'next';
  };
}
