// Dev mode (VS Code mcp.json's `dev` key), wired once: the watchers that restart servers on file changes,
// the note the Servers view shows for them, and the debugger step every start of a server goes through.
import * as vscode from 'vscode';
import type { Logger } from '../mcp/logger';
import type { ServerDefinition } from '../mcp/serverDefinition';
import type { SessionManager } from '../mcp/sessionManager';
import { withDebugger } from './debugLaunch';
import { DevWatchers } from './devWatchers';

export interface DevMode {
  /** For the Servers view (ServerNotes): "dev · restarted 2×" on servers in dev mode. */
  notes: {
    onDidChange: vscode.Event<void>;
    noteFor(name: string): { description: string; tooltip: string; mark: string } | undefined;
  };
  /** A file change restarted this server (the restart is done): saved calls rerun (src/workbench/tests/). */
  onDidRestart: vscode.Event<string>;
  /** The definition a start uses: under the debugger when `dev.debug` asks for it. */
  prepareStart(definition: ServerDefinition): Promise<ServerDefinition>;
  disposables: vscode.Disposable[];
}

export function registerDevMode(sessions: SessionManager, logger: (name: string) => Logger): DevMode {
  const watchers = new DevWatchers(sessions, logger);
  return {
    notes: {
      onDidChange: watchers.onDidChange,
      noteFor: (name) => {
        const dev = sessions.get(name)?.definition.dev;
        if (!dev) return undefined;
        const restarts = watchers.restartsOf(name);
        const debug = dev.debug ? vscode.l10n.t('debug: {0}', dev.debug.type) : undefined;
        const restarted = restarts?.count ? vscode.l10n.t('restarted {0}×', restarts.count) : undefined;
        const watching = watchNote(watchers.watchStateOf(name), dev.watch);
        const last = restarts?.lastFile ? vscode.l10n.t('last restart after {0} changed', restarts.lastFile) : undefined;
        return {
          description: [vscode.l10n.t('dev'), debug, restarted].filter(Boolean).join(' · '),
          tooltip: [vscode.l10n.t('Dev mode'), watching, debug, last].filter(Boolean).join('; '),
          mark: '⚙',
        };
      },
    },
    onDidRestart: watchers.onDidRestart,
    prepareStart: (definition) => withDebugger(definition, logger(definition.name)),
    disposables: [watchers],
  };
}

/** What the tooltip says about `dev.watch`: watched, or why not yet. */
function watchNote(state: ReturnType<DevWatchers['watchStateOf']>, globs: readonly string[]): string | undefined {
  switch (state) {
    case 'watching':
      return vscode.l10n.t('watching {0}', globs.join(', '));
    case 'restricted':
      return vscode.l10n.t('not watching {0}: the workspace is in Restricted Mode', globs.join(', '));
    case 'notStarted':
      return vscode.l10n.t('not watching {0} yet: files are watched once the server has been allowed to start', globs.join(', '));
    default:
      return undefined;
  }
}
