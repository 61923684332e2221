// What @mcp wrote into its last few responses, as plain data. VS Code offers no API to read a chat
// transcript, so the host tests read this (through a test hook, src/activation/testHooks.ts) to check
// that the model's answer was streamed into the chat. It keeps only the last responses of this window,
// in memory.
import type * as vscode from 'vscode';
import type { ChatOutput } from './lmMessages';

export interface RecordedResponse {
  command?: string;
  prompt: string;
  /** Each markdown() call, in order (the model's answer arrives as several). */
  markdown: string[];
  references: string[];
  buttons: string[];
  progress: string[];
}

const KEEP = 10;

export class ResponseLog {
  private readonly responses: RecordedResponse[] = [];

  /** A stream that writes to `stream` and records what it writes. */
  record(request: Pick<vscode.ChatRequest, 'command' | 'prompt'>, stream: vscode.ChatResponseStream): ChatOutput {
    const entry: RecordedResponse = { command: request.command, prompt: request.prompt, markdown: [], references: [], buttons: [], progress: [] };
    this.responses.push(entry);
    if (this.responses.length > KEEP) this.responses.shift();
    return {
      markdown: (value) => {
        entry.markdown.push(typeof value === 'string' ? value : value.value);
        stream.markdown(value);
      },
      progress: (value) => {
        entry.progress.push(value);
        stream.progress(value);
      },
      reference: (value, iconPath) => {
        entry.references.push('uri' in value ? value.uri.toString() : value.toString());
        stream.reference(value, iconPath);
      },
      button: (command) => {
        entry.buttons.push(command.title);
        stream.button(command);
      },
    };
  }

  entries(): RecordedResponse[] {
    return this.responses.map((r) => ({ ...r }));
  }
}
