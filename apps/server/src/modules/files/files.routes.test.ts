import { DOCUMENT_DOWNLOAD_PATH, ROLE_IDS } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createUser,
  multipart,
  postMultipart,
  type Session,
  signIn,
  type TestApp,
  TINY_PNG,
} from '../../../test/app.ts';
import { newId } from '../../platform/ids.ts';
import { files } from './files.table.ts';

/**
 * `document/download` is for the login page's logo and the avatars. A file that belongs to an object
 * (a diagnosis attachment, a goal task's file, a progress report's file, a generated report, a chunked
 * upload) is served only by that object's own route, after its check: here it is refused to everyone,
 * the uploader included, exactly as a missing file is.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let strangers: Array<{ who: string; session: Session }>;
const owned: Record<string, string> = {};

const download = (attachmentId: string, session?: Session) =>
  t.app.inject({
    method: 'GET',
    url: DOCUMENT_DOWNLOAD_PATH,
    query: { attachmentId },
    headers: session ? { cookie: session.cookie } : {},
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { roles: [ROLE_IDS.targetTaskPrincipal, ROLE_IDS.diagnosisObject] });
  const noMenus = await createUser(t, { roles: [] });
  const otherHead = await createUser(t, { roles: [ROLE_IDS.targetTaskDepartPrincipal], heads: true });
  const expert = await createUser(t, { roles: [ROLE_IDS.outsideExpert] });
  strangers = [
    { who: 'a user with no menus', session: await signIn(t, noMenus.account, noMenus.password) },
    {
      who: 'the head of another department',
      session: await signIn(t, otherHead.account, otherHead.password),
    },
    { who: 'an outside expert', session: await signIn(t, expert.account, expert.password) },
    { who: 'the uploader himself', session: await signIn(t, owner.account, owner.password) },
  ];
  for (const kind of ['诊断附件', '目标任务附件', '进度附件', '目标报告', '分片上传']) {
    const id = newId();
    await t.db.insert(files).values({
      id,
      name: `${kind}.docx`,
      mime: 'application/octet-stream',
      size: 4,
      storageKey: `files/${id}`,
      ownerUserId: owner.id,
    });
    owned[kind] = id;
  }
});
afterAll(() => t.close());

describe('document/download', () => {
  it.each(['诊断附件', '目标任务附件', '进度附件', '目标报告', '分片上传'])(
    'refuses a %s to every caller, as if it did not exist',
    async (kind) => {
      const id = owned[kind]!;
      for (const { who, session } of strangers) {
        const answer = await download(id, session);
        expect(answer.statusCode, who).toBe(404);
        expect(answer.json().meta.message, who).toBe('附件不存在');
      }
      expect((await download(id)).statusCode).toBe(404);
    },
  );

  it('serves a current avatar to signed-in users only, and the logo to anyone', async () => {
    const [stranger] = strangers;
    const me = await signIn(t, owner.account, owner.password);
    const changed = await postMultipart(
      t,
      me,
      '/api/user/users/portraitChange',
      multipart({ name: 'me.png', bytes: TINY_PNG, type: 'image/png' }),
    );
    const avatarUrl = new URL(changed.json().data.displayPhoto as string, 'http://x');
    const avatarId = avatarUrl.searchParams.get('attachmentId')!;
    const seen = await download(avatarId, stranger!.session);
    expect(seen.statusCode, `${changed.body} ${seen.body}`).toBe(200);
    expect((await download(avatarId)).statusCode).toBe(404);

    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const logo = multipart({ name: 'logo.png', bytes: TINY_PNG, type: 'image/png' });
    const uploaded = await postMultipart(t, admin, '/api/user/systemSetting/001/logo', logo);
    const logoId = uploaded.json().data.logoAttachment.id as string;
    expect((await download(logoId)).statusCode).toBe(200);
  });
});
