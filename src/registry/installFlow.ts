// Installing a registry server: how it should run (when there is a choice), one step per value it needs
// (secrets masked), then a last step that shows exactly what will run and asks where to save it. Nothing
// is stored or written before that last step; Escape anywhere cancels, Back goes one step back. Secrets go
// to SecretStorage and the settings get `${input:…}`. The server then starts like any configured server
// (a workspace install asks for consent first) and, once running, shows what it offers.
import * as vscode from 'vscode';
import { showError, showInfo } from '../common/userMessages';
import type { InputResolver } from '../inputs/inputResolver';
import type { ServerDefinition } from '../mcp/serverDefinition';
import type { SessionManager } from '../mcp/sessionManager';
import { readResolveContext } from '../config/configurationReader';
import { resolveServers } from '../config/resolveServers';
import type { UserAnswers } from '../common/userAnswers';
import { followStart } from './afterInstall';
import { askQuestion, BACK, type StepAnswer } from './askQuestion';
import { readInstalledServers, takenServerNames, writeServer, type InstallScope } from './installedServers';
import { freeName } from '../import/importFormats';
import { installOptions, type InstallOption } from './installOptions';
import { displayNameFor, settingsNameFor } from './naming';
import { missingRuntime } from './runtimes';
import type { RegistryEntry } from './serverJson';
import { questionsFor, toSettingsEntry, type Question } from './toSettingsEntry';

export interface InstallServices {
  sessions: SessionManager;
  inputs: InputResolver;
  answers: UserAnswers;
  /** Workspace install and start: the review step was the confirmation, for exactly that definition (trust/consentPolicy.ts). */
  confirmNextStart(definition: ServerDefinition): void;
}

/** What the last step decides. */
export interface InstallChoice {
  scope: InstallScope;
  start: boolean;
}

/**
 * Installs `entry` from the registry at `registryUrl` (in the way `chosen`, when the user chose one);
 * resolves with the server's name, or undefined when cancelled.
 */
export async function installFromRegistry(services: InstallServices, entry: RegistryEntry, registryUrl: string, chosen?: InstallOption): Promise<string | undefined> {
  const server = entry.server;
  const title = vscode.l10n.t('Install {0} {1}', displayNameFor(server), server.version);
  const options = installOptions(server);
  const runnable = chosen ? [chosen] : options.filter((o) => !o.unsupported);
  if (runnable.length === 0) {
    const why = options.map((o) => `${o.label}: ${o.unsupported}`).join('; ') || vscode.l10n.t('its registry entry names no package and no remote');
    void showError(vscode.l10n.t('{0} cannot be installed here ({1}).', displayNameFor(server), why));
    return undefined;
  }
  const installed = readInstalledServers().filter((i) => i.registry.name === server.name);
  const newName = freeName(settingsNameFor(server), takenServerNames());
  const given = new Map<string, string>();
  let option = runnable[0]!;
  let choice: InstallChoice | undefined;
  for (let index = 0; !choice; ) {
    const questions = questionsFor(server, option);
    const steps = [...(runnable.length > 1 ? ['option' as const] : []), ...questions, 'review' as const];
    const step = { title, step: index + 1, totalSteps: steps.length };
    const current = steps[index]!;
    let answer: StepAnswer | InstallOption | InstallChoice;
    if (current === 'option') {
      answer = await pickOption(runnable, option, step);
      if (answer && answer !== BACK) option = answer as InstallOption;
    } else if (current === 'review') {
      const preview = toSettingsEntry(server, option, (q) => given.get(q.key), { registryUrl, inputPrefix: newName });
      const question = { kind: 'registryInstall', server: server.name, version: server.version, runs: describeRun(preview.entry), name: newName };
      answer = await services.answers.decide(question, () => review(preview.entry, option, installed.map((i) => i.scope), step));
      if (answer && answer !== BACK) choice = answer as InstallChoice;
    } else {
      const q: Question = { ...current, default: current.secret ? undefined : (given.get(current.key) ?? current.default) };
      answer = await services.answers.decide({ kind: 'registryQuestion', key: q.key, secret: q.secret, required: q.required, default: q.default }, () => askQuestion(q, step));
      if (typeof answer === 'string') given.set(q.key, answer);
    }
    if (answer === undefined) return undefined;
    index = answer === BACK ? Math.max(0, index - 1) : index + 1;
  }
  // Installed at that scope already: replace that entry (its name, its inputs) rather than add a second.
  const name = installed.find((i) => i.scope === choice.scope)?.name ?? newName;
  const converted = toSettingsEntry(server, option, (q) => given.get(q.key), { registryUrl, inputPrefix: name });
  for (const secret of converted.secrets) await services.inputs.set(secret.id, given.get(secret.key)!);
  // The review step showed the exact command and the user chose to install and start it here: that is
  // the consent, asked once (an untrusted workspace still holds it back until trusted).
  if (choice.scope === 'workspace' && choice.start) {
    // Bound to the definition shown, not the name: another server that takes this name is asked about.
    const reviewed = resolveServers([{ scope: 'workspace', servers: { [name]: converted.entry } }], readResolveContext())[0]?.definition;
    if (reviewed) services.confirmNextStart(reviewed);
  }
  await writeServer(choice.scope, name, choice.start ? converted.entry : { ...converted.entry, autoStart: false }, converted.secrets);
  if (choice.start) void followStart(services.sessions, services.answers, name);
  else if (choice.scope === 'user') void showInfo(vscode.l10n.t("installed '{0}' in user settings. It starts when you click Start in the Servers view.", name));
  else void showInfo(vscode.l10n.t("installed '{0}' in workspace settings. It starts when you click Start in the Servers view.", name));
  return name;
}

