// The tables of ids and keys (src/common/) against the manifest that declares them, and the manifest's
// strings against package.nls.json: a command, setting or view added on one side only fails here.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommandIds } from '../../../src/common/commandIds';
import { SettingKeys } from '../../../src/common/settingKeys';
import { CHAT_PARTICIPANT_ID, ViewIds } from '../../../src/common/viewIds';

const root = join(__dirname, '..', '..', '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const manifest = JSON.parse(read('package.json')) as {
  contributes: {
    commands: { command: string }[];
    configuration: { properties: Record<string, unknown> };
    views: Record<string, { id: string }[]>;
    chatParticipants: { id: string }[];
  };
};
const sorted = (values: Iterable<string>) => [...values].sort();

describe('the manifest and the tables of ids', () => {
  it('contributes exactly the commands of CommandIds', () => {
    assert.deepEqual(sorted(manifest.contributes.commands.map((c) => c.command)), sorted(Object.values(CommandIds)));
  });

  it('declares exactly the settings of SettingKeys', () => {
    assert.deepEqual(sorted(Object.keys(manifest.contributes.configuration.properties)), sorted(Object.values(SettingKeys)));
  });

  it('declares the views of ViewIds and the chat participant', () => {
    assert.deepEqual(sorted(Object.values(manifest.contributes.views).flat().map((v) => v.id)), sorted(Object.values(ViewIds)));
    assert.deepEqual(manifest.contributes.chatParticipants.map((p) => p.id), [CHAT_PARTICIPANT_ID]);
  });

  it('takes every user-facing string from package.nls.json, and that file holds no unused string', () => {
    const text = read('package.json');
    const used = new Set([...text.matchAll(/"%([^%"]+)%"/g)].map((m) => m[1]!));
    const strings = JSON.parse(read('package.nls.json')) as Record<string, string>;
    assert.ok(used.size > 50, `${used.size} strings referenced`);
    assert.deepEqual(sorted(used), sorted(Object.keys(strings)));
    for (const field of ['title', 'description', 'markdownDescription', 'contextualTitle', 'contents', 'fullName', 'displayName']) {
      // (Values starting with $ are snippet bodies, not text for people.)
      const plain = [...text.matchAll(new RegExp(`"${field}": "([^"%$][^"]*)"`, 'g'))].map((m) => m[1]);
      assert.deepEqual(plain, [], `"${field}" values written in package.json instead of package.nls.json`);
    }
  });
});
