// The VS Code side of the consent policy: Workspace Trust, answers in globalState, and one question for
// every pending workspace server. One server: a modal dialog (Allow / Don't Allow). Several: a modal
// dialog listing each server with its exact command, then Allow All, Choose… (a multi-select list, none
// selected) or Don't Allow. Host tests answer it through UserAnswers ('workspaceConsent').
import * as vscode from 'vscode';
import type { UserAnswers } from '../common/userAnswers';
import type { ServerDefinition } from '../mcp/serverDefinition';
import { commandExists } from './commandLookup';
import type { ConsentAnswer, ConsentHost, ConsentRequest } from './consentPolicy';
import { summarize, type ConsentSummary } from './consentText';

const KEY_PREFIX = 'mcpClient.consent.';
/** What each server looked like when allowed (per-key fingerprints), to say what changed. */
const ALLOWED_PREFIX = 'mcpClient.consentAllowed.';

/** 'all', 'none', the names allowed (the rest declined), or undefined (dismissed: ask again later). */
export type ConsentChoice = 'all' | 'none' | string[] | undefined;

export class VscodeConsentHost implements ConsentHost {
  constructor(
    private readonly state: vscode.Memento,
    private readonly answers: UserAnswers,
  ) {}

  isTrusted(): boolean {
    return vscode.workspace.isTrusted;
  }

  recall(hash: string): 'allow' | 'deny' | undefined {
    return this.state.get<'allow' | 'deny'>(KEY_PREFIX + hash);
  }

  remember(hash: string, answer: 'allow' | 'deny'): Promise<void> {
    return Promise.resolve(this.state.update(KEY_PREFIX + hash, answer));
  }

  recallAllowed(server: string): Record<string, string> | undefined {
    return this.state.get<Record<string, string>>(ALLOWED_PREFIX + server);
  }

  rememberAllowed(server: string, fingerprints: Record<string, string>): Promise<void> {
    return Promise.resolve(this.state.update(ALLOWED_PREFIX + server, fingerprints));
  }

  commandExists(definition: ServerDefinition): Promise<boolean> {
    return definition.transport.type === 'stdio' ? commandExists(definition.transport) : Promise.resolve(true);
  }

  /** Forgets every remembered answer; the next start of each workspace server asks again. */
  async forgetAll(): Promise<number> {
    const keys = this.state.keys().filter((k) => k.startsWith(KEY_PREFIX));
    for (const key of this.state.keys().filter((k) => k.startsWith(KEY_PREFIX) || k.startsWith(ALLOWED_PREFIX))) await this.state.update(key, undefined);
    return keys.length;
  }

  async ask(requests: readonly ConsentRequest[]): Promise<ConsentAnswer[]> {
    const labels = { workspace: vscode.l10n.t('workspace settings'), folder: (name: string) => vscode.l10n.t("settings of folder '{0}'", name) };
    // A server of .vscode/mcp.json says so (not "workspace settings").
    const servers = requests.map((r) => ({ ...summarize(r, labels), ...(r.definition.definedIn ? { where: r.definition.definedIn } : {}) }));
    const detail = consentDetail(servers);
    const choice = await this.answers.decide<ConsentChoice>({ kind: 'workspaceConsent', servers, detail }, () => askUser(servers, detail));
    return servers.map((s) => {
      if (choice === undefined) return 'dismissed';
      if (choice === 'all') return 'allow';
      if (choice === 'none') return 'deny';
      return choice.includes(s.name) ? 'allow' : 'deny';
    });
  }
}

/** What the dialog says below its title: each server, the advice, and what each answer does. */
function consentDetail(servers: ConsentSummary[]): string {
  const lines = servers.flatMap((s) => [
    `${s.name} (${s.where}):`,
    ...(s.askedAgain ? [`    ${askedAgainLine(s.askedAgain)}`] : []),
    `    ${s.runs}`,
    ...s.facts.map((f) => `    ${f}`),
    '',
  ]);
  return [
    ...lines,
    vscode.l10n.t('Only allow servers from repositories you trust. You will be asked again if any of its settings (or its env file) changes.'),
    '',
    // Issue 25: "Don't Allow" and the dialog's own "Cancel" looked the same.
    vscode.l10n.t('Don’t Allow: not started, and remembered; Start in the Servers view asks again.'),
    vscode.l10n.t('Cancel: nothing is decided; you are asked again the next time it starts.'),
  ].join('\n');
}

async function askUser(servers: ConsentSummary[], detail: string): Promise<ConsentChoice> {
  const one = servers.length === 1;
  const allow = one ? vscode.l10n.t('Allow') : vscode.l10n.t('Allow All');
  const choose = vscode.l10n.t('Choose…');
  const dontAllow = vscode.l10n.t('Don’t Allow');
  const title = one
    ? vscode.l10n.t("Start the MCP server '{0}' from this workspace?", servers[0]!.name)
    : vscode.l10n.t('Start {0} MCP servers from this workspace?', servers.length);
  const buttons = one ? [allow, dontAllow] : [allow, choose, dontAllow];
  const picked = await vscode.window.showWarningMessage(title, { modal: true, detail }, ...buttons);
  if (picked === allow) return 'all';
  if (picked === dontAllow) return 'none';
  if (picked !== choose) return undefined;
  const items = servers.map((s) => ({
    label: s.name,
    description: s.askedAgain ? `${s.where} · ${askedAgainLine(s.askedAgain)}` : s.where,
    detail: [s.runs, ...s.facts].join(' · '),
    picked: false,
  }));
  const chosen = await vscode.window.showQuickPick(items, {
    canPickMany: true,
    ignoreFocusOut: true,
    title: vscode.l10n.t('Workspace MCP servers to allow'),
    placeHolder: vscode.l10n.t('Select the servers to start; the others are declined (Start asks again).'),
  });
  return chosen === undefined ? undefined : chosen.map((c) => c.label);
}

/** Why a server is asked about again, in the question itself. */
function askedAgainLine(why: NonNullable<ConsentSummary['askedAgain']>): string {
  if ('upgraded' in why) {
    return vscode.l10n.t('Asked again: you allowed it before MCP Client asked about every setting of a server (oauth, dev, envFile, timeouts…), not only its command.');
  }
  return vscode.l10n.t('Asked again: changed since you allowed it: {0}.', why.changed.join(', '));
}
