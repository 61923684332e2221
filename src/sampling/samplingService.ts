// Answers a server's sampling/createMessage with a vscode.lm model, only with the user's consent:
// rate limit, approval (per-server setting mcpClient.sampling.approval: ask / allow / deny; "Always
// Allow" writes it), model choice (modelChoice.ts), the request, optional review of the answer, and
// a log entry. Failures go back as JSON-RPC errors the server understands (-1 for a user's refusal,
// as the spec's example does); the user hears once per server that no model is available, or in the one
// notification of the tool call the request came from.
import { ProtocolError, type CreateMessageRequestParams, type CreateMessageResult, type CreateMessageResultWithTools } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { SettingKeys } from '../common/settingKeys';
import type { UserAnswers } from '../common/userAnswers';
import { attachToUserCall } from '../common/userCalls';
import { showWarning } from '../common/userMessages';
import type { ServerDefinition } from '../mcp/serverDefinition';
import { grantKey } from '../mcp/serverIdentity';
import { chooseModel } from './modelChoice';
import type { SamplingHandler } from './samplingCapability';
import type { SamplingLog, SamplingLogEntry } from './samplingLog';
import { describeMessages, toChatMessages, toChatTools } from './samplingMessages';
import { askApproval, askReview, type Approval } from './samplingDialogs';
import { l10n } from '../common/shownL10n';
import { shownArg } from '../common/serverText';

const USER_REJECTED = -1;
/** Global-state key of workspace servers' sampling permissions, by identity. */
const SAMPLING_GRANTS = 'mcpClient.grants.sampling';
const INTERNAL_ERROR = -32603;

export class SamplingService implements SamplingHandler {
  private readonly recent = new Map<string, number[]>();
  private readonly toldNoModel = new Set<string>();

  constructor(
    private readonly answers: UserAnswers,
    private readonly log: SamplingLog,
    private readonly grants: vscode.Memento,
    private readonly showFullRequest: (markdown: string, server: string) => Promise<unknown>,
  ) {}

  async createMessage(definition: ServerDefinition, params: CreateMessageRequestParams, signal: AbortSignal): Promise<CreateMessageResult | CreateMessageResultWithTools> {
    const server = definition.name;
    const config = vscode.workspace.getConfiguration();
    const entry: SamplingLogEntry = { time: new Date(), systemPrompt: params.systemPrompt, messages: describeMessages(params), maxTokens: params.maxTokens, outcome: 'failed' };
    try {
      this.admit(server, config.get<number>(SettingKeys.samplingMaxRequestsPerMinute, 10));
    } catch (error) {
      this.log.add(server, { ...entry, outcome: 'rate-limited', error: (error as Error).message });
      throw error;
    }
    const models = await vscode.lm.selectChatModels();
    const choice = chooseModel(models.map((m) => ({ id: m.id, family: m.family, name: m.name, vendor: m.vendor, maxInputTokens: m.maxInputTokens, model: m, toolCalling: toolCalling(m) })), {
      allow: userSetting<Record<string, string[]>>(config, SettingKeys.samplingModels)?.[server],
      preferences: params.modelPreferences,
      needsTools: !!toChatTools(params),
    });
    if ('error' in choice) {
      this.log.add(server, { ...entry, error: choice.error });
      // Inside a call the user started, the reason joins that call's one notification; otherwise the user
      // hears it once per server.
      const message = l10n.t("'{0}' asked for a model completion, but {1}", shownArg(server), shownArg(`${choice.error[0]!.toLowerCase()}${choice.error.slice(1)}`));
      if (!attachToUserCall(server, message) && !this.toldNoModel.has(server)) {
        this.toldNoModel.add(server);
        void showWarning(message);
      }
      throw protocolError(INTERNAL_ERROR, `Sampling is not available: ${choice.error}`);
    }
    const model = choice.model.model;
    if (!(await this.approved(definition, params, model.name, config))) {
      this.log.add(server, { ...entry, outcome: 'denied', model: model.id });
      throw protocolError(USER_REJECTED, 'User rejected sampling request');
    }
    const source = new vscode.CancellationTokenSource();
    const abort = () => source.cancel();
    signal.addEventListener('abort', abort);
    // Withdrawn while the approval dialog was open (a cancelled task): the model is not asked.
    if (signal.aborted) source.cancel();
    try {
      const tools = toChatTools(params);
      const response = await model.sendRequest(
        toChatMessages(params),
        {
          justification: vscode.l10n.t("The MCP server '{0}' asked for a completion and you allowed it.", server),
          tools,
          toolMode: tools && params.toolChoice?.mode === 'required' ? vscode.LanguageModelChatToolMode.Required : undefined,
          modelOptions: { maxTokens: params.maxTokens, temperature: params.temperature, stopSequences: params.stopSequences },
        },
        source.token,
      );
      let text = '';
      const toolUses: { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }[] = [];
      for await (const part of response.stream) {
        if (part instanceof vscode.LanguageModelTextPart) text += part.value;
        else if (part instanceof vscode.LanguageModelToolCallPart) toolUses.push({ type: 'tool_use', id: part.callId, name: part.name, input: part.input as Record<string, unknown> });
      }
      if (toolUses.length) {
        this.log.add(server, { ...entry, outcome: 'answered', model: model.id, response: `${text}\n[tool calls: ${toolUses.map((t) => t.name).join(', ')}]` });
        const content = [...(text ? [{ type: 'text' as const, text }] : []), ...toolUses];
        return { role: 'assistant', content, model: model.id, stopReason: 'toolUse' };
      }
      if (config.get<boolean>(SettingKeys.samplingReviewResponses, false)) {
        const reviewed = await this.answers.decide<string | undefined>({ kind: 'sampling.review', server, response: text }, () => askReview(server, text));
        if (reviewed === undefined) {
          this.log.add(server, { ...entry, outcome: 'denied', model: model.id, response: text });
          throw protocolError(USER_REJECTED, 'User rejected the sampled response');
        }
        text = reviewed;
      }
      this.log.add(server, { ...entry, outcome: 'answered', model: model.id, response: text });
      return { role: 'assistant', content: { type: 'text', text }, model: model.id, stopReason: 'endTurn' };
    } catch (error) {
      if ((error as { code?: unknown }).code === USER_REJECTED) throw error;
      const reason = signal.aborted ? 'The server cancelled the request.' : error instanceof vscode.LanguageModelError ? `${error.message} (${error.code})` : (error as Error).message;
      this.log.add(server, { ...entry, model: model.id, error: reason });
      throw protocolError(INTERNAL_ERROR, `The language model could not answer: ${reason}`);
    } finally {
      signal.removeEventListener('abort', abort);
      source.dispose();
    }
  }

