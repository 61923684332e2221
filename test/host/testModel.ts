// The test-only language models (test/fixtures/extensions/test-lm/extension.js) as the host suites read them:
// every request each model received, as plain data, and the state that steers their answers. Typed once here.
import * as vscode from 'vscode';
import { TEST_MODEL_EXTENSION_ID } from './helpers';

/** One part of a message, as the test models record it (exactly one of the fields is set). */
export interface RecordedPart {
  text?: string;
  toolCall?: { callId: string; name: string; input: unknown };
  toolResult?: { callId: string; text: string };
  mimeType?: string;
  /** Base64. */
  data?: string;
  unknown?: string;
}

export interface RecordedRequest {
  model: string;
  /** The names of the tools the request offered. */
  tools: string[];
  messages: { role: 'user' | 'assistant'; parts: RecordedPart[] }[];
}

export interface TestModel {
  requests: RecordedRequest[];
  reply: string[];
  state: {
    reply: string[];
    cancelled: number;
    /** Tool calls the tool-calling model answers with, in turn, while a request offers tools. */
    toolCalls: { name: string; input: unknown }[];
    calls: number;
    offline: boolean;
    setOffline(offline: boolean): void;
  };
}

export async function testModel(): Promise<TestModel> {
  return vscode.extensions.getExtension<TestModel>(TEST_MODEL_EXTENSION_ID)!.activate();
}

/** The tool results the last message of a request carried, as text. */
export const toolResults = (request: RecordedRequest | undefined): string[] =>
  (request?.messages.at(-1)?.parts ?? []).flatMap((p) => (p.toolResult ? [p.toolResult.text] : []));
