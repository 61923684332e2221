// "Update Server": an installed registry server to the latest version in one action. What the user
// answered at install time is read back from the settings (see updateEntry.ts), so only a value the new
// version adds and requires is asked. The server restarts with the new settings like any changed server;
// a workspace server asks for consent again, since its command changed.
import * as vscode from 'vscode';
import { showError, showInfo } from '../common/userMessages';
import type { InstallServices } from './installFlow';
import { askQuestion } from './askQuestion';
import { installOptions } from './installOptions';
import { writeServer, type InstalledServer } from './installedServers';
import type { RegistryClient } from './registryClient';
import type { RegistryEntry } from './serverJson';
import { questionsFor, toSettingsEntry } from './toSettingsEntry';
import { mergeUpdate, newDestination, questionsToAsk, recoverAnswers, secretsToAskAgain, updateAnswers } from './updateEntry';
import { l10n } from '../common/shownL10n';
import { shownArg, shownLine, TextCaps } from '../common/serverText';

/** Updates `installed` to `latest` (fetched when not given); resolves with the new version, or undefined when cancelled or failed. */
export async function updateServer(services: InstallServices, client: RegistryClient, installed: InstalledServer, latest?: RegistryEntry): Promise<string | undefined> {
  const origin = installed.registry;
  let previous: RegistryEntry | undefined;
  try {
    latest ??= await client.version(origin.name);
    // The installed version's document tells converted values from the user's answers; a registry that
    // no longer has it still leaves environment variables and headers to go by.
    previous = await client.version(origin.name, origin.version).catch(() => undefined);
  } catch (error) {
    const retry = l10n.t('Retry');
    void showError(l10n.t("could not update '{0}': {1}", shownArg(installed.name), shownArg((error as Error).message)), retry).then((c) => c && updateServer(services, client, installed));
    return undefined;
  }
  const runnable = installOptions(latest.server).filter((o) => !o.unsupported);
  const option = runnable.find((o) => o.kind === origin.package) ?? runnable[0];
  if (!option) {
    void showError(l10n.t("{0} {1} cannot be installed here; '{2}' stays at {3}.", shownArg(latest.server.name), shownArg(latest.server.version), shownArg(installed.name), shownArg(origin.version)));
    return undefined;
  }
  const previousOption = previous && installOptions(previous.server).find((o) => !o.unsupported && o.kind === origin.package);
  const recovered = recoverAnswers({ stored: installed.entry, server: previous?.server, option: previousOption });
  const fresh = new Map<string, string>();
  const questions = questionsFor(latest.server, option);
  // A new version that connects elsewhere (or runs another package) does not take the stored secrets along
  // unseen: they are asked again, the step naming where they would go.
  const draft = toSettingsEntry(latest.server, option, updateAnswers(recovered, fresh), { registryUrl: origin.url, inputPrefix: installed.name, inputIds: recovered.inputIds });
  const moved = newDestination(installed.entry, option, draft.entry);
  const again = moved ? secretsToAskAgain(questions, recovered) : [];
  for (const question of again) {
    recovered.answers.delete(question.key);
    recovered.inputIds.delete(question.key);
  }
  const toAsk = [...again, ...questionsToAsk(questions, recovered).filter((q) => !again.includes(q))];
  for (const [i, question] of toAsk.entries()) {
    const title = again.includes(question)
      ? l10n.t("Update '{0}' to {1}: it now sends {2} to {3}, not where you gave it; enter it again to agree", shownLine(installed.name), shownLine(latest.server.version), shownLine(question.title), shownLine(moved, TextCaps.rowDescription))
      : l10n.t("Update '{0}' to {1}", shownLine(installed.name), shownLine(latest.server.version));
    const step = { title, step: i + 1, totalSteps: toAsk.length };
    const answer = await services.answers.decide({ kind: 'registryQuestion', key: question.key, secret: question.secret, required: question.required, ...(again.includes(question) ? { movedTo: moved } : {}) }, () => askQuestion(question, step));
    if (typeof answer !== 'string') return undefined;
    fresh.set(question.key, answer);
  }
  const converted = toSettingsEntry(latest.server, option, updateAnswers(recovered, fresh), { registryUrl: origin.url, inputPrefix: installed.name, inputIds: recovered.inputIds });
  for (const secret of converted.secrets) if (fresh.has(secret.key)) await services.inputs.set(secret.id, fresh.get(secret.key)!);
  await writeServer(installed.scope, installed.name, mergeUpdate(installed.entry, converted.entry, recovered.template), converted.secrets);
  const updated = vscode.l10n.t("updated '{0}' from {1} to {2}.", installed.name, origin.version, latest.server.version);
  const how = option.kind === origin.package ? '' : ` ${vscode.l10n.t('It now runs as {0} (its {1} package is gone).', option.label, origin.package)}`;
  void showInfo(shownArg(updated + how));
  return latest.server.version;
}