  /**
   * The user's settings name their own servers: `mcpClient.sampling.approval` applies to user servers
   * only. A workspace server's "Always Allow" is kept by its identity (trust/grantKey.ts), so a
   * repository's server that takes a user server's name does not inherit its permission.
   */
  private async approved(definition: ServerDefinition, params: CreateMessageRequestParams, modelName: string, config: vscode.WorkspaceConfiguration): Promise<boolean> {
    const server = definition.name;
    const key = grantKey(definition);
    const policy =
      definition.scope === 'user'
        ? (userSetting<Record<string, string>>(config, SettingKeys.samplingApproval)?.[server] ?? 'ask')
        : (this.grants.get<Record<string, string>>(SAMPLING_GRANTS)?.[key] ?? 'ask');
    if (policy === 'allow') return true;
    if (policy === 'deny') return false;
    const question = { kind: 'sampling.approve', server, systemPrompt: params.systemPrompt, messages: describeMessages(params), maxTokens: params.maxTokens, model: modelName };
    const answer = await this.answers.decide<Approval>(question, () => askApproval(question, (markdown) => this.showFullRequest(markdown, server)));
    if (answer === 'always' && definition.scope === 'user') {
      const current = config.inspect<Record<string, string>>(SettingKeys.samplingApproval)?.globalValue ?? {};
      await config.update(SettingKeys.samplingApproval, { ...current, [server]: 'allow' }, vscode.ConfigurationTarget.Global);
    } else if (answer === 'always') {
      await this.grants.update(SAMPLING_GRANTS, { ...this.grants.get<Record<string, string>>(SAMPLING_GRANTS), [key]: 'allow' });
    }
    return answer === 'once' || answer === 'always';
  }

  /** At most `perMinute` requests per server in any 60 s. */
  private admit(server: string, perMinute: number): void {
    const now = Date.now();
    const times = (this.recent.get(server) ?? []).filter((t) => now - t < 60_000);
    if (times.length >= perMinute) throw protocolError(INTERNAL_ERROR, `Too many sampling requests: at most ${perMinute} a minute (setting ${SettingKeys.samplingMaxRequestsPerMinute}).`);
    times.push(now);
    this.recent.set(server, times);
  }
}

/** Permissions come from the user's settings only: a repository's workspace settings cannot grant them. */
function userSetting<T>(config: vscode.WorkspaceConfiguration, key: string): T | undefined {
  return config.inspect<T>(key)?.globalValue;
}

function toolCalling(model: vscode.LanguageModelChat): boolean | undefined {
  return (model as { capabilities?: { supportsToolCalling?: boolean } }).capabilities?.supportsToolCalling;
}

function protocolError(code: number, message: string): Error {
  return new ProtocolError(code, message);
}
