// A server's skills against the skills fixture (real server, both checks of the SDK's SkillsClient):
// listing reads no file; loading reads SKILL.md first and the other files only after it passed; a file
// that does not match its entry is refused with a sentence that says which check failed.
import * as assert from 'node:assert/strict';
import { SkillVerificationError } from '@modelcontextprotocol/client/ext/skills';
import { describeSkillFailure, skillName, SkillLoadError } from '../../../../src/mcp/skills/serverSkills';
import { definition, newSession, sessionForSuite, stdio, textOf } from '../../helpers';

describe('server skills', function () {
  this.timeout(30_000);
  const session = sessionForSuite(definition('skills', stdio('skillsFixture')));
  const plain = sessionForSuite(definition('plain', stdio('fixtureServer')));
  const reads = async () => JSON.parse(textOf(await session().callTool({ name: 'skill_reads', arguments: {} }))) as string[];

  it('lists every skill without reading a file', async () => {
    const before = (await reads()).length;
    const { skills, invalid } = await session().listSkills();
    assert.deepEqual(skills.map(skillName).sort(), ['dynamic-notes', 'impostor', 'pdf-forms', 'tampered']);
    assert.deepEqual(invalid, []);
    assert.equal((await reads()).length, before);
  });

  it('lists nothing for a server without the skills extension', async () => {
    assert.deepEqual(await plain().listSkills(), { skills: [], invalid: [] });
  });

  it('loads a skill whose files match their entry: SKILL.md first, then the listed files', async () => {
    const skill = (await session().listSkills()).skills.find((s) => skillName(s) === 'pdf-forms')!;
    const before = (await reads()).length;
    const loaded = await session().loadSkill(skill);
    assert.match(JSON.stringify(loaded.manifest), /# PDF forms/);
    assert.deepEqual(loaded.files.map((f) => [f.uri, f.refused]), [['skill://pdf-forms/references/FORMS.md', undefined]]);
    assert.match(JSON.stringify(loaded.files[0]!.file), /Every field has a name and a type/);
    assert.deepEqual((await reads()).slice(before), ['skill://pdf-forms/SKILL.md', 'skill://pdf-forms/references/FORMS.md']);
  });

  it('refuses a listed file whose digest does not match, and keeps the rest', async () => {
    const skill = (await session().listSkills()).skills.find((s) => skillName(s) === 'tampered')!;
    const loaded = await session().loadSkill(skill);
    assert.equal(loaded.files.length, 1);
    assert.equal(loaded.files[0]!.file, undefined);
    assert.match(loaded.files[0]!.refused!, /^skill:\/\/tampered\/references\/DATA\.md was refused: its digest does not match the skill's entry\. /);
  });

  it('refuses a skill whose SKILL.md frontmatter differs from its entry, and reads nothing else', async () => {
    const skill = (await session().listSkills()).skills.find((s) => skillName(s) === 'impostor')!;
    const before = (await reads()).length;
    const error = await session().loadSkill(skill).then(() => undefined, (e: unknown) => e);
    assert.match(String((error as Error).message), /The skill 'impostor' was not loaded: skill:\/\/impostor\/SKILL\.md was refused: its frontmatter does not match the skill's entry\./);
    assert.deepEqual((await reads()).slice(before), ['skill://impostor/SKILL.md']);
    const load = (error as Error).cause;
    assert.ok(load instanceof SkillLoadError && load.cause instanceof SkillVerificationError, 'the check that failed is kept as the cause');
  });

  it('reads the files from the server at every load, never from a cache', async () => {
    const skill = (await session().listSkills()).skills.find((s) => skillName(s) === 'pdf-forms')!;
    await session().loadSkill(skill);
    const before = (await reads()).length;
    await session().loadSkill(skill);
    assert.deepEqual((await reads()).slice(before), ['skill://pdf-forms/SKILL.md', 'skill://pdf-forms/references/FORMS.md']);
  });

  it('loads a "dynamic" skill: its SKILL.md only, unverified, and nothing else', async () => {
    const skill = (await session().listSkills()).skills.find((s) => skillName(s) === 'dynamic-notes')!;
    const before = (await reads()).length;
    const loaded = await session().loadSkill(skill);
    assert.equal(loaded.manifest.verified, false);
    assert.match(loaded.manifest.text ?? '', /THE END\n$/);
    assert.deepEqual(loaded.files, []);
    assert.deepEqual((await reads()).slice(before), ['skill://dynamic-notes/SKILL.md']);
  });

  it('lists the valid skills of a listing with invalid entries, and names each invalid one by its URI or position', async () => {
    const odd = newSession(definition('invalid-skills', stdio('invalidSkillsServer')));
    try {
      await odd.start();
      const { skills, invalid } = await odd.listSkills();
      assert.deepEqual(skills.map(skillName), ['notes', 'checklist']);
      assert.equal(invalid.length, 2, invalid.join('\n'));
      assert.equal(invalid[0], 'skill://wrong-folder/SKILL.md: frontmatter name "other-name" must match the last path segment "wrong-folder"');
      assert.match(invalid[1]!, /^entry 2: uri: \S/, 'an entry without a URI is named by its position in the listing');
    } finally {
      await odd.shutdown();
    }
  });

  it("names a skill by its frontmatter, else by its folder", () => {
    assert.equal(skillName({ uri: 'skill://x/pdf/SKILL.md', frontmatter: { name: 'pdf-tools' } } as never), 'pdf-tools');
    assert.equal(skillName({ uri: 'skill://x/pdf/SKILL.md', frontmatter: { name: '' } } as never), 'pdf');
    assert.equal(skillName({ uri: 'skill://x/pdf/skill.md' } as never), 'pdf');
    assert.equal(skillName({ uri: 'skill://x/notes.md', frontmatter: { name: 7 } } as never), 'notes.md');
    assert.equal(skillName({ uri: 'skill://x/pdf/SKILL.md.orig' } as never), 'SKILL.md.orig', 'only a URI that ends in SKILL.md loses it');
  });

  it('says which check refused a file, with the differences its message does not already name', () => {
    const uri = 'skill://a/references/x.md';
    assert.equal(describeSkillFailure(new SkillVerificationError('size', uri, 'size 3, expected 4')), `${uri} was refused: its size does not match the skill's entry. size 3, expected 4`);
    assert.equal(describeSkillFailure(new SkillVerificationError('unlisted', uri, 'not listed')), `${uri} was refused: the skill's entry does not list it. not listed`);
    assert.equal(
      describeSkillFailure(new SkillVerificationError('frontmatter', uri, 'frontmatter differs: name', ['name: a ≠ b', 'name'])),
      `${uri} was refused: its frontmatter does not match the skill's entry. frontmatter differs: name (name: a ≠ b; name)`,
    );
    assert.equal(
      describeSkillFailure(new SkillVerificationError('frontmatter', uri, 'frontmatter differs: name: a ≠ b', ['name: a ≠ b'])),
      `${uri} was refused: its frontmatter does not match the skill's entry. frontmatter differs: name: a ≠ b`,
      'no differences repeated',
    );
  });

  it('describes other failures by their message', () => {
    assert.equal(describeSkillFailure(new Error('resources/read failed')), 'resources/read failed');
    assert.equal(describeSkillFailure('plain'), 'plain');
    assert.equal(describeSkillFailure(undefined), 'undefined');
    const error = new SkillLoadError('m', 'skill://a/SKILL.md', 'digest');
    assert.deepEqual([error.name, error.uri, error.reason], ['SkillLoadError', 'skill://a/SKILL.md', 'digest']);
  });
});