function pickOption(runnable: InstallOption[], current: InstallOption, step: { title: string; step: number; totalSteps: number }): Promise<StepAnswer | InstallOption> {
  type Item = vscode.QuickPickItem & { option: InstallOption };
  const picker = vscode.window.createQuickPick<Item>();
  Object.assign(picker, step);
  picker.placeholder = vscode.l10n.t('How should it run?');
  picker.ignoreFocusOut = true;
  picker.items = runnable.map((option) => {
    const missing = missingRuntime(option.command);
    return { label: `${option.remote ? '$(globe)' : '$(package)'} ${option.label}`, description: option.detail, detail: missing ? `$(warning) ${missing}` : undefined, option };
  });
  picker.activeItems = picker.items.filter((i) => i.option === current);
  return new Promise((resolve) => {
    picker.onDidAccept(() => resolve(picker.selectedItems[0]?.option));
    picker.onDidHide(() => resolve(undefined));
    picker.show();
  }).finally(() => picker.dispose()) as Promise<StepAnswer | InstallOption>;
}

function review(entry: Record<string, unknown>, option: InstallOption, installedIn: InstallScope[], step: { title: string; step: number; totalSteps: number }): Promise<StepAnswer | InstallChoice> {
  type Item = vscode.QuickPickItem & { scope: InstallScope };
  const noStart = { iconPath: new vscode.ThemeIcon('debug-pause'), tooltip: vscode.l10n.t('Install without starting it (it starts when you click Start)') };
  const missing = missingRuntime(option.command);
  const detail = `${missing ? `$(warning) ${missing} · ` : ''}${describeRun(entry)}`;
  const replaces = vscode.l10n.t('replaces the installed one');
  const user = installedIn.includes('user') ? replaces : vscode.l10n.t('for every workspace');
  const items: Item[] = [{ label: `$(account) ${vscode.l10n.t('User Settings')}`, description: user, detail, scope: 'user', buttons: [noStart] }];
  if (vscode.workspace.workspaceFolders?.length) {
    const workspace = installedIn.includes('workspace') ? replaces : vscode.l10n.t('this workspace only; Enter here is your consent to run it as shown');
    const description = vscode.workspace.isTrusted ? workspace : vscode.l10n.t('{0}; it starts once you trust the workspace', workspace);
    items.push({ label: `$(folder) ${vscode.l10n.t('Workspace Settings')}`, description, detail, scope: 'workspace', buttons: [noStart] });
  }
  const picker = vscode.window.createQuickPick<Item>();
  Object.assign(picker, step);
  picker.placeholder = vscode.l10n.t('Where to install it? Enter installs and starts it; the pause button installs without starting.');
  picker.ignoreFocusOut = true;
  picker.items = items;
  picker.buttons = step.step > 1 ? [vscode.QuickInputButtons.Back] : [];
  return new Promise<StepAnswer | InstallChoice>((resolve) => {
    picker.onDidAccept(() => resolve(picker.selectedItems[0] && { scope: picker.selectedItems[0].scope, start: true }));
    picker.onDidTriggerItemButton((e) => resolve({ scope: e.item.scope, start: false }));
    picker.onDidTriggerButton(() => resolve(BACK));
    picker.onDidHide(() => resolve(undefined));
    picker.show();
  }).finally(() => picker.dispose());
}

/** What will run, in one line: the command line or URL, then where its values come from. */
export function describeRun(entry: Record<string, unknown>): string {
  const fromStore = (value: string) => (/^\$\{input:[^}]+\}$/.test(value) ? vscode.l10n.t('(from secret storage)') : value);
  const pairs = (values: unknown) => Object.entries((values ?? {}) as Record<string, string>).map(([k, v]) => `${k}=${fromStore(v)}`);
  const main = typeof entry.url === 'string' ? entry.url : [entry.command, ...((entry.args as string[]) ?? [])].join(' ');
  return [main, ...pairs(entry.env), ...pairs(entry.headers)].join(' · ');
}
